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
