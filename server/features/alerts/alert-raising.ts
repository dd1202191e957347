import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import { defineCache, untilNextWrite } from '#server/caches/cache-registry';
import { lockForTransaction } from '#server/db/transaction-lock';
import { DAY_MS, HOUR_MS } from '#server/durations';
import { findUserById, peopleOfRooms } from '#server/features/accounts/index';
import { listKeyDocumentIds } from '#server/features/engagement/index';
import { findInvitationsByIds } from '#server/features/invitations/index';
import { firmsOfAddresses } from '#server/features/reading-analytics/index';
import {
  findDataRoomById,
  findMemberRole,
  listManagers,
  type RoomEvent,
  type RoomVisitor,
} from '#server/features/rooms/index';
import { enqueueJob } from '#server/jobs/job-queue';
import {
  emitWebhookEvent,
  managesRoom,
  roomListensFor,
  webhookEventsCache,
} from '#server/webhooks/webhook-events';
import type { AlertTargetKind, AlertTrigger } from '#shared/contracts/alerts';
import { alertWebhookEvent } from '#shared/contracts/webhooks';
import { href } from '#shared/routes';
import { webhookDataOf } from './alert-messages';
import {
  ALERT_WINDOW_MS,
  type AlertDetails,
  type AlertFacts,
  type AlertInvestor,
  noDetails,
  ROOM_HOURLY_CAP,
  VISIT_TOUCH_INTERVAL_MS,
} from './alert-rules';
import {
  countAlertsSince,
  findLatestAlertAt,
  findSettings,
  insertAlert,
  insertDelivery,
  listTargets,
  type RoomAlertSettings,
  touchVisit,
} from './alerts.repository';

/**
 * Raising alerts (docs/decisions/0090-alerts-within-a-minute.md): from what room content reports
 * (RoomActivity, wired by app.ts), decide whether the room wants it told, hold one per investor, trigger
 * and window, and write the alert, its deliveries and their jobs (and the webhook event) in one
 * transaction. Nothing here sends: the jobs do (alert-deliveries.ts), so an investor's request waits
 * for no chat service.
 */

export const ALERT_DELIVERY_JOB = 'alert-delivery';

/** What a room wants told and where: its settings, and its targets that are on and still answered for. */
export interface RoomWants {
  settings: RoomAlertSettings;
  targets: { id: string; kind: AlertTargetKind; triggers: AlertTrigger[] }[];
  /** The founders' key documents (the engagement module's, ADR 89). */
  keyDocumentIds: string[];
}

/** Asked on every reported read; kept until the next write to what it read (ADR 34). */
const roomWantsCache = untilNextWrite<RoomWants>('alerts.roomWants');
/** Per visitor, until when this app need not note their visit again. */
export const visitsNoted = defineCache('alerts.visitsNoted', () => new Map<string, number>());
/** Per investor and trigger, until when this app knows an alert of it would be held back. */
const heldBack = defineCache('alerts.heldBack', () => new Map<string, number>());
/** Each memo above forgets everything past this size, rather than grow with every reader. */
const REMEMBERED = 20_000;

function remember(memo: Map<string, number>, key: string, until: number): void {
  if (memo.size >= REMEMBERED) memo.clear();
  memo.set(key, until);
}

export async function roomWants(ctx: AppContext, roomId: string): Promise<RoomWants> {
  const wants = await ctx.caches.get(roomWantsCache).get(roomId, async () => {
    const [settings, targets, keyDocumentIds] = await Promise.all([
      findSettings(ctx.db, roomId),
      listTargets(ctx.db, roomId),
      listKeyDocumentIds(ctx.db, roomId),
    ]);
    const answered = [];
    for (const target of targets) {
      // A removed co-founder's target falls silent, even before anyone turns it off (ADR 61, ADR 90).
      if (target.isEnabled && (await managesRoom(ctx.db, roomId, target.createdBy)))
        answered.push({ id: target.id, kind: target.kind, triggers: target.triggers });
    }
    return { settings, targets: answered, keyDocumentIds };
  });
  if (!wants) throw new Error('a room’s alert settings could not be read');
  return wants;
}

/** An address's firm (its domain), or null for webmail, as reading analytics names firms. */
export async function firmOf(email: string): Promise<string | null> {
  return (await firmsOfAddresses([email])).get(email) ?? null;
}

/** Where the founder sees more of this investor: their analytics, or the room's investors. */
export function consoleUrlOf(ctx: AppContext, investor: Pick<AlertInvestor, 'userId'>): string {
  const path = investor.userId
    ? href('investorAnalytics', { userId: investor.userId })
    : href('adminInvestors');
  return `${ctx.config.appUrl}${path}`;
}

