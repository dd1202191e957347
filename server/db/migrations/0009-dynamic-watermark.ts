import { type Kysely, sql } from 'kysely';

// The dynamic watermark (docs/decisions/0046-dynamic-watermark.md): data_rooms.is_watermark_enabled,
// off (0) unless the founder turns it on in Settings. A plain ADD COLUMN with a default and a check,
// accepted by SQLite and PostgreSQL alike.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('data_rooms')
    .addColumn('is_watermark_enabled', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`is_watermark_enabled in (0, 1)`),
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('data_rooms').dropColumn('is_watermark_enabled').execute();
}
