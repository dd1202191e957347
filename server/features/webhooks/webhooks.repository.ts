import { type Entity, fromRow, toEpochMs, toRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './webhooks.tables';

/** Webhook endpoints and their delivery log (docs/decisions/0052-webhooks.md); every query names its room or endpoint. */

export type StoredEndpoint = Entity<WebhookEndpointRow>;
export type StoredDelivery = Entity<WebhookDeliveryRow>;

export async function listRoomEndpoints(
  db: ModuleExecutor<'webhooks'>,
  roomId: string,
): Promise<StoredEndpoint[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('room_id', '=', roomId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => fromRow(row));
}

export async function countRoomEndpoints(db: ModuleExecutor<'webhooks'>, roomId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('room_id', '=', roomId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertEndpoint(
  db: ModuleExecutor<'webhooks'>,
  endpoint: StoredEndpoint,
): Promise<void> {
  await db.insertInto('webhook_endpoints').values(toRow<WebhookEndpointRow>(endpoint)).execute();
}

export async function findRoomEndpoint(
  db: ModuleExecutor<'webhooks'>,
  roomId: string,
  id: string,
): Promise<StoredEndpoint | undefined> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function findEndpoint(
  db: ModuleExecutor<'webhooks'>,
  id: string,
): Promise<StoredEndpoint | undefined> {
  const row = await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function updateEndpoint(
  db: ModuleExecutor<'webhooks'>,
  id: string,
  changes: Partial<Omit<StoredEndpoint, 'id' | 'roomId' | 'createdAt'>>,
): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set(toRow<WebhookEndpointRow>(changes))
    .where('id', '=', id)
    .execute();
}

export async function deleteRoomEndpoint(
  db: ModuleExecutor<'webhooks'>,
  roomId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('room_id', '=', roomId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Turns an endpoint off after its failure window, once: only the call that finds it still on and still
 * failing since before `failingSince` does it (two deliveries failing at once mail the founder once).
 */
export async function disableFailingEndpoint(
  db: ModuleExecutor<'webhooks'>,
  id: string,
  failingSince: Date,
  reason: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ is_enabled: 0, disabled_at: toEpochMs(now), disabled_reason: reason, updated_at: toEpochMs(now) })
    .where('id', '=', id)
    .where('is_enabled', '=', 1)
    .where('failing_since_at', '<=', toEpochMs(failingSince))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks the endpoint failing from now, unless it already was; returns since when it has been failing. */
export async function markEndpointFailing(
  db: ModuleExecutor<'webhooks'>,
  id: string,
  now: Date,
): Promise<Date> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since_at: toEpochMs(now) })
    .where('id', '=', id)
    .where('failing_since_at', 'is', null)
    .execute();
  const row = await db
    .selectFrom('webhook_endpoints')
    .select('failing_since_at')
    .where('id', '=', id)
    .executeTakeFirst();
  return new Date(row?.failing_since_at ?? toEpochMs(now));
}

export async function markEndpointHealthy(db: ModuleExecutor<'webhooks'>, id: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since_at: null })
    .where('id', '=', id)
    .where('failing_since_at', 'is not', null)
    .execute();
}

export async function listEndpointDeliveries(
  db: ModuleExecutor<'webhooks'>,
  endpointId: string,
  limit: number,
): Promise<StoredDelivery[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => fromRow(row));
}

export async function findDelivery(
  db: ModuleExecutor<'webhooks'>,
  id: string,
): Promise<StoredDelivery | undefined> {
  const row = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export interface AttemptRecord {
  status: StoredDelivery['status'];
  lastStatusCode: number | null;
  lastError: string | null;
  responseExcerpt: string | null;
  durationMs: number;
  lastAttemptAt: Date;
  nextAttemptAt: Date | null;
  finishedAt: Date | null;
}

/** Records an attempt on a delivery still pending (a repeat of a finished one records nothing). */
export async function recordAttempt(
  db: ModuleExecutor<'webhooks'>,
  id: string,
  attempt: AttemptRecord,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      ...toRow<WebhookDeliveryRow>(attempt),
      attempts: eb('attempts', '+', 1),
      first_attempt_at: eb.fn.coalesce('first_attempt_at', eb.val(toEpochMs(attempt.lastAttemptAt))),
    }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends every pending delivery of an endpoint (turned off or deleted): their jobs then send nothing. */
export async function failPendingDeliveries(
  db: ModuleExecutor<'webhooks'>,
  endpointId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', last_error: reason, next_attempt_at: null, finished_at: toEpochMs(now) })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

/** Ends one pending delivery without an attempt (its endpoint was turned off, or its window passed). */
export async function failDelivery(
  db: ModuleExecutor<'webhooks'>,
  id: string,
  reason: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', last_error: reason, next_attempt_at: null, finished_at: toEpochMs(now) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Deletes finished deliveries older than `before`: the log is for recent trouble, not an archive. */
export async function deleteFinishedDeliveriesBefore(
  db: ModuleExecutor<'webhooks'>,
  before: Date,
): Promise<void> {
  await db
    .deleteFrom('webhook_deliveries')
    .where('status', '!=', 'pending')
    .where('finished_at', '<', toEpochMs(before))
    .execute();
}
