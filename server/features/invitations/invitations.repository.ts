import type { Executor } from '../../db/columns';
import type { InvitationsTable } from '../../db/schema';

export type InvitationRow = InvitationsTable;

/** Invitations of a room that were not deleted by the founder, newest first. */
export async function listRoomInvitations(db: Executor, roomId: string): Promise<InvitationRow[]> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function findRoomInvitation(
  db: Executor,
  roomId: string,
  id: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** The room's unaccepted, undeleted invitation for this e-mail, expired or not. */
export async function findOpenInvitation(
  db: Executor,
  roomId: string,
  email: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Accepts every invitation of this e-mail that can still be accepted (unused, undeleted, unexpired)
 * and returns their rooms. One conditional UPDATE: an invitation deleted a moment before is not
 * accepted, whatever the interleaving.
 */
export async function acceptPendingInvitations(db: Executor, email: string, now: number): Promise<string[]> {
  const rows = await db
    .updateTable('invitations')
    .set({ used_at: now })
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('room_id')
    .execute();
  return rows.map((row) => row.room_id);
}

/** Invitations created or refreshed for a room since a moment: the daily sending limit counts these. */
export async function countInvitationsSentSince(
  db: Executor,
  roomId: string,
  since: number,
): Promise<number> {
  const row = await db
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('room_id', '=', roomId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Invitations for this e-mail that can still be accepted: unused, undeleted, unexpired. */
export async function listPendingInvitationsFor(
  db: Executor,
  email: string,
  now: number,
): Promise<InvitationRow[]> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

export async function insertInvitation(db: Executor, row: InvitationRow): Promise<void> {
  await db.insertInto('invitations').values(row).execute();
}

export async function updateInvitation(
  db: Executor,
  id: string,
  changes: Partial<
    Pick<InvitationRow, 'name' | 'token_hash' | 'created_at' | 'expires_at' | 'used_at' | 'revoked_at'>
  >,
): Promise<void> {
  await db.updateTable('invitations').set(changes).where('id', '=', id).execute();
}

export async function deleteInvitationRow(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('invitations').where('id', '=', id).execute();
}

/** Puts a refreshed invitation back as it was, unless a later refresh already replaced our token. */
export async function restoreInvitation(
  db: Executor,
  previous: InvitationRow,
  ourTokenHash: string,
): Promise<void> {
  await db
    .updateTable('invitations')
    .set({
      token_hash: previous.token_hash,
      created_at: previous.created_at,
      expires_at: previous.expires_at,
      name: previous.name,
    })
    .where('id', '=', previous.id)
    .where('token_hash', '=', ourTokenHash)
    .execute();
}

/** The invitation a link carries, while it can still be used: unaccepted, undeleted, unexpired. */
export async function findUsableInvitationByTokenHash(
  db: Executor,
  tokenHash: string,
  now: number,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}
