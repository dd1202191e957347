import crypto from 'node:crypto';
import type { DatabaseExecutor } from '#server/db/schema';
import { INVITATION_TTL_MS } from '#server/durations';
import { findUserByEmail } from '#server/features/accounts/index';
import { findOpenInvitation, insertInvitation, updateInvitation } from '#server/features/invitations/index';
import { isMemberOfRoom, placeInvestorFromLink } from '#server/features/rooms/index';
import { generateToken, hashToken } from '#server/security/tokens';

/**
 * The invitation a share link's reader is let in by (docs/decisions/0071-share-links.md): never mailed,
 * accepted at once by the proof just given (enterOneRoom: that invitation only, ADR 74) or by the magic
 * link an approval sends.
 */

/** Whether the address is in the room now: a member, or invited and still able to accept. */
export async function isAlreadyInRoom(
  db: DatabaseExecutor,
  roomId: string,
  email: string,
  now: Date,
): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  if (user && (await isMemberOfRoom(db, roomId, user.id))) return true;
  const open = await findOpenInvitation(db, roomId, email);
  return open !== undefined && open.expiresAt.getTime() > now.getTime();
}

/**
 * The address's investor invitation to the room that can still be accepted, if any: a reader already in
 * the room by a mailed invitation not yet opened enters by it (a co-founder's is never taken by a code).
 */
export async function pendingInvestorInvitationOf(
  db: DatabaseExecutor,
  roomId: string,
  email: string,
  now: Date,
): Promise<string | null> {
  const open = await findOpenInvitation(db, roomId, email);
  return open && open.role === 'investor' && open.expiresAt.getTime() > now.getTime() ? open.id : null;
}

/**
 * A pending investor invitation of the link's room for the address, in the link's group (an address
 * already placed keeps its group), and its id. The room's one open invitation per address, when it has
 * expired, is renewed rather than duplicated (the unique index allows one).
 */
export async function inviteFromLink(
  trx: DatabaseExecutor,
  link: { id: string; roomId: string; groupId: string; createdBy: string },
  email: string,
  now: Date,
): Promise<string> {
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const open = await findOpenInvitation(trx, link.roomId, email);
  let invitationId: string;
  if (open) {
    invitationId = open.id;
    if (open.expiresAt.getTime() <= now.getTime()) await updateInvitation(trx, open.id, { expiresAt });
  } else {
    invitationId = crypto.randomUUID();
    await insertInvitation(trx, {
      id: invitationId,
      roomId: link.roomId,
      email,
      name: null,
      tokenHash: hashToken(generateToken()),
      invitedBy: link.createdBy,
      createdAt: now,
      expiresAt,
      usedAt: null,
      revokedAt: null,
      role: 'investor',
      personalMessage: null,
    });
  }
  await placeInvestorFromLink(trx, link.roomId, email, { groupId: link.groupId, shareLinkId: link.id }, now);
  return invitationId;
}