/** Who the visitor is, if an investor of the room; undefined for its managers or anyone else. */
async function investorOfVisit(
  ctx: AppContext,
  roomId: string,
  visitor: RoomVisitor,
): Promise<AlertInvestor | undefined> {
  if ('userId' in visitor) {
    if ((await findMemberRole(ctx.db, roomId, visitor.userId)) !== 'investor') return undefined;
    const user = await findUserById(ctx.db, visitor.userId);
    return (
      user && {
        email: user.email,
        name: user.name || null,
        firm: await firmOf(user.email),
        userId: user.id,
      }
    );
  }
  const invitation = (await findInvitationsByIds(ctx.db, [visitor.invitationId])).get(visitor.invitationId);
  if (!invitation || invitation.roomId !== roomId) return undefined;
  return {
    email: invitation.email,
    name: invitation.name || null,
    firm: await firmOf(invitation.email),
    userId: null,
  };
}

const visitorKey = (roomId: string, visitor: RoomVisitor) =>
  `${roomId}:${'userId' in visitor ? `u:${visitor.userId}` : `i:${visitor.invitationId}`}`;

/** A first visit, or a return after the room's N days: noted at most once per visitor and interval. */
async function noteVisit(ctx: AppContext, roomId: string, visitor: RoomVisitor, now: Date): Promise<void> {
  const noted = ctx.caches.get(visitsNoted);
  const key = visitorKey(roomId, visitor);
  if ((noted.get(key) ?? 0) > now.getTime()) return;
  const investor = await investorOfVisit(ctx, roomId, visitor);
  remember(noted, key, now.getTime() + VISIT_TOUCH_INTERVAL_MS);
  if (!investor) return;
  const visit = await touchVisit(ctx.db, roomId, investor.email, now);
  if (visit.kind === 'first') {
    await raiseAlert(ctx, { roomId, trigger: 'first_visit', investor, details: noDetails(), at: now });
    return;
  }
  if (visit.kind !== 'again') return;
  const away = now.getTime() - visit.previous.getTime();
  const { settings } = await roomWants(ctx, roomId);
  if (away < settings.returnAfterDays * DAY_MS) return;
  const daysAway = Math.floor(away / DAY_MS);
  await raiseAlert(ctx, {
    roomId,
    trigger: 'returned',
    investor,
    details: { ...noDetails(), daysAway },
    at: now,
  });
}

/** What an event of a reader raises, besides their visit: a key document is one the founders marked. */
async function triggerOf(
  ctx: AppContext,
  roomId: string,
  event: RoomEvent | undefined,
): Promise<{ trigger: AlertTrigger; details: AlertDetails } | undefined> {
  if (event?.kind === 'viewed')
    return (await roomWants(ctx, roomId)).keyDocumentIds.includes(event.documentId)
      ? {
          trigger: 'key_document_opened',
          details: { ...noDetails(), documentId: event.documentId, documentTitle: event.documentTitle },
        }
      : undefined;
  if (event?.kind === 'downloaded')
    return {
      trigger: 'downloaded',
      details: { ...noDetails(), documentId: event.documentId, documentTitle: event.documentTitle },
    };
  if (event?.kind === 'asked') return { trigger: 'question_asked', details: noDetails() };
  return undefined;
}

/**
 * What room content reports (its RoomActivity, with notifications'): a visit, and the alert its event
 * deserves. Never throws: an alert is never worth failing an investor's request for.
 */
export async function noteRoomActivity(
  ctx: AppContext,
  activity: { roomId: string; visitor: RoomVisitor; event?: RoomEvent | undefined },
): Promise<void> {
  const now = new Date();
  try {
    await noteVisit(ctx, activity.roomId, activity.visitor, now);
    const raised = await triggerOf(ctx, activity.roomId, activity.event);
    if (!raised || !(await isWanted(ctx, activity.roomId, raised.trigger))) return;
    const investor = await investorOfVisit(ctx, activity.roomId, activity.visitor);
    if (investor) await raiseAlert(ctx, { roomId: activity.roomId, ...raised, investor, at: now });
  } catch (error) {
    ctx.log.error({ err: error, roomId: activity.roomId }, 'could not raise an alert of investor activity');
  }
}

/** An address a share link refused: whoever it is, the founder may want to know at once. Never throws. */
export async function noteRefusedEntry(
  ctx: AppContext,
  attempt: { roomId: string; email: string; reason: string },
): Promise<void> {
  try {
    if (!(await isWanted(ctx, attempt.roomId, 'access_refused'))) return;
    const investor = {
      email: attempt.email,
      name: null,
      firm: await firmOf(attempt.email),
      userId: null,
    };
    await raiseAlert(ctx, {
      roomId: attempt.roomId,
      trigger: 'access_refused',
      investor,
      details: { ...noDetails(), refusal: attempt.reason },
      at: new Date(),
    });
  } catch (error) {
    ctx.log.error({ err: error, roomId: attempt.roomId }, 'could not raise an alert of a refused entry');
  }
}

