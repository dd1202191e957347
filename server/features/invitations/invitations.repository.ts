import { type Entity, fromRow, toEpochMs, toRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import type { InvitationRow } from './invitations.tables';

export type StoredInvitation = Entity<InvitationRow>;
/** Investor invitations open the room to read; editor invitations make a co-founder (ADR 47). */
export type InvitationRole = InvitationRow['role'];

const toInvitation = (row: InvitationRow): StoredInvitation => fromRow(row);

/** Invitations of a room, of one role, that were not deleted by the founder, newest first. */
export async function listRoomInvitations(
  db: ModuleExecutor<'invitations'>,
  roomId: string,
  role: InvitationRole,
): Promise<StoredInvitation[]> {
  const rows = await db
    .selectFrom('invitations')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('role', '=', role)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toInvitation);
}

export async function findRoomInvitation(
  db: ModuleExecutor<'invitations'>,
  roomId: string,
  id: string,
  role: InvitationRole,
): Promise<StoredInvitation | undefined> {
  const row = await db
    .selectFrom('invitations')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('id', '=', id)
    .where('role', '=', role)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row && toInvitation(row);
}

/** The room's unaccepted, undeleted invitation for this e-mail, expired or not. */
export async function findOpenInvitation(
  db: ModuleExecutor<'invitations'>,
  roomId: string,
  email: string,
): Promise<StoredInvitation | undefined> {
  const row = await db
    .selectFrom('invitations')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row && toInvitation(row);
}

/**
 * Accepts every invitation of this e-mail that can still be accepted (unused, undeleted, unexpired)
 * and returns their rooms, with the role each gives. One conditional UPDATE: an invitation deleted a
 * moment before is not accepted, whatever the interleaving.
 */
export async function acceptPendingInvitations(
  db: ModuleExecutor<'invitations'>,
  email: string,
  now: Date,
): Promise<{ id: string; roomId: string; role: InvitationRole; name: string | null }[]> {
  const rows = await db
    .updateTable('invitations')
    .set({ used_at: toEpochMs(now) })
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', toEpochMs(now))
    .returning(['id', 'room_id', 'role', 'name'])
    .execute();
  return rows.map((row) => ({ id: row.id, roomId: row.room_id, role: row.role, name: row.name }));
}

/**
 * Accepts one investor invitation, when it can still be accepted: the invitation a proof of one room
 * names (its link, or the one a share link wrote), and no other of the address (ADR 74). Undefined when a
 * concurrent request accepted it first, or it was deleted or expired a moment before.
 */
export async function acceptInvestorInvitationRow(
  db: ModuleExecutor<'invitations'>,
  invitationId: string,
  now: Date,
): Promise<{ id: string; roomId: string; role: InvitationRole; name: string | null } | undefined> {
  const row = await db
    .updateTable('invitations')
    .set({ used_at: toEpochMs(now) })
    .where('id', '=', invitationId)
    .where('role', '=', 'investor')
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', toEpochMs(now))
    .returning(['id', 'room_id', 'role', 'name'])
    .executeTakeFirst();
  return row && { id: row.id, roomId: row.room_id, role: row.role, name: row.name };
}

