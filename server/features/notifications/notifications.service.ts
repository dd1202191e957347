import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import { defineCache } from '#server/caches/cache-registry';
import {
  DIGEST_DELAY_MS,
  INVESTOR_MESSAGE_INTERVAL_MS,
  NOTIFICATION_CHOICE_MEMO_MS,
  SECOND_MS,
  UNSUBSCRIBE_LINK_TTL_MS,
} from '#server/durations';
import { findUserById, peopleOfRooms } from '#server/features/accounts/index';
import { findInvitationsByIds } from '#server/features/invitations/index';
import {
  findMemberRole,
  listInvestors,
  type RoomUser,
  type RoomVisitor,
  requireManagedRoom,
} from '#server/features/rooms/index';
import { enqueueJob } from '#server/jobs/job-queue';
import { formatUtcDateTime } from '#server/mail/utc-dates';
import { HttpError } from '#server/plugins/errors';
import { hashToken } from '#server/security/tokens';
import type {
  FounderNotificationChoice,
  InvestorMessageRequest,
  InvestorMessagesState,
  NotificationSettings,
  UnsubscribeDetails,
} from '#shared/contracts/notifications';
import {
  cadenceOf,
  digestWindow,
  enqueueNotificationJob,
  INVESTOR_MESSAGE_JOB,
  wantsFirstVisits,
} from './notification-rules';
import {
  claimInvestorMessageSlot,
  findFounderChoice,
  findFounderChoiceSavedAt,
  findInvestorsNotifiedAt,
  findNotificationByTokenHash,
  insertFirstVisit,
  insertInvestorMessage,
  insertNotification,
  saveFounderChoice,
} from './notifications.repository';
import { findRoomAndOwner } from './room-and-owner';

/**
 * Notifications (docs/decisions/0044-founder-notifications.md): the founder is told of each investor's
 * first visit at once and of what investors did in digests, by mail through the job queue; the founder
 * tells investors with "Notify investors". Every mail is a row, claimed before it is sent, so a job run
 * twice (a retry, a restart, two servers) sends it once (founder-mails.ts). Features tell the founder of
 * their own events through notices (notices.ts).
 */

/** Visitors this app remembers having recorded, so a member's every read costs nothing. */
const REMEMBERED_VISITORS = 20_000;
const recordedVisitors = defineCache('notifications.recordedVisitors', () => new Set<string>());
/** Per room: the digest this app last made sure of, and until when that holds. */
const ensuredDigests = defineCache(
  'notifications.ensuredDigests',
  () => new Map<string, { key: string | null; until: number }>(),
);

function rememberVisitor(ctx: AppContext, visitorKey: string): void {
  const remembered = ctx.caches.get(recordedVisitors);
  if (remembered.size >= REMEMBERED_VISITORS) remembered.clear();
  remembered.add(visitorKey);
}

/** Who the visitor is, if an investor of the room; undefined for its owner or anyone else. */
async function investorIdentity(ctx: AppContext, roomId: string, visitor: RoomVisitor) {
  if ('userId' in visitor) {
    // An investor member: not the room's owner, nor a member of another kind.
    if ((await findMemberRole(ctx.db, roomId, visitor.userId)) !== 'investor') return undefined;
    const user = await findUserById(ctx.db, visitor.userId);
    return user && { email: user.email, name: user.name, userId: visitor.userId };
  }
  const invitation = (await findInvitationsByIds(ctx.db, [visitor.invitationId])).get(visitor.invitationId);
  if (!invitation || invitation.roomId !== roomId) return undefined;
  return { email: invitation.email, name: invitation.name ?? '', userId: null };
}

/** Makes sure a digest is queued for the window that contains now, when the founder wants digests. */
async function ensureDigest(ctx: AppContext, roomId: string, now: Date): Promise<void> {
  const ensured = ctx.caches.get(ensuredDigests);
  const known = ensured.get(roomId);
  if (known && known.until > now.getTime()) return;
  const cadence = cadenceOf(await findFounderChoice(ctx.db, roomId));
  if (!cadence) {
    ensured.set(roomId, { key: null, until: now.getTime() + NOTIFICATION_CHOICE_MEMO_MS });
    return;
  }
  const window = digestWindow(cadence, now);
  const key = `${cadence}:${roomId}:${window.start.toISOString()}`;
  const id = crypto.randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    const added = await insertNotification(trx, {
      id,
      roomId,
      kind: cadence,
      key,
      investorEmail: null,
      window,
      at: now,
    });
    if (added) await enqueueNotificationJob(trx, id, new Date(window.end.getTime() + DIGEST_DELAY_MS));
  });
  ensured.set(roomId, {
    key,
    until: Math.min(window.end.getTime(), now.getTime() + NOTIFICATION_CHOICE_MEMO_MS),
  });
}

