import { fromRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import type { StoredInvitation } from './invitations.repository';

/**
 * How other modules name an invited reader beside their own rows (an access event, a digest's line),
 * one query for a page of rows instead of a join into this module's table
 * (docs/decisions/0085-modules-own-their-tables.md).
 */

/** The invitations of these ids, by id (ids with no invitation are absent). */
export async function findInvitationsByIds(
  db: ModuleExecutor<'invitations'>,
  ids: readonly string[],
): Promise<Map<string, StoredInvitation>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('invitations').selectAll().where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, fromRow(row)] as const));
}

/** The ids of the room's invitations of these addresses, revoked or not, any role. */
export async function listInvitationIdsOfAddresses(
  db: ModuleExecutor<'invitations'>,
  roomId: string,
  emails: readonly string[],
): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectFrom('invitations')
    .select('id')
    .where('room_id', '=', roomId)
    .where('email', 'in', emails)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The addresses of the room's investor invitations not withdrawn, for rooms' list of the room's investors
 * by address (its RoomInvitations port: invitations-of-rooms.ts).
 */
export async function listInvestorInvitationAddresses(
  db: ModuleExecutor<'invitations'>,
  roomId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('invitations')
    .select('email')
    .where('room_id', '=', roomId)
    .where('role', '=', 'investor')
    .where('revoked_at', 'is', null)
    .execute();
  return rows.map((row) => row.email);
}

/**
 * The name of the room's newest investor invitation of this address not withdrawn that names one, for
 * rooms' NDA gate (its RoomInvitations port: invitations-of-rooms.ts); null when none does.
 */
export async function findInvestorInvitationName(
  db: ModuleExecutor<'invitations'>,
  roomId: string,
  email: string,
): Promise<string | null> {
  const invited = await db
    .selectFrom('invitations')
    .select('name')
    .where('room_id', '=', roomId)
    .where('email', '=', email)
    .where('role', '=', 'investor')
    .where('revoked_at', 'is', null)
    .where('name', 'is not', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return invited?.name || null;
}
