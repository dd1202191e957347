import crypto from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { defineCache } from '#server/caches/cache-registry';
import {
  FINISHED_WEBHOOK_DELIVERIES_KEPT_MS,
  HOUR_MS,
  MINUTE_MS,
  PRUNE_FINISHED_EVERY_MS,
  SECOND_MS,
  WEBHOOK_PREVIOUS_SECRET_OVERLAP_MS,
} from '#server/durations';
import { findUserById, findUsersByIds } from '#server/features/accounts/index';
import { findRoomOwner, type RoomUser, requireManagedRoom } from '#server/features/rooms/index';
import { enqueueJob, type JobDefinition } from '#server/jobs/job-queue';
import { HttpError } from '#server/plugins/errors';
import {
  managesRoom,
  queueWebhookDelivery,
  WEBHOOK_DELIVERY_JOB,
  type WebhookDeliveryJob,
  webhookDeliveryJobSchema,
} from '#server/webhooks/webhook-events';
import {
  CREATOR_REMOVED_REASON,
  type CreateWebhookEndpointRequest,
  createWebhookEndpointRequestSchema,
  MAX_WEBHOOK_ENDPOINTS,
  type UpdateWebhookEndpointRequest,
  updateWebhookEndpointRequestSchema,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '#shared/contracts/webhooks';
import { href } from '#shared/routes';
import { checkEndpointUrl, RefusedAddressError } from './address-policy';
import { type AttemptOutcome, sendWebhook } from './webhook-sender';
import { webhookDisabledEmail } from './webhooks.mails';
import {
  countRoomEndpoints,
  deleteFinishedDeliveriesBefore,
  deleteRoomEndpoint,
  disableFailingEndpoint,
  failDelivery,
  failPendingDeliveries,
  findDelivery,
  findEndpoint,
  findRoomEndpoint,
  insertEndpoint,
  listEndpointDeliveries,
  listRoomEndpoints,
  markEndpointFailing,
  markEndpointHealthy,
  recordAttempt,
  type StoredDelivery,
  type StoredEndpoint,
  updateEndpoint,
} from './webhooks.repository';

/**
 * Webhooks (docs/decisions/0052-webhooks.md): the console's endpoints, and the jobs that deliver events
 * to them. Events are queued by server/webhooks/webhook-events.ts where they happen; a delivery is tried
 * until it succeeds or its failure window (a day) has passed, and an endpoint that has failed for a
 * whole window is turned off and its room's owner told by e-mail.
 */

export const WEBHOOK_DISABLED_MAIL_JOB = 'webhook-endpoint-disabled';
/** The delivery log shows this many of an endpoint's newest deliveries. */
export const DELIVERY_LOG_LENGTH = 50;
const SECRET_HINT_LENGTH = 12;

const disabledMailJobSchema = z.object({
  endpointId: z.string(),
  failingSince: z.number(),
  lastError: z.string(),
});

/** When this app last deleted old deliveries (epoch ms), so it does so at most once an hour. */
const lastPruned = defineCache('webhooks.lastPruned', () => ({ at: 0 }));

const newSecret = () => `whsec_${crypto.randomBytes(32).toString('base64')}`;

/** Who added each endpoint, by user id (a deleted account is missing). */
type Creators = Map<string, { name: string; email: string }>;

/** The name and e-mail of whoever added these endpoints, in one lookup of accounts (ADR 85). */
async function creatorsOf(ctx: AppContext, endpoints: readonly StoredEndpoint[]): Promise<Creators> {
  const users = await findUsersByIds(
    ctx.db,
    endpoints.flatMap((endpoint) => (endpoint.createdBy ? [endpoint.createdBy] : [])),
  );
  return new Map([...users].map(([id, user]) => [id, { name: user.name, email: user.email }]));
}

function toEndpointView(endpoint: StoredEndpoint, now: Date, creators: Creators): WebhookEndpoint {
  const overlapping = endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now;
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: JSON.parse(endpoint.events) as WebhookEventType[],
    isEnabled: endpoint.isEnabled,
    disabledReason: endpoint.disabledReason,
    disabledAt: endpoint.disabledAt?.toISOString() ?? null,
    secretHint: `${endpoint.secret.slice(0, SECRET_HINT_LENGTH)}…`,
    previousSecretExpiresAt: overlapping ? (endpoint.previousSecretExpiresAt?.toISOString() ?? null) : null,
    createdAt: endpoint.createdAt.toISOString(),
    addedBy: endpoint.createdBy ? (creators.get(endpoint.createdBy) ?? null) : null,
  };
}