/** Records a first visit; when it is one and the founder wants first visits, queues its mail at once. */
async function recordFirstVisit(
  ctx: AppContext,
  roomId: string,
  visitor: RoomVisitor,
  now: Date,
): Promise<boolean> {
  const investor = await investorIdentity(ctx, roomId, visitor);
  if (!investor) return false;
  const id = crypto.randomUUID();
  const isFirst = await ctx.db.transaction().execute(async (trx) => {
    const added = await insertFirstVisit(trx, { roomId, ...investor, at: now });
    if (!added) return false;
    if (wantsFirstVisits(await findFounderChoice(trx, roomId))) {
      await insertNotification(trx, {
        id,
        roomId,
        kind: 'first_visit',
        key: `first_visit:${roomId}:${investor.email}`,
        investorEmail: investor.email,
        window: null,
        at: now,
      });
      await enqueueNotificationJob(trx, id, now);
    }
    return true;
  });
  if (isFirst) ctx.jobs.wake();
  return isFirst;
}

/**
 * What room content reports of investors' reads and actions (its RoomActivity, built by buildApp): a
 * first visit, and activity for the founder's digests.
 */
export async function recordRoomActivity(
  ctx: AppContext,
  { roomId, visitor, isAction }: { roomId: string; visitor: RoomVisitor; isAction: boolean },
): Promise<void> {
  const now = new Date();
  try {
    const visitorKey = `${roomId}:${'userId' in visitor ? `u:${visitor.userId}` : `i:${visitor.invitationId}`}`;
    let isFirstVisit = false;
    if (!ctx.caches.get(recordedVisitors).has(visitorKey)) {
      isFirstVisit = await recordFirstVisit(ctx, roomId, visitor, now);
      rememberVisitor(ctx, visitorKey);
    }
    // A daily digest tells of first visits too (there is no mail at once); an hourly one of actions.
    if (isAction || (isFirstVisit && (await findFounderChoice(ctx.db, roomId)) === 'daily'))
      await ensureDigest(ctx, roomId, now);
  } catch (error) {
    // A notification is never worth failing an investor's request for.
    ctx.log.error({ err: error, roomId }, 'could not record investor activity for notifications');
  }
}

// -------------------------------------------------------------------------------------------------
// The founder's settings and the unsubscribe link.

async function settingsOf(ctx: AppContext, roomId: string): Promise<NotificationSettings> {
  const room = await findRoomAndOwner(ctx, roomId);
  return { founderNotifications: await findFounderChoice(ctx.db, roomId), email: room?.ownerEmail ?? '' };
}

async function applyChoice(
  ctx: AppContext,
  roomId: string,
  choice: FounderNotificationChoice,
): Promise<void> {
  const now = new Date();
  await saveFounderChoice(ctx.db, roomId, choice, now);
  ctx.caches.get(ensuredDigests).delete(roomId);
  // Activity earlier in this window is told in the new cadence's digest (empty digests are not sent).
  if (cadenceOf(choice)) await ensureDigest(ctx, roomId, now);
}

/**
 * The room an unsubscribe link may act on, and whether it is already off. A link belongs to the mail it
 * came in (ADR 44, amended by ADR 61): it expires UNSUBSCRIBE_LINK_TTL_MS after that mail was
 * sent, and it yields to any choice the founder saved after it, so an old link never turns off again
 * what the founder turned back on. Used again while the room's mail is off, it only says so.
 */
async function requireTokenNotification(ctx: AppContext, token: string, now = Date.now()) {
  const found = await findNotificationByTokenHash(ctx.db, hashToken(token));
  const room = found && (await findRoomAndOwner(ctx, found.roomId));
  if (!found || !room)
    throw new HttpError(
      404,
      'unsubscribe_link_invalid',
      'This unsubscribe link is not valid. You can change your notifications in your data room’s Settings.',
    );
  const sentAt = found.sentAt?.getTime() ?? 0;
  if (now - sentAt > UNSUBSCRIBE_LINK_TTL_MS)
    throw new HttpError(
      404,
      'unsubscribe_link_expired',
      'This unsubscribe link has expired. You can change your notifications in your data room’s Settings.',
    );
  const { choice, savedAt } = await findFounderChoiceSavedAt(ctx.db, room.id);
  if (choice !== 'off' && savedAt > sentAt)
    throw new HttpError(
      404,
      'unsubscribe_link_expired',
      'This unsubscribe link is older than your last change to notifications, so it no longer changes them. Use the link in a newer mail, or your data room’s Settings.',
    );
  return { room, isUnsubscribed: choice === 'off' };
}

export async function getNotificationSettings(
  ctx: AppContext,
  founder: RoomUser,
): Promise<NotificationSettings> {
  return settingsOf(ctx, (await requireManagedRoom(ctx, founder)).id);
}

