import type { DatabaseExecutor } from '#server/db/schema';
import {
  endSession,
  findUserByEmail,
  type NewSession,
  recordLogin,
  startSession,
  type User,
} from '#server/features/accounts/index';
import { acceptInvestorInvitation, isRemovedFromRoom } from '#server/features/invitations/index';
import { addInvestor, isMemberOfRoom } from '#server/features/rooms/index';
import { createInvestorAccount } from './magic-links.service';

/**
 * The session on the device that presents a proof of one room, if any: a full session of the same
 * account is kept as it is (it proved more than the link does).
 */
export interface DeviceSession {
  sessionId: string;
  userId: string;
  onlyRoomId: string | null;
}

export type OneRoomEntry =
  | { state: 'entered'; user: User; session: NewSession | null }
  | { state: 'inactive' }
  | { state: 'not_accepted' }
  | { state: 'removed' };

/**
 * Lets the holder of a proof of one room in (docs/decisions/0074-a-proof-of-one-room.md): an invitation's
 * link, or a share-link code. A link the founder copied, or a code whose guessing budget is all that
 * stands behind it, proves that room and nothing about the mailbox, so this:
 * - accepts `invitationId` (the invitation the proof names) and no other invitation of the address, never
 *   a co-founder seat; without one, the address must already be a member of the room;
 * - creates an investor's account for a new address, and never ends the account's other sessions (it is
 *   not the address's first proof, ADR 20);
 * - signs this device in for that room only (session null: a full session of the same account already
 *   on the device is kept, as it proved the mailbox). Any other session on the device is ended: the
 *   person holding the proof is now the one reading.
 * Runs inside the proof's transaction.
 */
export async function enterOneRoom(
  trx: DatabaseExecutor,
  entry: { roomId: string; email: string; name: string | null; invitationId: string | null },
  now: Date,
  device: { userAgent: string | undefined; current: DeviceSession | null },
): Promise<OneRoomEntry> {
  if (await isRemovedFromRoom(trx, entry.roomId, entry.email)) return { state: 'removed' };
  let user = await findUserByEmail(trx, entry.email);
  if (!user && entry.invitationId !== null)
    user = await createInvestorAccount(trx, entry.email, entry.name, now);
  if (!user) return { state: 'not_accepted' };
  if (!user.isActive) return { state: 'inactive' };
  if (entry.invitationId !== null) {
    if (!(await acceptInvestorInvitation(trx, entry.invitationId, entry.email, now)))
      return { state: 'not_accepted' };
    await addInvestor(trx, entry.roomId, user.id, now);
  } else if (!(await isMemberOfRoom(trx, entry.roomId, user.id))) {
    return { state: 'not_accepted' };
  }
  await recordLogin(trx, user.id, now);
  const current = device.current;
  if (current && current.userId === user.id && current.onlyRoomId === null)
    return { state: 'entered', user: { ...user, lastLoginAt: now }, session: null };
  if (current) await endSession(trx, current.sessionId);
  const session = await startSession(trx, user.id, device.userAgent, { oneRoom: entry.roomId });
  return { state: 'entered', user: { ...user, lastLoginAt: now }, session };
}

/**
 * Lets a document link's proven reader read that one document (docs/decisions/0095-document-links.md):
 * the code proves entry to the document and nothing else, so this accepts no invitation, makes nobody a
 * member of the room and starts a session that reads the link's document only. A new address gets an
 * investor's account (as a share link's reader does), never a first proof of it (ADR 20). A full
 * session of the same account on the device stays live (it proved more), but this device now reads by
 * the link; any other session here is ended.
 */
export async function enterOneDocument(
  trx: DatabaseExecutor,
  entry: { roomId: string; email: string; shareLinkId: string },
  now: Date,
  device: { userAgent: string | undefined; current: DeviceSession | null },
): Promise<OneRoomEntry> {
  if (await isRemovedFromRoom(trx, entry.roomId, entry.email)) return { state: 'removed' };
  const user =
    (await findUserByEmail(trx, entry.email)) ?? (await createInvestorAccount(trx, entry.email, null, now));
  if (!user) return { state: 'not_accepted' };
  if (!user.isActive) return { state: 'inactive' };
  const current = device.current;
  if (current && !(current.userId === user.id && current.onlyRoomId === null))
    await endSession(trx, current.sessionId);
  const session = await startSession(trx, user.id, device.userAgent, {
    oneDocument: { roomId: entry.roomId, shareLinkId: entry.shareLinkId },
  });
  return { state: 'entered', user, session };
}