/** Invitations created or refreshed for a room since a moment: the daily sending limit counts these. */
export async function countInvitationsSentSince(
  db: ModuleExecutor<'invitations'>,
  roomId: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('room_id', '=', roomId)
    .where('created_at', '>', toEpochMs(since))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Invitations for this e-mail that can still be accepted: unused, undeleted, unexpired. */
export async function listPendingInvitationsFor(
  db: ModuleExecutor<'invitations'>,
  email: string,
  now: Date,
): Promise<StoredInvitation[]> {
  const rows = await db
    .selectFrom('invitations')
    .selectAll()
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', toEpochMs(now))
    .execute();
  return rows.map(toInvitation);
}

export async function insertInvitation(
  db: ModuleExecutor<'invitations'>,
  invitation: StoredInvitation,
): Promise<void> {
  await db.insertInto('invitations').values(toRow<InvitationRow>(invitation)).execute();
}

export async function updateInvitation(
  db: ModuleExecutor<'invitations'>,
  id: string,
  changes: Partial<
    Pick<StoredInvitation, 'name' | 'personalMessage' | 'tokenHash' | 'createdAt' | 'expiresAt' | 'revokedAt'>
  >,
): Promise<void> {
  await db.updateTable('invitations').set(toRow<InvitationRow>(changes)).where('id', '=', id).execute();
}

export async function deleteInvitationRow(db: ModuleExecutor<'invitations'>, id: string): Promise<void> {
  await db.deleteFrom('invitations').where('id', '=', id).execute();
}

/** Puts a refreshed invitation back as it was, unless a later refresh already replaced our token. */
export async function restoreInvitation(
  db: ModuleExecutor<'invitations'>,
  previous: StoredInvitation,
  ourTokenHash: string,
): Promise<void> {
  await db
    .updateTable('invitations')
    .set(
      toRow<InvitationRow>({
        tokenHash: previous.tokenHash,
        createdAt: previous.createdAt,
        expiresAt: previous.expiresAt,
        name: previous.name,
        personalMessage: previous.personalMessage,
      }),
    )
    .where('id', '=', previous.id)
    .where('token_hash', '=', ourTokenHash)
    .execute();
}

/**
 * The investor invitation a link carries, while it can still be used: unaccepted, undeleted, unexpired.
 * An editor's invitation opens no invited view: a co-founder signs in.
 */
export async function findUsableInvitationByTokenHash(
  db: ModuleExecutor<'invitations'>,
  tokenHash: string,
  now: Date,
): Promise<StoredInvitation | undefined> {
  const row = await db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('role', '=', 'investor')
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', toEpochMs(now))
    .executeTakeFirst();
  return row && toInvitation(row);
}

/**
 * The investor invitation a link's token names, in whatever state: for saying why a link no longer
 * opens the room, and for accepting it. An editor's token is no link (its mail links to the sign-in page).
 */
export async function findInvestorInvitationByTokenHash(
  db: ModuleExecutor<'invitations'>,
  tokenHash: string,
): Promise<StoredInvitation | undefined> {
  const row = await db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('role', '=', 'investor')
    .executeTakeFirst();
  return row && toInvitation(row);
}

/**
 * Records that a founder removed this address from the room (ADR 74): every way in refuses it until a
 * founder invites the address again (forgetRemoval).
 */
export async function recordRemoval(
  db: ModuleExecutor<'invitations'>,
  removal: { roomId: string; email: string; removedBy: string; removedAt: Date },
): Promise<void> {
  await db
    .insertInto('room_removals')
    .values({
      room_id: removal.roomId,
      email: removal.email,
      removed_by: removal.removedBy,
      removed_at: toEpochMs(removal.removedAt),
    })
    .onConflict((oc) =>
      oc.columns(['room_id', 'email']).doUpdateSet({
        removed_by: removal.removedBy,
        removed_at: toEpochMs(removal.removedAt),
      }),
    )
    .execute();
}

/** A founder invited the address again: their removal no longer stands. */
export async function forgetRemoval(
  db: ModuleExecutor<'invitations'>,
  roomId: string,
  email: string,
): Promise<void> {
  await db.deleteFrom('room_removals').where('room_id', '=', roomId).where('email', '=', email).execute();
}

export async function isRemovedFromRoom(
  db: ModuleExecutor<'invitations'>,
  roomId: string,
  email: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('room_removals')
    .select('room_id')
    .where('room_id', '=', roomId)
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these addresses were removed from the room (and not invited again since), in one query. */
export async function listRemovedAddresses(
  db: ModuleExecutor<'invitations'>,
  roomId: string,
  emails: readonly string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('room_removals')
    .select('email')
    .where('room_id', '=', roomId)
    .where('email', 'in', [...emails])
    .execute();
  return new Set(rows.map((row) => row.email));
}