function toDeliveryView(delivery: StoredDelivery): WebhookDelivery {
  return {
    id: delivery.id,
    messageId: delivery.messageId,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    responseExcerpt: delivery.responseExcerpt,
    durationMs: delivery.durationMs,
    createdAt: delivery.createdAt.toISOString(),
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: delivery.status === 'pending' ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
  };
}

const ENDPOINT_NOT_FOUND = 'That webhook endpoint does not exist in your data room.';

/** Deletes finished deliveries past their keeping time, at most once every PRUNE_FINISHED_EVERY_MS per app. */
async function pruneOldDeliveries(ctx: AppContext, now: number): Promise<void> {
  const pruned = ctx.caches.get(lastPruned);
  if (now - pruned.at < PRUNE_FINISHED_EVERY_MS) return;
  pruned.at = now;
  await deleteFinishedDeliveriesBefore(ctx.db, new Date(now - FINISHED_WEBHOOK_DELIVERIES_KEPT_MS));
}

async function requireEndpoint(ctx: AppContext, user: RoomUser, id: string) {
  const room = await requireManagedRoom(ctx, user);
  const endpoint = await findRoomEndpoint(ctx.db, room.id, id);
  if (!endpoint) throw new HttpError(404, 'not_found', ENDPOINT_NOT_FOUND);
  return { room, endpoint };
}

/**
 * The wait before retrying a failed attempt: exponential from WEBHOOKS_RETRY_BASE_DELAY_MS, but never
 * past the end of the delivery's window, so its last attempt falls at the window's end. 0 or less: the
 * window is over, give up.
 */
function retryDelayMs(ctx: AppContext, attempt: number, job: WebhookDeliveryJob, now = Date.now()): number {
  const settings = ctx.config.webhooks;
  const deadline = job.createdAt + settings.failureWindowMs;
  return Math.min(settings.retryBaseDelayMs * 2 ** (attempt - 1), deadline - now);
}

/** The delivery and its endpoint when it is still to be sent; otherwise records why not, and undefined. */
async function deliverable(ctx: AppContext, deliveryId: string) {
  const delivery = await findDelivery(ctx.db, deliveryId);
  // Finished (this job ran before, or its endpoint was turned off), or deleted with its endpoint.
  if (delivery?.status !== 'pending') return undefined;
  const endpoint = await findEndpoint(ctx.db, delivery.endpointId);
  if (!endpoint) return undefined;
  if (!endpoint.isEnabled) {
    await failDelivery(ctx.db, delivery.id, 'The endpoint is turned off.', new Date());
    return undefined;
  }
  // Queued before its creator was removed from the room: what they added sends nothing more (ADR 61).
  if (!(await managesRoom(ctx.db, endpoint.roomId, endpoint.createdBy))) {
    await failDelivery(ctx.db, delivery.id, CREATOR_REMOVED_REASON, new Date());
    return undefined;
  }
  return { delivery, endpoint };
}

/** One attempt, signed with the current secret and, while a rotation's overlap lasts, the previous one. */
function attemptDelivery(
  ctx: AppContext,
  { delivery, endpoint }: { delivery: StoredDelivery; endpoint: StoredEndpoint },
  startedAt: Date,
  signal: AbortSignal,
): Promise<AttemptOutcome> {
  const settings = ctx.config.webhooks;
  const secrets = [endpoint.secret];
  if (
    endpoint.previousSecret &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt > startedAt
  )
    secrets.push(endpoint.previousSecret);
  return sendWebhook(
    {
      url: endpoint.url,
      messageId: delivery.messageId,
      body: delivery.payload,
      secrets,
      at: startedAt,
      signal,
    },
    { allowPrivate: settings.allowPrivateAddresses, resolve: ctx.resolveHost, timeoutMs: settings.timeoutMs },
  );
}

