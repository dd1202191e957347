import crypto from 'node:crypto';
import { z } from 'zod';
import type {
  WEBHOOK_TEST_EVENT,
  WebhookEventData,
  WebhookEventType,
  WebhookPayload,
} from '../../shared/contracts/webhooks';
import type { ReadCache } from '../caches/epoch-cache';
import type { Executor } from '../db/columns';
import { enqueueJob } from '../jobs/job-queue';

/**
 * The one way an event becomes webhook deliveries (docs/decisions/0052-webhooks.md): a row per enabled
 * endpoint of the room that wants the event, and its delivery job, written in the caller's transaction,
 * so the event and its deliveries commit together or not at all. Platform code, below every feature:
 * the features that record what happens (uploads, the access log, NDAs, invitations) call it where they
 * write; the webhooks feature manages endpoints and runs the jobs.
 */

export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';

export const webhookDeliveryJobSchema = z.object({
  deliveryId: z.string(),
  /** When the event happened (epoch ms): retries stop a failure window after it. */
  createdAt: z.number(),
});
export type WebhookDeliveryJob = z.infer<typeof webhookDeliveryJobSchema>;

interface ListeningEndpoint {
  id: string;
  events: WebhookEventType[];
}

async function enabledEndpoints(db: Executor, roomId: string): Promise<ListeningEndpoint[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('room_id', '=', roomId)
    .where('is_enabled', '=', 1)
    .execute();
  return rows.map((row) => ({ id: row.id, events: JSON.parse(row.events) as WebhookEventType[] }));
}

/** The events a room's enabled endpoints want, together: what caches.webhookEvents keeps by room. */
export interface RoomWebhookEvents {
  events: WebhookEventType[];
}

/**
 * Whether an enabled endpoint of the room wants this event, so a path that writes outside a transaction
 * (the access log's group commit) opens one only when there is something to send. Every download and
 * click asks: given the cache, the answer is kept until the next write (on any node, ADR 49); inside a
 * transaction, pass none, so the answer is the transaction's own.
 */
export async function roomListensFor(
  db: Executor,
  roomId: string,
  type: WebhookEventType,
  cache?: ReadCache<RoomWebhookEvents>,
): Promise<boolean> {
  const load = async () => ({
    events: (await enabledEndpoints(db, roomId)).flatMap((endpoint) => endpoint.events),
  });
  const listened = cache ? await cache.get(roomId, load) : await load();
  return listened?.events.includes(type) ?? false;
}

/** Queues the event for each enabled endpoint of the room that wants it; returns how many. */
export async function emitWebhookEvent<Type extends WebhookEventType>(
  trx: Executor,
  roomId: string,
  type: Type,
  data: WebhookEventData<Type>,
  at: Date,
): Promise<number> {
  const endpoints = (await enabledEndpoints(trx, roomId)).filter((endpoint) =>
    endpoint.events.includes(type),
  );
  for (const endpoint of endpoints)
    await queueWebhookDelivery(trx, { endpointId: endpoint.id, roomId }, type, data, at);
  return endpoints.length;
}

/** One delivery to one endpoint, whatever it subscribes to ("Send test event" uses it directly). */
export async function queueWebhookDelivery(
  trx: Executor,
  target: { endpointId: string; roomId: string },
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT,
  data: object,
  at: Date,
): Promise<string> {
  const id = crypto.randomUUID();
  const payload: WebhookPayload = { type, timestamp: at.toISOString(), data: { ...data } };
  await trx
    .insertInto('webhook_deliveries')
    .values({
      id,
      endpoint_id: target.endpointId,
      room_id: target.roomId,
      // Standard Webhooks' webhook-id: the same on every attempt, so a receiver can drop a repeat.
      message_id: `msg_${crypto.randomBytes(16).toString('base64url')}`,
      event_type: type,
      payload: JSON.stringify(payload),
      status: 'pending',
      attempts: 0,
      last_status_code: null,
      last_error: null,
      response_excerpt: null,
      duration_ms: null,
      created_at: at.getTime(),
      first_attempt_at: null,
      last_attempt_at: null,
      next_attempt_at: at.getTime(),
      finished_at: null,
    })
    .execute();
  const job: WebhookDeliveryJob = { deliveryId: id, createdAt: at.getTime() };
  await enqueueJob(trx, { kind: WEBHOOK_DELIVERY_JOB, payload: job, dedupeKey: `webhook:${id}` });
  return id;
}

/** Who did something in a room, as a receiver is told: from their account or their invitation. */
export async function webhookReaderOf(
  db: Executor,
  who: { userId: string | null; invitationId: string | null },
): Promise<WebhookEventData<'document.viewed'>['reader'] | undefined> {
  if (who.userId) {
    const user = await db
      .selectFrom('users')
      .select(['email', 'name'])
      .where('id', '=', who.userId)
      .executeTakeFirst();
    return user && { email: user.email, name: user.name || null, via: 'account' };
  }
  if (who.invitationId) {
    const invitation = await db
      .selectFrom('invitations')
      .select(['email', 'name'])
      .where('id', '=', who.invitationId)
      .executeTakeFirst();
    return invitation && { email: invitation.email, name: invitation.name || null, via: 'invitation' };
  }
  return undefined;
}
