import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import type { DatabaseExecutor } from '#server/db/schema';
import { lockForTransaction } from '#server/db/transaction-lock';
import {
  INVITATION_TTL_MS,
  INVITATIONS_PER_ROOM_WINDOW_MS,
  INVITATIONS_RETRY_AFTER_MS,
  SECOND_MS,
} from '#server/durations';
import type { User } from '#server/features/accounts/index';
import type { DataRoom } from '#server/features/rooms/index';
import { deliverOrUndo } from '#server/mail/deliver';
import type { OutgoingMessage } from '#server/mail/mailer';
import { HttpError } from '#server/plugins/errors';
import { generateToken, hashToken } from '#server/security/tokens';
import {
  countInvitationsSentSince,
  deleteInvitationRow,
  findOpenInvitation,
  forgetRemoval,
  type InvitationRole,
  insertInvitation,
  restoreInvitation,
  type StoredInvitation,
  updateInvitation,
} from './invitations.repository';

// Saving and sending one invitation, investor's or co-founder's: the room's daily limit, one open
// invitation per room and address, and nothing kept when the mail did not go out.

/**
 * What both kinds of invitation check and do: within the room's daily limit,
 * saved (or refreshed) and sent, or nothing saved when the e-mail did not go out.
 */
export async function sendRoomInvitation(
  ctx: AppContext,
  inviter: User,
  room: DataRoom,
  role: InvitationRole,
  input: { email: string; name?: string | undefined; personalMessage?: string | undefined },
  message: (token: string, saved: StoredInvitation) => OutgoingMessage,
): Promise<{ row: StoredInvitation; now: Date }> {
  // Sign-up is open, so invitations are a way to send mail from our domain: bound them per room.
  const limit = ctx.config.rateLimits.invitationsPerDay;
  const windowStart = new Date(Date.now() - INVITATIONS_PER_ROOM_WINDOW_MS);
  const token = generateToken();
  const now = new Date();
  const fresh = {
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
  };
  const name = input.name ? input.name : null;
  const personalMessage = input.personalMessage ? input.personalMessage : null;
  // Counted and saved under the room's lock: concurrent invitations, on any server, pass one by one, and
  // no other can create this room's open invitation for the address meanwhile.
  const saved = await ctx.db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, ctx.config.database.dialect, `invitations:${room.id}`);
    if ((await countInvitationsSentSince(trx, room.id, windowStart)) >= limit) {
      throw new HttpError(
        429,
        'rate_limited',
        `You have sent ${limit} invitations in the last 24 hours, the most a data room can send. Please try again later.`,
        {},
        { 'retry-after': String(INVITATIONS_RETRY_AFTER_MS / SECOND_MS) },
      );
    }
    return saveOpenInvitation(
      ctx,
      trx,
      room.id,
      inviter.id,
      input.email,
      { name, personalMessage },
      role,
      fresh,
    );
  });
  await deliverOrUndo(
    ctx,
    message(token, saved.row),
    saved.undo,
    'The invitation e-mail could not be sent. Nothing was saved; please try again.',
  );
  // Invited again, once the mail went out: a removal (ADR 74) no longer keeps the address out.
  await forgetRemoval(ctx.db, room.id, saved.row.email);
  return { row: saved.row, now };
}

/**
 * Refreshes the room's open invitation for this e-mail, or creates one, in `trx`, which holds the room's
 * invitation lock (one open invitation per room and e-mail is also a unique index). The undo, run if the
 * e-mail does not go out, runs after that transaction.
 */
async function saveOpenInvitation(
  ctx: AppContext,
  trx: DatabaseExecutor,
  roomId: string,
  invitedBy: string,
  email: string,
  written: Pick<StoredInvitation, 'name' | 'personalMessage'>,
  role: InvitationRole,
  fresh: Pick<StoredInvitation, 'tokenHash' | 'createdAt' | 'expiresAt'>,
): Promise<{ row: StoredInvitation; undo: () => Promise<void> }> {
  const open = await findOpenInvitation(trx, roomId, email);
  // One open invitation per room and address (ADR 47): it is refreshed, never turned into the other kind.
  if (open && open.role !== role) {
    throw new HttpError(
      409,
      'invitation_pending',
      open.role === 'investor'
        ? `${email} has a pending investor invitation to this data room. Delete it first to invite them as a co-founder.`
        : `${email} has a pending co-founder invitation to this data room. Delete it first to invite them as an investor.`,
    );
  }
  if (open) {
    // Inviting again without a name or a message keeps the ones written before.
    const row = {
      ...open,
      ...fresh,
      name: written.name ?? open.name,
      personalMessage: written.personalMessage ?? open.personalMessage,
    };
    await updateInvitation(trx, open.id, { ...fresh, name: row.name, personalMessage: row.personalMessage });
    return { row, undo: () => restoreInvitation(ctx.db, open, fresh.tokenHash) };
  }
  const row: StoredInvitation = {
    id: crypto.randomUUID(),
    roomId,
    email,
    ...written,
    invitedBy,
    role,
    usedAt: null,
    revokedAt: null,
    ...fresh,
  };
  await insertInvitation(trx, row);
  return { row, undo: () => deleteInvitationRow(ctx.db, row.id) };
}