function attemptRecord(
  outcome: AttemptOutcome,
  times: { startedAt: Date; finishedAt: Date },
  status: StoredDelivery['status'],
  nextAttemptAt: Date | null,
) {
  return {
    status,
    lastStatusCode: outcome.statusCode,
    lastError: outcome.error,
    responseExcerpt: outcome.responseExcerpt,
    durationMs: outcome.durationMs,
    lastAttemptAt: times.startedAt,
    nextAttemptAt,
    finishedAt: status === 'pending' ? null : times.finishedAt,
  };
}

async function deliver(ctx: AppContext, job: WebhookDeliveryJob, signal: AbortSignal): Promise<void> {
  await pruneOldDeliveries(ctx, Date.now());
  const found = await deliverable(ctx, job.deliveryId);
  if (!found) return;
  const { delivery, endpoint } = found;
  const startedAt = new Date();
  const outcome = await attemptDelivery(ctx, found, startedAt, signal);
  // Stopping the server aborts the attempt: it is handed back to the queue, not recorded as a failure.
  if (signal.aborted) throw signal.reason;
  const times = { startedAt, finishedAt: new Date() };
  if (outcome.ok) {
    await ctx.db.transaction().execute(async (trx) => {
      await recordAttempt(trx, delivery.id, attemptRecord(outcome, times, 'succeeded', null));
      await markEndpointHealthy(trx, endpoint.id);
    });
    return;
  }
  const wait = retryDelayMs(ctx, delivery.attempts + 1, job, times.finishedAt.getTime());
  const givesUp = wait <= 0;
  const nextAttemptAt = givesUp ? null : new Date(times.finishedAt.getTime() + wait);
  const endpointTurnedOff = await ctx.db.transaction().execute(async (trx) => {
    await recordAttempt(
      trx,
      delivery.id,
      attemptRecord(outcome, times, givesUp ? 'failed' : 'pending', nextAttemptAt),
    );
    const failingSince = await markEndpointFailing(trx, endpoint.id, startedAt);
    // A whole window of failures: this delivery's, with no success anywhere on the endpoint since its
    // first attempt.
    if (!givesUp || failingSince > (delivery.firstAttemptAt ?? startedAt)) return false;
    return disableEndpoint(ctx, trx, endpoint, failingSince, outcome, times.finishedAt);
  });
  // Thrown, the attempt is retried by the queue after retryDelayMs.
  if (!givesUp && !endpointTurnedOff) throw new Error(outcome.error ?? 'the delivery failed');
}

async function disableEndpoint(
  ctx: AppContext,
  trx: AppContext['db'],
  endpoint: StoredEndpoint,
  failingSince: Date,
  outcome: AttemptOutcome,
  now: Date,
): Promise<boolean> {
  const reason = `Every delivery failed for ${describeWindow(ctx.config.webhooks.failureWindowMs)}.`;
  if (!(await disableFailingEndpoint(trx, endpoint.id, failingSince, reason, now))) return false;
  await failPendingDeliveries(trx, endpoint.id, 'The endpoint was turned off after failing too long.', now);
  await enqueueJob(trx, {
    kind: WEBHOOK_DISABLED_MAIL_JOB,
    payload: {
      endpointId: endpoint.id,
      failingSince: failingSince.getTime(),
      lastError: outcome.error ?? 'the delivery failed',
    },
  });
  return true;
}

/** Tells the room's owner that an endpoint was turned off after failing for a whole window. */
async function sendDisabledMail(ctx: AppContext, job: z.infer<typeof disabledMailJobSchema>): Promise<void> {
  const endpoint = await findEndpoint(ctx.db, job.endpointId);
  // Deleted meanwhile, or turned back on: nothing to tell.
  if (!endpoint || endpoint.isEnabled || !endpoint.disabledAt) return;
  const room = await findRoomOwner(ctx.db, endpoint.roomId);
  const owner = room && (await findUserById(ctx.db, room.ownerId));
  if (!room || !owner) return;
  const host = new URL(ctx.config.appUrl).hostname;
  await ctx.mailer.send(
    webhookDisabledEmail({
      to: owner.email,
      companyName: room.companyName,
      endpointUrl: endpoint.url,
      failingSince: new Date(job.failingSince),
      lastError: job.lastError,
      settingsUrl: `${ctx.config.appUrl}${href('setupDataRoom')}?tab=settings`,
      messageId: `<webhook-disabled-${endpoint.id}-${endpoint.disabledAt.getTime()}@${host}>`,
    }),
  );
}

