import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import { findUsersByIds, peopleOfRooms } from '#server/features/accounts/index';
import { listManagers, type RoomUser, requireManagedRoom } from '#server/features/rooms/index';
import { checkEndpointUrl, RefusedAddressError } from '#server/features/webhooks/index';
import { HttpError } from '#server/plugins/errors';
import { managesRoom } from '#server/webhooks/webhook-events';
import {
  type AddAlertTargetRequest,
  type AlertDeliveryState,
  type AlertSettings,
  type AlertTarget,
  type AlertTestResult,
  addAlertTargetRequestSchema,
  MAX_ALERT_TARGETS,
  type SaveAlertSettingsRequest,
  saveAlertSettingsRequestSchema,
  type UpdateAlertTargetRequest,
  updateAlertTargetRequestSchema,
} from '#shared/contracts/alerts';
import { href } from '#shared/routes';
import { postToTarget, targetRefusal } from './alert-deliveries';
import { testMessageFor } from './alert-messages';
import {
  deleteRoomTarget,
  findLastDelivery,
  findRoomTarget,
  findSettings,
  insertDelivery,
  insertTarget,
  listTargets,
  markTargetFailing,
  markTargetHealthy,
  type StoredDelivery,
  type StoredTarget,
  saveSettings,
  updateTarget,
} from './alerts.repository';

/**
 * The room's alert settings in the console (docs/decisions/0090-alerts-within-a-minute.md): what deserves
 * an alert, the mail to the founders, the Slack and Teams targets (added, changed, removed, tested), and
 * how each channel's last delivery went. For the room's managers (owner and co-founders, ADR 47).
 */

const TARGET_NOT_FOUND = 'That alert target does not exist in your data room.';

function toDeliveryState(delivery: StoredDelivery | undefined): AlertDeliveryState | null {
  if (!delivery) return null;
  return {
    status: delivery.status,
    trigger: delivery.trigger === 'test' ? 'test' : (delivery.trigger as AlertDeliveryState['trigger']),
    attempts: delivery.attempts,
    statusCode: delivery.lastStatusCode,
    error: delivery.lastError,
    at: (delivery.lastAttemptAt ?? delivery.createdAt).toISOString(),
    nextAttemptAt: delivery.status === 'pending' ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
  };
}

/**
 * The URL as far as it may be shown: the service's host and the path's first part, and the last four
 * characters to tell two apart. The rest is the credential (anyone holding it may post to the channel).
 */
export function urlHintOf(url: string): string {
  const parsed = new URL(url);
  const first = parsed.pathname.split('/').filter(Boolean)[0];
  const tail = url.replace(/[/?#=]+$/, '').slice(-4);
  return `${parsed.protocol}//${parsed.host}/${first ? `${first}/` : ''}…${tail}`;
}

async function toTargetViews(
  ctx: AppContext,
  roomId: string,
  targets: StoredTarget[],
): Promise<AlertTarget[]> {
  const creators = await findUsersByIds(
    ctx.db,
    targets.flatMap((target) => (target.createdBy ? [target.createdBy] : [])),
  );
  const views: AlertTarget[] = [];
  for (const target of targets) {
    const creator = target.createdBy ? creators.get(target.createdBy) : undefined;
    views.push({
      id: target.id,
      kind: target.kind,
      urlHint: urlHintOf(target.url),
      triggers: target.triggers,
      isEnabled: target.isEnabled,
      isSilenced: target.isEnabled && !(await managesRoom(ctx.db, roomId, target.createdBy)),
      addedBy: creator ? { name: creator.name, email: creator.email } : null,
      createdAt: target.createdAt.toISOString(),
      lastDelivery: toDeliveryState(await findLastDelivery(ctx.db, roomId, target.kind, target.id)),
      failingSince: target.failingSinceAt?.toISOString() ?? null,
    });
  }
  return views;
}

async function settingsOf(ctx: AppContext, roomId: string): Promise<AlertSettings> {
  const [settings, targets, founders, mailLast] = await Promise.all([
    findSettings(ctx.db, roomId),
    listTargets(ctx.db, roomId),
    listManagers(ctx, peopleOfRooms, roomId),
    findLastDelivery(ctx.db, roomId, 'mail', null),
  ]);
  return {
    ...settings,
    mailRecipients: founders.map((founder) => founder.email),
    mailLastDelivery: toDeliveryState(mailLast),
    targets: await toTargetViews(ctx, roomId, targets),
  };
}

export async function getAlertSettings(ctx: AppContext, user: RoomUser): Promise<AlertSettings> {
  const room = await requireManagedRoom(ctx, user);
  return settingsOf(ctx, room.id);
}

export async function saveAlertSettings(
  ctx: AppContext,
  user: RoomUser,
  input: SaveAlertSettingsRequest,
): Promise<AlertSettings> {
  const room = await requireManagedRoom(ctx, user);
  const request = saveAlertSettingsRequestSchema.parse(input);
  const current = await findSettings(ctx.db, room.id);
  await saveSettings(
    ctx.db,
    room.id,
    {
      returnAfterDays: request.returnAfterDays ?? current.returnAfterDays,
      scoreThreshold: request.scoreThreshold ?? current.scoreThreshold,
      mailTriggers: request.mailTriggers ?? current.mailTriggers,
    },
    new Date(),
  );
  return settingsOf(ctx, room.id);
}

/** The URL as it will be stored, once the webhooks' address policy allows it; a 400 naming the field otherwise. */
async function checkedTargetUrl(ctx: AppContext, url: string): Promise<string> {
  try {
    const checked = await checkEndpointUrl(url, {
      allowPrivate: ctx.config.webhooks.allowPrivateAddresses,
      resolve: ctx.resolveHost,
    });
    return checked.toString();
  } catch (error) {
    if (!(error instanceof RefusedAddressError)) throw error;
    throw new HttpError(400, 'invalid_request', `url: ${error.message}.`, { field: 'url' });
  }
}

export async function addAlertTarget(
  ctx: AppContext,
  user: RoomUser,
  input: AddAlertTargetRequest,
): Promise<AlertTarget> {
  const room = await requireManagedRoom(ctx, user);
  const request = addAlertTargetRequestSchema.parse(input);
  const url = await checkedTargetUrl(ctx, request.url);
  const now = new Date();
  const target: StoredTarget = {
    id: crypto.randomUUID(),
    roomId: room.id,
    kind: request.kind,
    url,
    triggers: request.triggers,
    isEnabled: true,
    createdBy: user.id,
    createdAt: now,
    updatedAt: now,
    failingSinceAt: null,
  };
  // Counted in the transaction, so two additions at once cannot both take the last place.
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await listTargets(trx, room.id);
    if (existing.some((other) => other.url === url))
      throw new HttpError(409, 'target_exists', 'This webhook URL already receives your data room’s alerts.');
    if (existing.length >= MAX_ALERT_TARGETS)
      throw new HttpError(
        409,
        'too_many_targets',
        `A data room can send alerts to ${MAX_ALERT_TARGETS} Slack and Teams webhooks. Remove one to add another.`,
      );
    await insertTarget(trx, target);
  });
  const [view] = await toTargetViews(ctx, room.id, [target]);
  if (!view) throw new Error('a target just added has no view');
  return view;
}

