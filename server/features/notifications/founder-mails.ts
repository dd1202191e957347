import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import type { ModuleExecutor } from '#server/db/schema';
import { MINUTE_MS } from '#server/durations';
import { findUsersByIds } from '#server/features/accounts/index';
import { mailBrandOf } from '#server/features/brand/index';
import { findDataRoomById } from '#server/features/rooms/index';
import type { JobDefinition } from '#server/jobs/job-queue';
import type { OutgoingMessage } from '#server/mail/mailer';
import { generateToken, hashToken } from '#server/security/tokens';
import { FOUNDER_NOTIFICATION_LABELS, type FounderNotificationChoice } from '#shared/contracts/notifications';
import { href } from '#shared/routes';
import { collectDigest } from './digest-lines';
import type { FounderNotice } from './notices';
import { appLink, FOUNDER_NOTIFICATION_JOB, INVESTOR_MESSAGE_JOB, isWanted } from './notification-rules';
import {
  digestEmail,
  firstVisitEmail,
  investorMessageEmail,
  type NotificationFooter,
} from './notifications.mails';
import {
  claimMessageSend,
  claimNotificationSend,
  type FounderNotification,
  findFounderChoice,
  findMessageForRecipient,
  findNotification,
  recordCopySent,
  releaseMessageSend,
  releaseNotificationSend,
  skipNotification,
} from './notifications.repository';
import { findRoomAndOwner, type RoomAndOwner } from './room-and-owner';

/**
 * Sending the founder's notifications and "Notify investors" (docs/decisions/0044-founder-notifications.md),
 * each mail from its row through the job queue: a first visit, a feature's notice told at once
 * (notices.ts), a digest, an investor's copy of a founder's message.
 */

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

/** A notification's mail, or one per recipient (a new question's notice goes to every manager, ADR 73). */
type ComposeMail = (token: string) => OutgoingMessage | OutgoingMessage[];

/** A feature's notice told at once: its mails, with the footer and Message-ID each copy takes. */
async function composeNotice(
  ctx: AppContext,
  notices: FounderNotice[],
  notification: FounderNotification,
  room: RoomAndOwner,
  choice: FounderNotificationChoice,
): Promise<ComposeMail | undefined> {
  const notice = notices.find((known) => known.atOnce && known.kind === notification.kind);
  if (!notice?.atOnce) return undefined;
  const subjectId = notification.notificationKey.slice(`${notice.kind}:`.length);
  const mails = await notice.atOnce.prepare(ctx, { subjectId, room });
  if (!mails) return undefined;
  return (token) =>
    mails({
      // The unsubscribe turns the room's notifications off: the owner's to use, not a co-founder's.
      footer: (isOwner) => footerFor(ctx, choice, isOwner ? token : null),
      messageId: (recipientId) => messageIdOf(ctx, 'notification', `${notification.id}-${recipientId}`),
    });
}

async function composeFirstVisit(
  ctx: AppContext,
  notification: FounderNotification,
  room: RoomAndOwner,
  choice: FounderNotificationChoice,
): Promise<ComposeMail | undefined> {
  const email = notification.investorEmail ?? '';
  const db: ModuleExecutor<'notifications'> = ctx.db;
  const visit = await db
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
  notices: FounderNotice[],
  notification: FounderNotification,
  room: RoomAndOwner,
  choice: FounderNotificationChoice,
): Promise<ComposeMail | undefined> {
  if (notification.kind === 'first_visit') return composeFirstVisit(ctx, notification, room, choice);
  if (notification.kind !== 'hourly' && notification.kind !== 'daily')
    return composeNotice(ctx, notices, notification, room, choice);
  const investors = await collectDigest(ctx, notices, notification);
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
async function sendNotification(
  ctx: AppContext,
  notices: FounderNotice[],
  notificationId: string,
): Promise<void> {
  const notification = await findNotification(ctx.db, notificationId);
  if (!notification || notification.sentAt || notification.skippedAt) return;
  const room = await findRoomAndOwner(ctx, notification.roomId);
  if (!room) return;
  const now = new Date();
  const choice = await findFounderChoice(ctx.db, room.id);
  const compose = isWanted(choice, notification.kind)
    ? await composeNotification(ctx, notices, notification, room, choice)
    : undefined;
  if (!compose) {
    // Turned off since, or nothing happened in the window: nothing to send.
    await skipNotification(ctx.db, notification.id, now);
    return;
  }
  const token = generateToken();
  if (!(await claimNotificationSend(ctx.db, notification.id, hashToken(token), now))) return;
  // Each copy is sent once across retries: those a failed try handed over are not sent again (ADR 92).
  const sent = sentCopiesOf(notification);
  let tokenSent = sent.length > 0;
  try {
    for (const mail of copiesInOrder(compose(token))) {
      if (mail.messageId && sent.includes(mail.messageId)) continue;
      await ctx.mailer.send(mail);
      if (!mail.messageId) continue;
      sent.push(mail.messageId);
      tokenSent ||= hasUnsubscribe(mail);
      await recordCopySent(ctx.db, notification.id, sent);
    }
  } catch (error) {
    await releaseNotificationSend(ctx.db, notification.id, now, tokenSent);
    throw error;
  }
}

const hasUnsubscribe = (mail: OutgoingMessage) => mail.headers?.['List-Unsubscribe'] !== undefined;

/** The copy carrying the one-click unsubscribe first: once any copy is sent, its token's is (ADR 92). */
function copiesInOrder(mails: OutgoingMessage | OutgoingMessage[]): OutgoingMessage[] {
  const all = [mails].flat();
  return [...all.filter(hasUnsubscribe), ...all.filter((mail) => !hasUnsubscribe(mail))];
}

function sentCopiesOf(notification: FounderNotification): string[] {
  if (!notification.sentCopies) return [];
  const parsed: unknown = JSON.parse(notification.sentCopies);
  return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * A recipient's copy of a message, with what its mail needs: the room's name (rooms), the sender's and
 * the recipient's names (accounts); undefined when the message, its room or its sender is gone.
 */
async function findMessageCopy(ctx: AppContext, messageId: string, userId: string) {
  const copy = await findMessageForRecipient(ctx.db, messageId, userId);
  if (!copy) return undefined;
  const [room, people] = await Promise.all([
    findDataRoomById(ctx.db, copy.roomId),
    findUsersByIds(ctx.db, [copy.sentBy, userId]),
  ]);
  const sender = people.get(copy.sentBy);
  if (!room || !sender) return undefined;
  return {
    ...copy,
    companyName: room.companyName,
    senderName: sender.name,
    senderEmail: sender.email,
    recipientName: people.get(userId)?.name ?? null,
  };
}

async function sendInvestorMessageMail(ctx: AppContext, messageId: string, userId: string): Promise<void> {
  const copy = await findMessageCopy(ctx, messageId, userId);
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
        brand: await mailBrandOf(ctx, copy.roomId),
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

/**
 * The notification job kinds, registered once by buildApp with every feature's notices (notices.ts), which
 * the founder's mails at once and digests tell.
 */
// biome-ignore lint/suspicious/noExplicitAny: definitions of any payload share one registry
export function notificationJobs(ctx: AppContext, notices: FounderNotice[]): JobDefinition<any>[] {
  return [
    {
      kind: FOUNDER_NOTIFICATION_JOB,
      payloadSchema: z.object({ notificationId: z.string() }),
      maxAttempts: 5,
      timeoutMs: MINUTE_MS,
      concurrency: 2,
      run: ({ notificationId }: { notificationId: string }) => sendNotification(ctx, notices, notificationId),
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
