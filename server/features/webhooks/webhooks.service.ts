import crypto from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { type RoomUser, requireManagedRoom } from '#server/features/rooms/index';
import { enqueueJob, type JobDefinition } from '#server/jobs/job-queue';
import { webhookDisabledEmail } from '#server/mail/templates';
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
import { checkEndpointUrl, RefusedAddressError, type ResolveHost, resolveWithSystem } from './address-policy';
import { type AttemptOutcome, sendWebhook } from './webhook-sender';
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
  findRoomOwner,
  insertEndpoint,
  listEndpointCreators,
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
/** After a rotation, deliveries are signed with the old secret too for this long, so receivers can switch. */
export const PREVIOUS_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** The delivery log shows this many of an endpoint's newest deliveries. */
export const DELIVERY_LOG_LENGTH = 50;
const SECRET_HINT_LENGTH = 12;
/** Finished deliveries are kept this long, then deleted (at most once an hour per process). */
export const FINISHED_DELIVERIES_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const disabledMailJobSchema = z.object({
  endpointId: z.string(),
  failingSince: z.number(),
  lastError: z.string(),
});

export interface WebhooksOptions {
  /** How host names are resolved, at registration and at delivery (tests answer what they need). */
  resolve?: ResolveHost;
}

export interface Webhooks {
  /** The job kinds, registered once by buildApp. */
  // biome-ignore lint/suspicious/noExplicitAny: definitions of any payload share one registry
  jobs: JobDefinition<any>[];
  list(user: RoomUser): Promise<WebhookEndpointList>;
  create(user: RoomUser, request: CreateWebhookEndpointRequest): Promise<WebhookEndpointWithSecret>;
  update(user: RoomUser, id: string, request: UpdateWebhookEndpointRequest): Promise<WebhookEndpoint>;
  remove(user: RoomUser, id: string): Promise<void>;
  rotateSecret(user: RoomUser, id: string): Promise<WebhookEndpointWithSecret>;
  sendTest(user: RoomUser, id: string): Promise<WebhookDelivery>;
  deliveries(user: RoomUser, id: string): Promise<WebhookDeliveryList>;
}

const newSecret = () => `whsec_${crypto.randomBytes(32).toString('base64')}`;

/** Who added each endpoint, by user id (a deleted account is missing). */
type Creators = Map<string, { name: string; email: string }>;

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

