import { type Kysely, sql } from 'kysely';

// Webhooks (docs/decisions/0052-webhooks.md):
// - webhook_endpoints: a room's HTTPS endpoints, the events each wants (a JSON array), its signing secret
//   and, for a while after a rotation, the one before it; failing_since_at is the first failed attempt
//   since the last success (a day of that turns the endpoint off, with disabled_at and its reason);
// - webhook_deliveries: one row per event and endpoint (the delivery log), its body as it is signed and
//   sent on every attempt, and the outcome of the last attempt. Each has one job in `jobs` (ADR 40).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'bigint')
    .addColumn('is_enabled', 'integer', (c) => c.notNull().check(sql`is_enabled in (0, 1)`))
    .addColumn('disabled_at', 'bigint')
    .addColumn('disabled_reason', 'text')
    .addColumn('failing_since_at', 'bigint')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_room_idx')
    .on('webhook_endpoints')
    .column('room_id')
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('response_excerpt', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('first_attempt_at', 'bigint')
    .addColumn('last_attempt_at', 'bigint')
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_created_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