async function requireTarget(ctx: AppContext, user: RoomUser, id: string) {
  const room = await requireManagedRoom(ctx, user);
  const target = await findRoomTarget(ctx.db, room.id, id);
  if (!target) throw new HttpError(404, 'not_found', TARGET_NOT_FOUND);
  return { room, target };
}

async function viewOf(ctx: AppContext, roomId: string, id: string): Promise<AlertTarget> {
  const target = await findRoomTarget(ctx.db, roomId, id);
  const [view] = target ? await toTargetViews(ctx, roomId, [target]) : [];
  if (!view) throw new HttpError(404, 'not_found', TARGET_NOT_FOUND);
  return view;
}

export async function updateAlertTarget(
  ctx: AppContext,
  user: RoomUser,
  id: string,
  input: UpdateAlertTargetRequest,
): Promise<AlertTarget> {
  const request = updateAlertTargetRequestSchema.parse(input);
  const { room, target } = await requireTarget(ctx, user, id);
  const changes: Parameters<typeof updateTarget>[2] = { updatedAt: new Date() };
  if (request.triggers) changes.triggers = request.triggers;
  if (request.isEnabled !== undefined) changes.isEnabled = request.isEnabled;
  // Turned on by a manager after its creator left the room: that manager answers for it now.
  if (request.isEnabled === true && !(await managesRoom(ctx.db, room.id, target.createdBy)))
    changes.createdBy = user.id;
  await updateTarget(ctx.db, target.id, changes);
  return viewOf(ctx, room.id, target.id);
}

export async function removeAlertTarget(ctx: AppContext, user: RoomUser, id: string): Promise<void> {
  const room = await requireManagedRoom(ctx, user);
  const removed = await ctx.db.transaction().execute((trx) => deleteRoomTarget(trx, room.id, id));
  if (!removed) throw new HttpError(404, 'not_found', TARGET_NOT_FOUND);
}

/**
 * "Send a test alert": one attempt now, without retries, so the founder reads at once what the service
 * answered (Slack's `no_service`, a refused address); recorded as the target's last delivery.
 */
export async function testAlertTarget(ctx: AppContext, user: RoomUser, id: string): Promise<AlertTestResult> {
  const { room, target } = await requireTarget(ctx, user, id);
  const refusal = await targetRefusal(ctx, target);
  if (refusal) throw new HttpError(409, 'target_silent', `${refusal} Turn it on to send it a test alert.`);
  const settingsUrl = `${ctx.config.appUrl}${href('setupDataRoom')}?tab=settings`;
  const startedAt = new Date();
  const outcome = await postToTarget(ctx, target, testMessageFor(target.kind, room.companyName, settingsUrl));
  const finishedAt = new Date();
  const delivery: StoredDelivery = {
    id: crypto.randomUUID(),
    alertId: null,
    roomId: room.id,
    channel: target.kind,
    targetId: target.id,
    trigger: 'test',
    status: outcome.ok ? 'succeeded' : 'failed',
    attempts: 1,
    lastStatusCode: outcome.statusCode,
    lastError: outcome.error,
    createdAt: startedAt,
    lastAttemptAt: startedAt,
    nextAttemptAt: null,
    finishedAt,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertDelivery(trx, delivery);
    if (outcome.ok) await markTargetHealthy(trx, target.id);
    else await markTargetFailing(trx, target.id, startedAt);
  });
  const state = toDeliveryState(delivery);
  if (!state) throw new Error('a test delivery has no state');
  return { target: await viewOf(ctx, room.id, target.id), delivery: state };
}
