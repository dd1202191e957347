import crypto from 'node:crypto';
import type { Invitation } from '../../../shared/contracts/invitations';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/columns';
import {
  INVITATION_TTL_MS,
  INVITATIONS_PER_ROOM_WINDOW_MS,
  INVITATIONS_RETRY_AFTER_MS,
} from '../../durations';
import { deliverOrUndo } from '../../mail/deliver';
import { invitationEmail } from '../../mail/templates';
import { HttpError } from '../../plugins/errors';
import { generateToken, hashToken } from '../../security/tokens';
import { findUserByEmail, type User } from '../accounts/accounts.service';
import {
  type InvitationLinks,
  isMemberOfRoom,
  removeInvestor,
  requireOwnedRoom,
} from '../room-content/room-content.service';
import {
  acceptPendingInvitations as acceptPendingInvitationRows,
  countInvitationsSentSince,
  deleteInvitationRow,
  findOpenInvitation,
  findRoomInvitation,
  findUsableInvitationByTokenHash,
  insertInvitation,
  listPendingInvitationsFor as listPendingInvitationRows,
  listRoomInvitations,
  restoreInvitation,
  type StoredInvitation,
  updateInvitation,
} from './invitations.repository';

/**
 * The invitations feature's public surface is this file: the sign-in flow (auth) and the admin
 * dashboard call it; the repository is private.
 */

/** Invitations for this e-mail that can still be accepted: unused, undeleted, unexpired. */
export async function listPendingInvitationsFor(
  db: Executor,
  email: string,
  now: Date,
): Promise<StoredInvitation[]> {
  return listPendingInvitationRows(db, email, now);
}

/**
 * Accepts every invitation of this e-mail that can still be accepted, in one conditional statement,
 * and returns their rooms: an invitation deleted a moment before is not accepted.
 */
export async function acceptPendingInvitations(db: Executor, email: string, now: Date): Promise<string[]> {
  return acceptPendingInvitationRows(db, email, now);
}

/** Room content's view of invitation links (the invited view), backed by this feature. */
export function invitationLinks(ctx: AppContext): InvitationLinks {
  return {
    async findUsable(token) {
      const invitation = await findUsableInvitationByTokenHash(ctx.db, hashToken(token), new Date());
      return invitation && { id: invitation.id, roomId: invitation.roomId, email: invitation.email };
    },
  };
}

function toInvitationView(invitation: StoredInvitation, now: Date): Invitation {
  const status =
    invitation.usedAt !== null ? 'accepted' : invitation.expiresAt <= now ? 'expired' : 'pending';
  return {
    id: invitation.id,
    email: invitation.email,
    name: invitation.name,
    status,
    used: invitation.usedAt !== null,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Invites an investor by e-mail. An open invitation for the same e-mail is refreshed (new link, new
 * expiry) rather than duplicated. The database is only left changed if the e-mail went out.
 */
export async function inviteInvestor(
  ctx: AppContext,
  owner: User,
  input: { email: string; name?: string | undefined },
): Promise<Invitation> {
  const room = await requireOwnedRoom(ctx, owner);
  if (input.email === owner.email) {
    throw new HttpError(400, 'invalid_request', 'email: you cannot invite yourself', { field: 'email' });
  }
  const invitee = await findUserByEmail(ctx.db, input.email);
  if (invitee && (await isMemberOfRoom(ctx.db, room.id, invitee.id))) {
    throw new HttpError(409, 'already_member', `${input.email} already has access to this data room.`);
  }
  // Sign-up is open, so invitations are a way to send mail from our domain: bound them per room.
  const limit = ctx.config.rateLimits.invitationsPerDay;
  const windowStart = new Date(Date.now() - INVITATIONS_PER_ROOM_WINDOW_MS);
  if ((await countInvitationsSentSince(ctx.db, room.id, windowStart)) >= limit) {
    throw new HttpError(
      429,
      'rate_limited',
      `You have sent ${limit} invitations in the last 24 hours, the most a data room can send. Please try again later.`,
      {},
      { 'retry-after': String(INVITATIONS_RETRY_AFTER_MS / 1000) },
    );
  }

  const token = generateToken();
  const now = new Date();
  const fresh = {
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
  };
  const name = input.name ? input.name : null;
  const saved = await saveOpenInvitation(ctx, room.id, owner.id, input.email, name, fresh);

  await deliverOrUndo(
    ctx,
    invitationEmail({
      to: input.email,
      inviteeName: saved.row.name,
      inviterName: owner.name,
      companyName: room.companyName,
      link: `${ctx.config.appUrl}/data-room?invite=${token}`,
      expiresAt: saved.row.expiresAt,
    }),
    saved.undo,
    'The invitation e-mail could not be sent. Nothing was saved; please try again.',
  );
  return toInvitationView(saved.row, now);
}

/**
 * Refreshes the room's open invitation for this e-mail, or creates one. A unique index allows one open
 * invitation per room and e-mail, so when a concurrent request creates it first, this one refreshes it.
 */
async function saveOpenInvitation(
  ctx: AppContext,
  roomId: string,
  invitedBy: string,
  email: string,
  name: string | null,
  fresh: Pick<StoredInvitation, 'tokenHash' | 'createdAt' | 'expiresAt'>,
): Promise<{ row: StoredInvitation; undo: () => Promise<void> }> {
  for (let attempt = 0; ; attempt++) {
    const open = await findOpenInvitation(ctx.db, roomId, email);
    if (open) {
      const row = { ...open, ...fresh, name: name ?? open.name };
      await updateInvitation(ctx.db, open.id, { ...fresh, name: row.name });
      return { row, undo: () => restoreInvitation(ctx.db, open, fresh.tokenHash) };
    }
    const row: StoredInvitation = {
      id: crypto.randomUUID(),
      roomId,
      email,
      name,
      invitedBy,
      usedAt: null,
      revokedAt: null,
      ...fresh,
    };
    try {
      await insertInvitation(ctx.db, row);
      return { row, undo: () => deleteInvitationRow(ctx.db, row.id) };
    } catch (error) {
      if (attempt > 0 || !(await findOpenInvitation(ctx.db, roomId, email))) throw error;
    }
  }
}

export async function listInvitations(ctx: AppContext, owner: User): Promise<Invitation[]> {
  const room = await requireOwnedRoom(ctx, owner);
  const now = new Date();
  return (await listRoomInvitations(ctx.db, room.id)).map((row) => toInvitationView(row, now));
}

/**
 * Deletes an invitation. Its link stops working, and if it was accepted the investor loses access to
 * the room at once (their session stays, but no longer reaches this room).
 */
export async function deleteInvitation(ctx: AppContext, owner: User, invitationId: string): Promise<void> {
  const room = await requireOwnedRoom(ctx, owner);
  await ctx.db.transaction().execute(async (trx) => {
    const invitation = await findRoomInvitation(trx, room.id, invitationId);
    if (!invitation) throw new HttpError(404, 'not_found', 'That invitation does not exist.');
    await updateInvitation(trx, invitation.id, { revokedAt: new Date() });
    const investor = await findUserByEmail(trx, invitation.email);
    if (investor) await removeInvestor(trx, room.id, investor.id);
  });
}