/** The webhook job kinds, registered once by buildApp. */
// biome-ignore lint/suspicious/noExplicitAny: definitions of any payload share one registry
export function webhookJobs(ctx: AppContext): JobDefinition<any>[] {
  const deliveryJob: JobDefinition<WebhookDeliveryJob> = {
    kind: WEBHOOK_DELIVERY_JOB,
    payloadSchema: webhookDeliveryJobSchema,
    // The window ends the retries (retryDelayMs); this only bounds a runaway.
    maxAttempts: 64,
    timeoutMs: ctx.config.webhooks.timeoutMs * 3 + 5 * SECOND_MS,
    concurrency: 4,
    run: (job, running) => deliver(ctx, job, running.signal),
    retryDelayMs: (attempt, job) => Math.max(0, retryDelayMs(ctx, attempt, job)),
    async onFailed(job, error) {
      await failDelivery(ctx.db, job.deliveryId, error, new Date());
    },
  };
  const disabledMailJob: JobDefinition<z.infer<typeof disabledMailJobSchema>> = {
    kind: WEBHOOK_DISABLED_MAIL_JOB,
    payloadSchema: disabledMailJobSchema,
    maxAttempts: 8,
    timeoutMs: MINUTE_MS,
    concurrency: 1,
    run: (job) => sendDisabledMail(ctx, job),
  };
  return [deliveryJob, disabledMailJob];
}

export async function listWebhookEndpoints(ctx: AppContext, user: RoomUser): Promise<WebhookEndpointList> {
  const room = await requireManagedRoom(ctx, user);
  const now = new Date();
  const endpoints = await listRoomEndpoints(ctx.db, room.id);
  const creators = await creatorsOf(ctx, endpoints);
  return { endpoints: endpoints.map((e) => toEndpointView(e, now, creators)) };
}

/** The URL as it will be stored, once the address policy allows it; a 400 naming the field otherwise. */
async function checkedEndpointUrl(ctx: AppContext, url: string): Promise<URL> {
  try {
    return await checkEndpointUrl(url, {
      allowPrivate: ctx.config.webhooks.allowPrivateAddresses,
      resolve: ctx.resolveHost,
    });
  } catch (error) {
    if (!(error instanceof RefusedAddressError)) throw error;
    throw new HttpError(400, 'invalid_request', `url: ${error.message}.`, { field: 'url' });
  }
}

/** Counted in the transaction, so two creations at once cannot both take the last place. */
async function insertNewEndpoint(ctx: AppContext, endpoint: StoredEndpoint): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await listRoomEndpoints(trx, endpoint.roomId);
    if (existing.some((other) => other.url === endpoint.url))
      throw new HttpError(
        409,
        'endpoint_exists',
        'This URL is already a webhook endpoint of your data room.',
      );
    if ((await countRoomEndpoints(trx, endpoint.roomId)) >= MAX_WEBHOOK_ENDPOINTS)
      throw new HttpError(
        409,
        'too_many_endpoints',
        `A data room can have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one to add another.`,
      );
    await insertEndpoint(trx, endpoint);
  });
}

export async function createWebhookEndpoint(
  ctx: AppContext,
  user: RoomUser,
  input: CreateWebhookEndpointRequest,
): Promise<WebhookEndpointWithSecret> {
  const room = await requireManagedRoom(ctx, user);
  const request = createWebhookEndpointRequestSchema.parse(input);
  const url = await checkedEndpointUrl(ctx, request.url);
  const now = new Date();
  const endpoint: StoredEndpoint = {
    id: crypto.randomUUID(),
    roomId: room.id,
    url: url.toString(),
    events: JSON.stringify(request.events),
    secret: newSecret(),
    previousSecret: null,
    previousSecretExpiresAt: null,
    isEnabled: true,
    disabledAt: null,
    disabledReason: null,
    failingSinceAt: null,
    createdBy: user.id,
    createdAt: now,
    updatedAt: now,
  };
  await insertNewEndpoint(ctx, endpoint);
  return {
    endpoint: toEndpointView(endpoint, now, await creatorsOf(ctx, [endpoint])),
    secret: endpoint.secret,
  };
}

