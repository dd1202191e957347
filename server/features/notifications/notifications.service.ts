import crypto from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { defineCache } from '#server/caches/cache-registry';
import type { Executor } from '#server/db/columns';
import {
  DAY_MS,
  DIGEST_DELAY_MS,
  HOUR_MS,
  INVESTOR_MESSAGE_INTERVAL_MS,
  MINUTE_MS,
  NOTIFICATION_CHOICE_MEMO_MS,
  SECOND_MS,
  UNSUBSCRIBE_LINK_TTL_MS,
} from '#server/durations';
import {
  listInvestors,
  listManagers,
  listNdaAcceptancesSince,
  type RoomUser,
  type RoomVisitor,
  requireManagedRoom,
} from '#server/features/rooms/index';
import { enqueueJob, type JobDefinition } from '#server/jobs/job-queue';
import {
  type DigestEntry,
  type DigestInvestor,
  digestEmail,
  firstVisitEmail,
  formatUtcDateTime,
  investorMessageEmail,
  type NotificationFooter,
  newQuestionEmail,
  type QuestionPlace,
} from '#server/mail/templates';
import { HttpError } from '#server/plugins/errors';
import { generateToken, hashToken } from '#server/security/tokens';
import {
  FOUNDER_NOTIFICATION_LABELS,
  type FounderNotificationChoice,
  type InvestorMessageRequest,
  type InvestorMessagesState,
  type NotificationSettings,
  type UnsubscribeDetails,
} from '#shared/contracts/notifications';
import { href } from '#shared/routes';
import {
  claimInvestorMessageSlot,
  claimMessageSend,
  claimNotificationSend,
  type FounderNotification,
  findFounderChoice,
  findFounderChoiceSavedAt,
  findInvestorsNotifiedAt,
  findInvitationIdentity,
  findMessageForRecipient,
  findNotification,
  findNotificationByTokenHash,
  findQuestionForNotice,
  findRoomAndOwner,
  findUserIdentity,
  insertFirstVisit,
  insertInvestorMessage,
  insertNotification,
  isInvestorMember,
  listFirstVisitsInWindow,
  listInvestorEvents,
  listQuestionsInWindow,
  listReadingInWindow,
  releaseMessageSend,
  releaseNotificationSend,
  saveFounderChoice,
  skipNotification,
} from './notifications.repository';

/**
 * Notifications (docs/decisions/0044-founder-notifications.md): the founder is told of each investor's
 * first visit at once and of what investors did in digests, by mail through the job queue; the founder
 * tells investors with "Notify investors". Every mail is a row, claimed before it is sent, so a job run
 * twice (a retry, a restart, two servers) sends it once.
 */

/** Visitors this app remembers having recorded, so a member's every read costs nothing. */
const REMEMBERED_VISITORS = 20_000;
const recordedVisitors = defineCache('notifications.recordedVisitors', () => new Set<string>());
/** Per room: the digest this app last made sure of, and until when that holds. */
const ensuredDigests = defineCache(
  'notifications.ensuredDigests',
  () => new Map<string, { key: string | null; until: number }>(),
);

export const FOUNDER_NOTIFICATION_JOB = 'founder-notification';
export const INVESTOR_MESSAGE_JOB = 'investor-message';

type Cadence = 'hourly' | 'daily';

function cadenceOf(choice: FounderNotificationChoice): Cadence | null {
  if (choice === 'first_visits_and_hourly') return 'hourly';
  if (choice === 'daily') return 'daily';
  return null;
}

function wantsFirstVisits(choice: FounderNotificationChoice): boolean {
  return choice === 'first_visits' || choice === 'first_visits_and_hourly';
}

/** Whether a notification of this kind is still what the founder wants. */
function isWanted(choice: FounderNotificationChoice, kind: FounderNotification['kind']): boolean {
  // A new question is told at once wherever first visits are (ADR 73); a daily digest lists it instead.
  if (kind === 'question') return wantsFirstVisits(choice);
  return kind === 'first_visit' ? wantsFirstVisits(choice) : cadenceOf(choice) === kind;
}

/** The UTC hour or day that contains `at`. */
export function digestWindow(cadence: Cadence, at: Date): { start: Date; end: Date } {
  const length = cadence === 'hourly' ? HOUR_MS : DAY_MS;
  const start = Math.floor(at.getTime() / length) * length;
  return { start: new Date(start), end: new Date(start + length) };
}

const appLink = (ctx: AppContext, path: string) => `${ctx.config.appUrl}${path}`;

function rememberVisitor(ctx: AppContext, visitorKey: string): void {
  const remembered = ctx.caches.get(recordedVisitors);
  if (remembered.size >= REMEMBERED_VISITORS) remembered.clear();
  remembered.add(visitorKey);
}

