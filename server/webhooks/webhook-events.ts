import crypto from 'node:crypto';
import { z } from 'zod';
import { untilNextWrite } from '#server/caches/cache-registry';
import type { ReadCache } from '#server/caches/epoch-cache';
import type { DatabaseExecutor } from '#server/db/schema';
import { enqueueJob } from '#server/jobs/job-queue';
import {
  CREATOR_REMOVED_REASON,
  type WEBHOOK_TEST_EVENT,
  type WebhookEventData,
  type WebhookEventType,
  type WebhookPayload,
} from '#shared/contracts/webhooks';

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

/**
 * The room's enabled endpoints whose creator still manages the room: its owner, or a co-founder who is
 * still one. An endpoint answers for the person who added it (ADR 47, ADR 52, amended by ADR 61): once
 * a co-founder is removed, what they added receives nothing more, even before it is turned off.
 */
async function enabledEndpoints(db: DatabaseExecutor, roomId: string): Promise<ListeningEndpoint[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('room_id', '=', roomId)
    .where('is_enabled', '=', 1)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('data_rooms')
            .select('data_rooms.id')
            .whereRef('data_rooms.id', '=', 'webhook_endpoints.room_id')
            .whereRef('data_rooms.owner_id', '=', 'webhook_endpoints.created_by'),
        ),
        eb.exists(
          eb
            .selectFrom('room_members')
            .select('room_members.user_id')
            .whereRef('room_members.room_id', '=', 'webhook_endpoints.room_id')
            .whereRef('room_members.user_id', '=', 'webhook_endpoints.created_by')
            .where('room_members.role', '=', 'editor'),
        ),
      ]),
    )
    .execute();
  return rows.map((row) => ({ id: row.id, events: JSON.parse(row.events) as WebhookEventType[] }));
}

/** The events a room's enabled endpoints want, together: what webhookEventsCache keeps by room. */
export interface RoomWebhookEvents {
  events: WebhookEventType[];
}

/**
 * The events a room's enabled webhook endpoints want, by room: asked on every download and click, kept
 * until the next write (server/caches/cache-registry.ts), so a new or disabled endpoint is seen at once.
 */
export const webhookEventsCache = untilNextWrite<RoomWebhookEvents>('webhookEvents');

/**
 * Whether an enabled endpoint of the room wants this event, so a path that writes outside a transaction
 * (the access log's group commit) opens one only when there is something to send. Every download and
 * click asks: given the cache, the answer is kept until the next write (on any node, ADR 49); inside a
 * transaction, pass none, so the answer is the transaction's own.
 */
export async function roomListensFor(
  db: DatabaseExecutor,
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

/** Whether this person manages the room (its owner or a co-founder): whom an endpoint may answer for. */
export async function managesRoom(
  db: DatabaseExecutor,
  roomId: string,
  userId: string | null,
): Promise<boolean> {
  if (!userId) return false;
  const owned = await db
    .selectFrom('data_rooms')
    .select('id')
    .where('id', '=', roomId)
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  if (owned) return true;
  const edited = await db
    .selectFrom('room_members')
    .select('user_id')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .where('role', '=', 'editor')
    .executeTakeFirst();
  return edited !== undefined;
}

/**
 * Turns off the room's endpoints this co-founder added, and ends what was pending for them, in the
 * caller's transaction (the one that removes the co-founder): the room's data stops going where a
 * person who lost access chose (ADR 61).
 */
export async function stopEndpointsAddedBy(
  trx: DatabaseExecutor,
  roomId: string,
  userId: string,
  at: Date,
): Promise<void> {
  const endpoints = await trx
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('room_id', '=', roomId)
    .where('created_by', '=', userId)
    .execute();
  if (endpoints.length === 0) return;
  const ids = endpoints.map((endpoint) => endpoint.id);
  await trx
    .updateTable('webhook_endpoints')
    .set({
      is_enabled: 0,
      disabled_at: at.getTime(),
      disabled_reason: CREATOR_REMOVED_REASON,
      updated_at: at.getTime(),
    })
    .where('id', 'in', ids)
    .where('is_enabled', '=', 1)
    .execute();
  await trx
    .updateTable('webhook_deliveries')
    .set({
      status: 'failed',
      last_error: CREATOR_REMOVED_REASON,
      next_attempt_at: null,
      finished_at: at.getTime(),
    })
    .where('endpoint_id', 'in', ids)
    .where('status', '=', 'pending')
    .execute();
}

/** Queues the event for each enabled endpoint of the room that wants it; returns how many. */
export async function emitWebhookEvent<Type extends WebhookEventType>(
  trx: DatabaseExecutor,
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
  trx: DatabaseExecutor,
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
  db: DatabaseExecutor,
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