export async function saveNotificationSettings(
  ctx: AppContext,
  founder: RoomUser,
  choice: FounderNotificationChoice,
): Promise<NotificationSettings> {
  const room = await requireManagedRoom(ctx, founder);
  await applyChoice(ctx, room.id, choice);
  return settingsOf(ctx, room.id);
}

export async function unsubscribeDetails(ctx: AppContext, token: string): Promise<UnsubscribeDetails> {
  const { room, isUnsubscribed } = await requireTokenNotification(ctx, token);
  return { companyName: room.companyName, email: room.ownerEmail, isUnsubscribed };
}

export async function unsubscribe(ctx: AppContext, token: string): Promise<UnsubscribeDetails> {
  const { room, isUnsubscribed } = await requireTokenNotification(ctx, token);
  if (!isUnsubscribed) await applyChoice(ctx, room.id, 'off');
  return { companyName: room.companyName, email: room.ownerEmail, isUnsubscribed: true };
}

// -------------------------------------------------------------------------------------------------
// "Notify investors".

export async function investorMessagesState(
  ctx: AppContext,
  founder: RoomUser,
): Promise<InvestorMessagesState> {
  const room = await requireManagedRoom(ctx, founder);
  const [investors, last] = await Promise.all([
    listInvestors(ctx, peopleOfRooms, room.id),
    findInvestorsNotifiedAt(ctx.db, room.id),
  ]);
  const next = last ? last.getTime() + INVESTOR_MESSAGE_INTERVAL_MS : 0;
  return {
    investors: investors
      .filter((investor) => investor.isActive)
      .map(({ id, name, email }) => ({ id, name, email })),
    lastSentAt: last?.toISOString() ?? null,
    nextAllowedAt: next > Date.now() ? new Date(next).toISOString() : null,
  };
}

/** The investors a message goes to: those the founder chose, each checked, or every active investor. */
function chooseRecipients<Investor extends { id: string }>(
  investors: Investor[],
  recipientIds: string[] | undefined,
): Investor[] {
  if (!recipientIds) return investors;
  const byId = new Map(investors.map((investor) => [investor.id, investor]));
  const chosen = new Set<string>();
  for (const [index, id] of recipientIds.entries()) {
    if (!byId.has(id))
      throw new HttpError(
        400,
        'not_an_investor',
        `recipientIds.${index}: ${id} is not an investor of your data room.`,
        { field: `recipientIds.${index}` },
      );
    chosen.add(id);
  }
  return investors.filter((investor) => chosen.has(investor.id));
}

async function tooSoonError(ctx: AppContext, roomId: string, now: Date): Promise<HttpError> {
  const last = (await findInvestorsNotifiedAt(ctx.db, roomId)) ?? now;
  const next = new Date(last.getTime() + INVESTOR_MESSAGE_INTERVAL_MS);
  const seconds = Math.max(1, Math.ceil((next.getTime() - Date.now()) / SECOND_MS));
  return new HttpError(
    429,
    'too_soon',
    `You can notify investors once an hour. Your next message can go at ${formatUtcDateTime(next)}.`,
    { nextAllowedAt: next.toISOString() },
    { 'retry-after': String(seconds) },
  );
}

export async function sendInvestorMessage(
  ctx: AppContext,
  founder: RoomUser,
  request: InvestorMessageRequest,
): Promise<{ recipientCount: number; nextAllowedAt: string }> {
  const room = await requireManagedRoom(ctx, founder);
  const investors = (await listInvestors(ctx, peopleOfRooms, room.id)).filter(
    (investor) => investor.isActive,
  );
  const recipients = chooseRecipients(investors, request.recipientIds);
  if (recipients.length === 0)
    throw new HttpError(
      400,
      'no_investors',
      'Your data room has no investors to notify yet: invite some first.',
      {
        field: 'recipientIds',
      },
    );
  const now = new Date();
  const messageId = crypto.randomUUID();
  const accepted = await ctx.db.transaction().execute(async (trx) => {
    if (!(await claimInvestorMessageSlot(trx, room.id, now, INVESTOR_MESSAGE_INTERVAL_MS))) return false;
    await insertInvestorMessage(
      trx,
      { id: messageId, roomId: room.id, sentBy: founder.id, body: request.message, at: now },
      recipients.map((recipient) => ({ userId: recipient.id, email: recipient.email })),
    );
    for (const recipient of recipients) {
      await enqueueJob(trx, {
        kind: INVESTOR_MESSAGE_JOB,
        payload: { messageId, userId: recipient.id },
        dedupeKey: `${INVESTOR_MESSAGE_JOB}:${messageId}:${recipient.id}`,
      });
    }
    return true;
  });
  if (!accepted) throw await tooSoonError(ctx, room.id, now);
  ctx.jobs.wake();
  return {
    recipientCount: recipients.length,
    nextAllowedAt: new Date(now.getTime() + INVESTOR_MESSAGE_INTERVAL_MS).toISOString(),
  };
}