/** Who the visitor is, if an investor of the room; undefined for its owner or anyone else. */
async function investorIdentity(ctx: AppContext, roomId: string, visitor: RoomVisitor) {
  if ('userId' in visitor) {
    if (!(await isInvestorMember(ctx.db, roomId, visitor.userId))) return undefined;
    const user = await findUserIdentity(ctx.db, visitor.userId);
    return user && { email: user.email, name: user.name, userId: visitor.userId };
  }
  const invitation = await findInvitationIdentity(ctx.db, visitor.invitationId);
  if (!invitation || invitation.room_id !== roomId) return undefined;
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
// Sending.

/** The footer of a notification; `token` is the owner's one-click unsubscribe, null on a co-founder's copy. */
function footerFor(
  ctx: AppContext,
  choice: FounderNotificationChoice,
  token: string | null,
): NotificationFooter {
  return {
    choiceLabel: FOUNDER_NOTIFICATION_LABELS[choice],
    settingsUrl: `${appLink(ctx, href('setupDataRoom'))}?tab=settings`,
    unsubscribeUrl: token === null ? null : `${appLink(ctx, href('unsubscribe'))}?token=${token}`,
  };
}

const messageIdOf = (ctx: AppContext, kind: string, id: string) =>
  `<${kind}-${id}@${new URL(ctx.config.appUrl).hostname}>`;

type DigestLines = Map<string, DigestInvestor & { lines: Map<string, DigestEntry> }>;

/** The investor's lines of the digest, added on their first mention. */
function investorLines(investors: DigestLines, email: string, name: string) {
  let found = investors.get(email);
  if (!found) {
    found = { email, name, isFirstVisit: false, entries: [], lines: new Map() };
    investors.set(email, found);
  }
  return found;
}

/** The access log's lines: views with their reading time, downloads and clicks counted. */
function addEventLines(
  investors: DigestLines,
  events: Awaited<ReturnType<typeof listInvestorEvents>>,
  reading: Awaited<ReturnType<typeof listReadingInWindow>>,
): void {
  const readingOf = new Map(reading.map((row) => [`${row.userId}:${row.documentId}`, row]));
  for (const event of events) {
    const email = event.userEmail ?? event.invitedEmail;
    if (!email) continue;
    const who = investorLines(investors, email, event.userName ?? event.invitedName ?? '');
    const lineKey = `${event.action}:${event.documentId ?? event.documentTitle}`;
    const line = who.lines.get(lineKey);
    if (event.action === 'viewed') {
      const read = readingOf.get(`${event.userId}:${event.documentId}`);
      if (line?.kind === 'viewed') continue;
      who.lines.set(lineKey, {
        kind: 'viewed',
        title: event.documentTitle,
        readMs: read?.readMs ?? 0,
        views: read?.viewCount ?? 1,
      });
    } else if (line?.kind === 'downloaded' || line?.kind === 'clicked') line.times += 1;
    else who.lines.set(lineKey, { kind: event.action, title: event.documentTitle, times: 1 });
  }
}

/** The digest's investors, in the order they first did something, from every source of activity. */
async function collectDigest(ctx: AppContext, notification: FounderNotification): Promise<DigestInvestor[]> {
  const start = notification.windowStartAt ?? new Date(0);
  const end = notification.windowEndAt ?? new Date(0);
  const roomId = notification.roomId;
  const [events, reading, firstVisits, ndaAcceptances] = await Promise.all([
    listInvestorEvents(ctx.db, roomId, start, end),
    listReadingInWindow(ctx.db, roomId, start, end),
    listFirstVisitsInWindow(ctx.db, roomId, start, end),
    // `since` is exclusive: one millisecond back keeps an acceptance made at the window's first instant.
    listNdaAcceptancesSince(ctx, roomId, new Date(start.getTime() - 1)),
  ]);
  const investors: DigestLines = new Map();
  // Sources of a digest's lines: the access log, then the NDA acceptances of the window.
  addEventLines(investors, events, reading);
  for (const acceptance of ndaAcceptances) {
    if (acceptance.acceptedAt.getTime() >= end.getTime()) continue;
    const who = investorLines(investors, acceptance.email, acceptance.userName ?? acceptance.signerName);
    who.lines.set(`nda:${acceptance.id}`, { kind: 'accepted_nda', signerName: acceptance.signerName });
  }
  const firstVisitors = new Set(firstVisits.map((visit) => visit.investorEmail));
  if (notification.kind === 'daily') {
    // Daily digests replace the mail at once: a visit alone is news, and so is a question (ADR 73).
    for (const visit of firstVisits) investorLines(investors, visit.investorEmail, visit.investorName);
    for (const question of await listQuestionsInWindow(ctx.db, roomId, start, end)) {
      const who = investorLines(investors, question.asker_email, question.asker_name);
      who.lines.set(`question:${question.id}`, { kind: 'asked', place: questionPlaceOf(question) });
    }
  }
  return [...investors.values()].map(({ lines, ...rest }) => ({
    ...rest,
    isFirstVisit: firstVisitors.has(rest.email),
    entries: [...lines.values()],
  }));
}

type RoomAndOwner = NonNullable<Awaited<ReturnType<typeof findRoomAndOwner>>>;
/** A notification's mail, or one per recipient (a new question goes to every manager: ADR 73). */
type ComposeMail = (
  token: string,
) => ReturnType<typeof firstVisitEmail> | ReturnType<typeof firstVisitEmail>[];

function questionPlaceOf(question: {
  subject_kind: 'room' | 'section' | 'document';
  section_name: string | null;
  document_title: string | null;
  page: number | null;
}): QuestionPlace {
  if (question.subject_kind === 'section') return { kind: 'section', section: question.section_name ?? '' };
  if (question.subject_kind === 'document')
    return { kind: 'document', title: question.document_title ?? '', page: question.page };
  return { kind: 'room' };
}

/** The managers' mail of a new question: to the owner and every co-founder, each with the inbox's link. */
async function composeQuestion(
  ctx: AppContext,
  notification: FounderNotification,
  room: RoomAndOwner,
  choice: FounderNotificationChoice,
): Promise<ComposeMail | undefined> {
  const questionId = notification.notificationKey.slice('question:'.length);
  const question = await findQuestionForNotice(ctx.db, room.id, questionId);
  if (!question) return undefined;
  const managers = await listManagers(ctx, room.id);
  return (token) =>
    managers.map((manager) =>
      newQuestionEmail({
        to: manager.email,
        companyName: room.companyName,
        askerName: question.asker_name,
        askerEmail: question.asker_email,
        place: questionPlaceOf(question),
        question: question.text,
        // The console's inbox, in Investors.
        inboxUrl: appLink(ctx, href('adminQuestions')),
        // The unsubscribe turns the room's notifications off: the owner's to use, not a co-founder's.
        footer: footerFor(ctx, choice, manager.role === 'owner' ? token : null),
        messageId: messageIdOf(ctx, 'notification', `${notification.id}-${manager.id}`),
      }),
    );
}

/**
 * A new question (docs/decisions/0073-questions-and-answers.md), in the transaction that stores it: told
 * at once where the founder wants mails at once, else listed in the day's digest; nothing when off.
 */
export async function noteQuestionAsked(
  trx: Executor,
  question: { roomId: string; questionId: string; at: Date },
): Promise<void> {
  const choice = await findFounderChoice(trx, question.roomId);
  const id = crypto.randomUUID();
  if (wantsFirstVisits(choice)) {
    await insertNotification(trx, {
      id,
      roomId: question.roomId,
      kind: 'question',
      key: `question:${question.questionId}`,
      investorEmail: null,
      window: null,
      at: question.at,
    });
    await enqueueNotificationJob(trx, id, question.at);
  } else if (cadenceOf(choice) === 'daily') {
    const window = digestWindow('daily', question.at);
    const added = await insertNotification(trx, {
      id,
      roomId: question.roomId,
      kind: 'daily',
      key: `daily:${question.roomId}:${window.start.toISOString()}`,
      investorEmail: null,
      window,
      at: question.at,
    });
    if (added) await enqueueNotificationJob(trx, id, new Date(window.end.getTime() + DIGEST_DELAY_MS));
  }
}

async function composeFirstVisit(
  ctx: AppContext,
  notification: FounderNotification,
  room: RoomAndOwner,
  choice: FounderNotificationChoice,
): Promise<ComposeMail | undefined> {
  const email = notification.investorEmail ?? '';
  const visit = await ctx.db
    .selectFrom('room_first_visits')
    .select(['investor_name', 'user_id', 'visited_at'])
    .where('room_id', '=', room.id)
    .where('investor_email', '=', email)
    .executeTakeFirst();
  if (!visit) return undefined;
  const activityUrl = visit.user_id
    ? appLink(ctx, href('investorAnalytics', { userId: visit.user_id }))
    : appLink(ctx, href('admin'));
  return (token) =>
    firstVisitEmail({
      to: room.ownerEmail,
      companyName: room.companyName,
      investorName: visit.investor_name,
      investorEmail: email,
      visitedAt: new Date(visit.visited_at),
      viaInvitation: visit.user_id === null,
      activityUrl,
      footer: footerFor(ctx, choice, token),
      messageId: messageIdOf(ctx, 'notification', notification.id),
    });
}

async function composeNotification(
  ctx: AppContext,
  notification: FounderNotification,
  room: RoomAndOwner,
  choice: FounderNotificationChoice,
): Promise<ComposeMail | undefined> {
  if (notification.kind === 'first_visit') return composeFirstVisit(ctx, notification, room, choice);
  if (notification.kind === 'question') return composeQuestion(ctx, notification, room, choice);
  const investors = await collectDigest(ctx, notification);
  if (investors.length === 0) return undefined;
  return (token) =>
    digestEmail({
      to: room.ownerEmail,
      companyName: room.companyName,
      cadence: notification.kind === 'daily' ? 'daily' : 'hourly',
      windowStart: notification.windowStartAt ?? new Date(0),
      windowEnd: notification.windowEndAt ?? new Date(0),
      investors,
      adminUrl: appLink(ctx, href('admin')),
      footer: footerFor(ctx, choice, token),
      messageId: messageIdOf(ctx, 'notification', notification.id),
    });
}

/**
 * Sends one notification, at most once: the row's sent_at is claimed before the send and released
 * only when the mail server refused it (so the job's retry claims it again). A second run, a retry
 * after a restart or another server finds it claimed and sends nothing (ADR 44).
 */
async function sendNotification(ctx: AppContext, notificationId: string): Promise<void> {
  const notification = await findNotification(ctx.db, notificationId);
  if (!notification || notification.sentAt || notification.skippedAt) return;
  const room = await findRoomAndOwner(ctx.db, notification.roomId);
  if (!room) return;
  const now = new Date();
  const choice = await findFounderChoice(ctx.db, room.id);
  const compose = isWanted(choice, notification.kind)
    ? await composeNotification(ctx, notification, room, choice)
    : undefined;
  if (!compose) {
    // Turned off since, or nothing happened in the window: nothing to send.
    await skipNotification(ctx.db, notification.id, now);
    return;
  }
  const token = generateToken();
  if (!(await claimNotificationSend(ctx.db, notification.id, hashToken(token), now))) return;
  try {
    for (const mail of [compose(token)].flat()) await ctx.mailer.send(mail);
  } catch (error) {
    await releaseNotificationSend(ctx.db, notification.id, now);
    throw error;
  }
}

async function sendInvestorMessageMail(ctx: AppContext, messageId: string, userId: string): Promise<void> {
  const copy = await findMessageForRecipient(ctx.db, messageId, userId);
  if (!copy || copy.sentAt) return;
  const now = new Date();
  if (!(await claimMessageSend(ctx.db, messageId, userId, now))) return;
  try {
    await ctx.mailer.send(
      investorMessageEmail({
        to: copy.email,
        recipientName: copy.recipientName || null,
        founderName: copy.senderName || copy.senderEmail,
        founderEmail: copy.senderEmail,
        companyName: copy.companyName,
        message: copy.body,
        roomUrl: appLink(ctx, href('dataRoomById', { id: copy.roomId })),
        messageId: messageIdOf(ctx, 'message', `${messageId}-${userId}`),
      }),
    );
  } catch (error) {
    await releaseMessageSend(ctx.db, messageId, userId, now);
    throw error;
  }
}

/** The notification job kinds, registered once by buildApp. */
// biome-ignore lint/suspicious/noExplicitAny: definitions of any payload share one registry
export function notificationJobs(ctx: AppContext): JobDefinition<any>[] {
  return [
    {
      kind: FOUNDER_NOTIFICATION_JOB,
      payloadSchema: z.object({ notificationId: z.string() }),
      maxAttempts: 5,
      timeoutMs: MINUTE_MS,
      concurrency: 2,
      run: ({ notificationId }: { notificationId: string }) => sendNotification(ctx, notificationId),
    } satisfies JobDefinition<{ notificationId: string }>,
    {
      kind: INVESTOR_MESSAGE_JOB,
      payloadSchema: z.object({ messageId: z.string(), userId: z.string() }),
      maxAttempts: 5,
      timeoutMs: MINUTE_MS,
      concurrency: 2,
      run: ({ messageId, userId }: { messageId: string; userId: string }) =>
        sendInvestorMessageMail(ctx, messageId, userId),
    } satisfies JobDefinition<{ messageId: string; userId: string }>,
  ];
}

// -------------------------------------------------------------------------------------------------
// The founder's settings and the unsubscribe link.

async function settingsOf(ctx: AppContext, roomId: string): Promise<NotificationSettings> {
  const room = await findRoomAndOwner(ctx.db, roomId);
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
  const room = found && (await findRoomAndOwner(ctx.db, found.roomId));
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
    listInvestors(ctx, room.id),
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
  const investors = (await listInvestors(ctx, room.id)).filter((investor) => investor.isActive);
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

async function enqueueNotificationJob(trx: Executor, notificationId: string, runAt: Date): Promise<void> {
  await enqueueJob(trx, {
    kind: FOUNDER_NOTIFICATION_JOB,
    payload: { notificationId },
    dedupeKey: `${FOUNDER_NOTIFICATION_JOB}:${notificationId}`,
    runAt,
  });
}