/** Where an alert of this trigger would go in this room: its mail, its targets, its webhooks. */
async function channelsOf(ctx: AppContext, roomId: string, trigger: AlertTrigger) {
  const wants = await roomWants(ctx, roomId);
  return {
    mail: (wants.settings.mailTriggers as AlertTrigger[]).includes(trigger),
    targets: wants.targets.filter((target) => target.triggers.includes(trigger)),
    webhook: await roomListensFor(
      ctx.db,
      roomId,
      alertWebhookEvent(trigger),
      ctx.caches.get(webhookEventsCache),
    ),
    threshold: wants.settings.scoreThreshold,
  };
}

/** Whether any channel of the room wants this trigger (before looking up who it is about). */
export async function isWanted(ctx: AppContext, roomId: string, trigger: AlertTrigger): Promise<boolean> {
  const channels = await channelsOf(ctx, roomId, trigger);
  return channels.mail || channels.targets.length > 0 || channels.webhook;
}

export interface RaisedAlert {
  roomId: string;
  trigger: AlertTrigger;
  investor: AlertInvestor;
  details: AlertDetails;
  at: Date;
}

/**
 * Raises an alert where the room wants it and none of the same trigger was raised for this investor in
 * its window: the alert, a delivery per founder (mail) and per target, each delivery's job, and the
 * webhook event, in one transaction. Returns whether it was raised.
 */
export async function raiseAlert(ctx: AppContext, raised: RaisedAlert): Promise<boolean> {
  const { roomId, trigger, investor, at } = raised;
  const channels = await channelsOf(ctx, roomId, trigger);
  if (!channels.mail && channels.targets.length === 0 && !channels.webhook) return false;
  const key = `${roomId}:${trigger}:${investor.email}`;
  const memo = ctx.caches.get(heldBack);
  if ((memo.get(key) ?? 0) > at.getTime()) return false;
  const room = await findDataRoomById(ctx.db, roomId);
  if (!room) return false;
  const founders = channels.mail ? await listManagers(ctx, peopleOfRooms, roomId) : [];
  const details =
    trigger === 'score_crossed' ? { ...raised.details, threshold: channels.threshold } : raised.details;
  const facts: AlertFacts = {
    id: crypto.randomUUID(),
    roomId,
    companyName: room.companyName,
    trigger,
    investor,
    details,
    occurredAt: at,
    consoleUrl: consoleUrlOf(ctx, investor),
  };
  const window = ALERT_WINDOW_MS[trigger];
  const latest = await ctx.db.transaction().execute(async (trx) => {
    // Checked and written under the investor's lock: two servers, or two requests, raise it once.
    await lockForTransaction(trx, ctx.config.database.dialect, `alert:${key}`);
    const previous = await findLatestAlertAt(trx, roomId, investor.email, trigger);
    if (previous && at.getTime() - previous.getTime() < window) return previous;
    const cap = ROOM_HOURLY_CAP[trigger];
    if (
      cap !== undefined &&
      (await countAlertsSince(trx, roomId, trigger, new Date(at.getTime() - HOUR_MS))) >= cap
    )
      return undefined;
    await insertAlert(trx, {
      id: facts.id,
      roomId,
      trigger,
      investorEmail: investor.email,
      investorName: investor.name,
      userId: investor.userId,
      details: JSON.stringify(details),
      occurredAt: at,
    });
    const deliveries = [
      ...founders.map((founder) => ({ channel: 'mail' as const, targetId: founder.id })),
      ...channels.targets.map((target) => ({ channel: target.kind, targetId: target.id })),
    ];
    for (const delivery of deliveries)
      await queueDelivery(trx, { ...delivery, roomId, alertId: facts.id, trigger }, at);
    if (channels.webhook)
      await emitWebhookEvent(trx, roomId, alertWebhookEvent(trigger), webhookDataOf(facts), at);
    return at;
  });
  if (!latest) return false;
  remember(memo, key, latest.getTime() + window);
  if (latest !== at) return false;
  ctx.jobs.wake();
  return true;
}

/** One delivery and the job that makes its first attempt (each retry is a job of its own). */
export async function queueDelivery(
  trx: AppContext['db'],
  delivery: {
    channel: 'mail' | AlertTargetKind;
    targetId: string;
    roomId: string;
    alertId: string;
    trigger: string;
  },
  at: Date,
): Promise<string> {
  const id = crypto.randomUUID();
  await insertDelivery(trx, {
    id,
    alertId: delivery.alertId,
    roomId: delivery.roomId,
    channel: delivery.channel,
    targetId: delivery.targetId,
    trigger: delivery.trigger,
    status: 'pending',
    attempts: 0,
    lastStatusCode: null,
    lastError: null,
    createdAt: at,
    lastAttemptAt: null,
    nextAttemptAt: at,
    finishedAt: null,
  });
  await enqueueJob(trx, {
    kind: ALERT_DELIVERY_JOB,
    payload: { deliveryId: id, attempt: 1 },
    dedupeKey: `${ALERT_DELIVERY_JOB}:${id}:1`,
    fairKey: delivery.roomId,
  });
  return id;
}
