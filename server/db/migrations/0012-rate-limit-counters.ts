import type { Kysely } from 'kysely';

// Per-address rate limits counted in the database when no Redis is configured, shared by every server
// on one PostgreSQL (docs/decisions/0049-several-nodes-shared-state.md). One row per limited key (route
// and address or user): the count in the current window and when that window ends.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_expires_at_idx')
    .on('rate_limit_counters')
    .column('expires_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute();
}