export function createWebhooks(ctx: AppContext, options: WebhooksOptions = {}): Webhooks {
  const settings = ctx.config.webhooks;
  const resolve = options.resolve ?? resolveWithSystem;
  let lastPrunedAt = 0;

  async function pruneOldDeliveries(now: number): Promise<void> {
    if (now - lastPrunedAt < PRUNE_EVERY_MS) return;
    lastPrunedAt = now;
    await deleteFinishedDeliveriesBefore(ctx.db, new Date(now - FINISHED_DELIVERIES_KEPT_MS));
  }

  async function requireEndpoint(user: RoomUser, id: string) {
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
  function retryDelayMs(attempt: number, job: WebhookDeliveryJob, now = Date.now()): number {
    const deadline = job.createdAt + settings.failureWindowMs;
    return Math.min(settings.retryBaseDelayMs * 2 ** (attempt - 1), deadline - now);
  }

  async function deliver(job: WebhookDeliveryJob, signal: AbortSignal): Promise<void> {
    await pruneOldDeliveries(Date.now());
    const delivery = await findDelivery(ctx.db, job.deliveryId);
    // Finished (this job ran before, or its endpoint was turned off), or deleted with its endpoint.
    if (delivery?.status !== 'pending') return;
    const endpoint = await findEndpoint(ctx.db, delivery.endpointId);
    if (!endpoint) return;
    if (!endpoint.isEnabled) {
      await failDelivery(ctx.db, delivery.id, 'The endpoint is turned off.', new Date());
      return;
    }
    // Queued before its creator was removed from the room: what they added sends nothing more (ADR 61).
    if (!(await managesRoom(ctx.db, endpoint.roomId, endpoint.createdBy))) {
      await failDelivery(ctx.db, delivery.id, CREATOR_REMOVED_REASON, new Date());
      return;
    }
    const startedAt = new Date();
    const secrets = [endpoint.secret];
    if (
      endpoint.previousSecret &&
      endpoint.previousSecretExpiresAt &&
      endpoint.previousSecretExpiresAt > startedAt
    )
      secrets.push(endpoint.previousSecret);
    const outcome = await sendWebhook(
      {
        url: endpoint.url,
        messageId: delivery.messageId,
        body: delivery.payload,
        secrets,
        at: startedAt,
        signal,
      },
      { allowPrivate: settings.allowPrivateAddresses, resolve, timeoutMs: settings.timeoutMs },
    );
    // Stopping the server aborts the attempt: it is handed back to the queue, not recorded as a failure.
    if (signal.aborted) throw signal.reason;
    const finishedAt = new Date();
    const recorded = (status: StoredDelivery['status'], nextAttemptAt: Date | null) => ({
      status,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      responseExcerpt: outcome.responseExcerpt,
      durationMs: outcome.durationMs,
      lastAttemptAt: startedAt,
      nextAttemptAt,
      finishedAt: status === 'pending' ? null : finishedAt,
    });
    if (outcome.ok) {
      await ctx.db.transaction().execute(async (trx) => {
        await recordAttempt(trx, delivery.id, recorded('succeeded', null));
        await markEndpointHealthy(trx, endpoint.id);
      });
      return;
    }
    const wait = retryDelayMs(delivery.attempts + 1, job, finishedAt.getTime());
    const givesUp = wait <= 0;
    const endpointTurnedOff = await ctx.db.transaction().execute(async (trx) => {
      await recordAttempt(
        trx,
        delivery.id,
        recorded(givesUp ? 'failed' : 'pending', givesUp ? null : new Date(finishedAt.getTime() + wait)),
      );
      const failingSince = await markEndpointFailing(trx, endpoint.id, startedAt);
      // A whole window of failures: this delivery's, with no success anywhere on the endpoint since its
      // first attempt.
      if (!givesUp || failingSince > (delivery.firstAttemptAt ?? startedAt)) return false;
      return disableEndpoint(trx, endpoint, failingSince, outcome, finishedAt);
    });
    // Thrown, the attempt is retried by the queue after retryDelayMs.
    if (!givesUp && !endpointTurnedOff) throw new Error(outcome.error ?? 'the delivery failed');
  }

  async function disableEndpoint(
    trx: AppContext['db'],
    endpoint: StoredEndpoint,
    failingSince: Date,
    outcome: AttemptOutcome,
    now: Date,
  ): Promise<boolean> {
    const reason = `Every delivery failed for ${describeWindow(settings.failureWindowMs)}.`;
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

  const deliveryJob: JobDefinition<WebhookDeliveryJob> = {
    kind: WEBHOOK_DELIVERY_JOB,
    payloadSchema: webhookDeliveryJobSchema,
    // The window ends the retries (retryDelayMs); this only bounds a runaway.
    maxAttempts: 64,
    timeoutMs: settings.timeoutMs * 3 + 5_000,
    concurrency: 4,
    run: (job, running) => deliver(job, running.signal),
    retryDelayMs: (attempt, job) => Math.max(0, retryDelayMs(attempt, job)),
    async onFailed(job, error) {
      await failDelivery(ctx.db, job.deliveryId, error, new Date());
    },
  };

  const disabledMailJob: JobDefinition<z.infer<typeof disabledMailJobSchema>> = {
    kind: WEBHOOK_DISABLED_MAIL_JOB,
    payloadSchema: disabledMailJobSchema,
    maxAttempts: 8,
    timeoutMs: 60_000,
    concurrency: 1,
    async run(job) {
      const endpoint = await findEndpoint(ctx.db, job.endpointId);
      // Deleted meanwhile, or turned back on: nothing to tell.
      if (!endpoint || endpoint.isEnabled || !endpoint.disabledAt) return;
      const owner = await findRoomOwner(ctx.db, endpoint.roomId);
      if (!owner) return;
      const host = new URL(ctx.config.appUrl).hostname;
      await ctx.mailer.send(
        webhookDisabledEmail({
          to: owner.ownerEmail,
          companyName: owner.companyName,
          endpointUrl: endpoint.url,
          failingSince: new Date(job.failingSince),
          lastError: job.lastError,
          settingsUrl: `${ctx.config.appUrl}${href('setupDataRoom')}?tab=settings`,
          messageId: `<webhook-disabled-${endpoint.id}-${endpoint.disabledAt.getTime()}@${host}>`,
        }),
      );
    },
  };

  return {
    jobs: [deliveryJob, disabledMailJob],

    async list(user) {
      const room = await requireManagedRoom(ctx, user);
      const now = new Date();
      const creators = await listEndpointCreators(ctx.db, room.id);
      return {
        endpoints: (await listRoomEndpoints(ctx.db, room.id)).map((e) => toEndpointView(e, now, creators)),
      };
    },

    async create(user, input) {
      const room = await requireManagedRoom(ctx, user);
      const request = createWebhookEndpointRequestSchema.parse(input);
      let url: URL;
      try {
        url = await checkEndpointUrl(request.url, { allowPrivate: settings.allowPrivateAddresses, resolve });
      } catch (error) {
        if (!(error instanceof RefusedAddressError)) throw error;
        throw new HttpError(400, 'invalid_request', `url: ${error.message}.`, { field: 'url' });
      }
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
      await ctx.db.transaction().execute(async (trx) => {
        // Counted in the transaction, so two creations at once cannot both take the last place.
        const existing = await listRoomEndpoints(trx, room.id);
        if (existing.some((other) => other.url === endpoint.url))
          throw new HttpError(
            409,
            'endpoint_exists',
            'This URL is already a webhook endpoint of your data room.',
          );
        if ((await countRoomEndpoints(trx, room.id)) >= MAX_WEBHOOK_ENDPOINTS)
          throw new HttpError(
            409,
            'too_many_endpoints',
            `A data room can have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one to add another.`,
          );
        await insertEndpoint(trx, endpoint);
      });
      const creators = await listEndpointCreators(ctx.db, room.id);
      return { endpoint: toEndpointView(endpoint, now, creators), secret: endpoint.secret };
    },

    async update(user, id, input) {
      const request = updateWebhookEndpointRequestSchema.parse(input);
      const { room, endpoint } = await requireEndpoint(user, id);
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
      return toEndpointView(updated, now, await listEndpointCreators(ctx.db, room.id));
    },

    async remove(user, id) {
      const room = await requireManagedRoom(ctx, user);
      // Its deliveries go with it; their jobs find nothing to send.
      if (!(await deleteRoomEndpoint(ctx.db, room.id, id)))
        throw new HttpError(404, 'not_found', ENDPOINT_NOT_FOUND);
    },

    async rotateSecret(user, id) {
      const { room, endpoint } = await requireEndpoint(user, id);
      const now = new Date();
      const secret = newSecret();
      await updateEndpoint(ctx.db, endpoint.id, {
        secret,
        previousSecret: endpoint.secret,
        previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_OVERLAP_MS),
        updatedAt: now,
      });
      const updated = await findEndpoint(ctx.db, endpoint.id);
      if (!updated) throw new HttpError(404, 'not_found', ENDPOINT_NOT_FOUND);
      return { endpoint: toEndpointView(updated, now, await listEndpointCreators(ctx.db, room.id)), secret };
    },

    async sendTest(user, id) {
      const { room, endpoint } = await requireEndpoint(user, id);
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
    },

    async deliveries(user, id) {
      const { endpoint } = await requireEndpoint(user, id);
      const deliveries = await listEndpointDeliveries(ctx.db, endpoint.id, DELIVERY_LOG_LENGTH);
      return { deliveries: deliveries.map(toDeliveryView) };
    },
  };
}

function describeWindow(ms: number): string {
  const hours = ms / 3_600_000;
  if (hours >= 1 && Number.isInteger(hours)) return hours === 24 ? 'a day' : `${hours} hours`;
  const seconds = Math.round(ms / 1000);
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}