export async function updateWebhookEndpoint(
  ctx: AppContext,
  user: RoomUser,
  id: string,
  input: UpdateWebhookEndpointRequest,
): Promise<WebhookEndpoint> {
  const request = updateWebhookEndpointRequestSchema.parse(input);
  const { room, endpoint } = await requireEndpoint(ctx, user, id);
  const now = new Date();
  const changes: Parameters<typeof updateEndpoint>[2] = { updatedAt: now };
  if (request.events) changes.events = JSON.stringify(request.events);
  if (request.isEnabled === true && !endpoint.isEnabled) {
    Object.assign(changes, {
      isEnabled: true,
      disabledAt: null,
      disabledReason: null,
      failingSinceAt: null,
    });
    // Turned back on after its creator left the room: the manager who does so answers for it now.
    if (!(await managesRoom(ctx.db, room.id, endpoint.createdBy))) changes.createdBy = user.id;
  }
  if (request.isEnabled === false && endpoint.isEnabled)
    Object.assign(changes, { isEnabled: false, disabledAt: now, disabledReason: null });
  await ctx.db.transaction().execute(async (trx) => {
    await updateEndpoint(trx, endpoint.id, changes);
    if (changes.isEnabled === false)
      await failPendingDeliveries(trx, endpoint.id, 'The endpoint was turned off.', now);
  });
  const updated = await findEndpoint(ctx.db, endpoint.id);
  if (!updated) throw new HttpError(404, 'not_found', ENDPOINT_NOT_FOUND);
  return toEndpointView(updated, now, await creatorsOf(ctx, [updated]));
}

export async function deleteWebhookEndpoint(ctx: AppContext, user: RoomUser, id: string): Promise<void> {
  const room = await requireManagedRoom(ctx, user);
  // Its deliveries go with it; their jobs find nothing to send.
  if (!(await deleteRoomEndpoint(ctx.db, room.id, id)))
    throw new HttpError(404, 'not_found', ENDPOINT_NOT_FOUND);
}

export async function rotateWebhookSecret(
  ctx: AppContext,
  user: RoomUser,
  id: string,
): Promise<WebhookEndpointWithSecret> {
  const { endpoint } = await requireEndpoint(ctx, user, id);
  const now = new Date();
  const secret = newSecret();
  await updateEndpoint(ctx.db, endpoint.id, {
    secret,
    previousSecret: endpoint.secret,
    previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_PREVIOUS_SECRET_OVERLAP_MS),
    updatedAt: now,
  });
  const updated = await findEndpoint(ctx.db, endpoint.id);
  if (!updated) throw new HttpError(404, 'not_found', ENDPOINT_NOT_FOUND);
  return { endpoint: toEndpointView(updated, now, await creatorsOf(ctx, [updated])), secret };
}

export async function sendTestWebhook(ctx: AppContext, user: RoomUser, id: string): Promise<WebhookDelivery> {
  const { room, endpoint } = await requireEndpoint(ctx, user, id);
  if (!endpoint.isEnabled)
    throw new HttpError(
      409,
      'endpoint_disabled',
      'This endpoint is turned off. Turn it on to send it a test event.',
    );
  const now = new Date();
  const deliveryId = await ctx.db
    .transaction()
    .execute((trx) =>
      queueWebhookDelivery(
        trx,
        { endpointId: endpoint.id, roomId: room.id },
        WEBHOOK_TEST_EVENT,
        { roomId: room.id, endpointId: endpoint.id, message: 'A test event from Roundroom.' },
        now,
      ),
    );
  ctx.jobs.wake();
  const delivery = await findDelivery(ctx.db, deliveryId);
  if (!delivery) throw new Error('a delivery just queued is missing');
  return toDeliveryView(delivery);
}

export async function listWebhookDeliveries(
  ctx: AppContext,
  user: RoomUser,
  id: string,
): Promise<WebhookDeliveryList> {
  const { endpoint } = await requireEndpoint(ctx, user, id);
  const deliveries = await listEndpointDeliveries(ctx.db, endpoint.id, DELIVERY_LOG_LENGTH);
  return { deliveries: deliveries.map(toDeliveryView) };
}

function describeWindow(ms: number): string {
  const hours = ms / HOUR_MS;
  if (hours >= 1 && Number.isInteger(hours)) return hours === 24 ? 'a day' : `${hours} hours`;
  const seconds = Math.round(ms / SECOND_MS);
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}
