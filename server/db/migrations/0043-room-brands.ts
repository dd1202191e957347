import { type Kysely, SqliteAdapter, sql } from 'kysely';

// A room's brand (docs/decisions/0094-the-founders-brand.md): one row per room that has one, its logo
// and banner stored in the row (blob on SQLite, bytea on PostgreSQL).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof SqliteAdapter ? 'blob' : 'bytea';
  await db.schema
    .createTable('room_brands')
    .addColumn('room_id', 'text', (c) => c.primaryKey().references('data_rooms.id').onDelete('cascade'))
    .addColumn('accent_color', 'text')
    .addColumn('logo_type', 'text', (c) => c.check(sql`logo_type in ('png', 'svg')`))
    .addColumn('logo_hash', 'text')
    .addColumn('logo_bytes', sql.raw(bytes))
    .addColumn('banner_hash', 'text')
    .addColumn('banner_bytes', sql.raw(bytes))
    .addColumn('is_roundroom_shown', 'integer', (c) =>
      c.notNull().defaultTo(1).check(sql`is_roundroom_shown in (0, 1)`),
    )
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('room_brands').execute();
}
