import { type Kysely, SqliteAdapter, sql } from 'kysely';

// founder_notifications.kind loses its check constraint (docs/decisions/0085-modules-own-their-tables.md):
// a feature's notice to the founders is declared beside the feature and registered in app.ts (ADR 82), so
// a new kind must not need a migration in a platform folder. The kinds stay checked in code: the notice
// registry writes no row of a kind it does not hold. SQLite cannot drop a constraint, so it rebuilds the
// (small) table, as 0027 did; down restores the check with the kinds of today.

/** Every kind the check named when it was dropped: down keeps these rows and deletes any other. */
const KINDS_CHECKED_UNTIL_NOW = ['first_visit', 'hourly', 'daily', 'question'];

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table founder_notifications drop constraint founder_notifications_kind_check`.execute(db);
    return;
  }
  await rebuildFounderNotifications(db, undefined);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('founder_notifications').where('kind', 'not in', KINDS_CHECKED_UNTIL_NOW).execute();
  const kinds = sql`kind in (${sql.join(KINDS_CHECKED_UNTIL_NOW.map((kind) => sql.lit(kind)))})`;
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table founder_notifications add constraint founder_notifications_kind_check check (${kinds})`.execute(
      db,
    );
    return;
  }
  await rebuildFounderNotifications(db, kinds);
}

/**
 * SQLite's way to change a constraint (https://www.sqlite.org/lang_altertable.html#otheralter): create,
 * copy, drop, rename, in the migrator's transaction; no table refers to this one. With `kinds`, the check.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function rebuildFounderNotifications(db: Kysely<any>, kinds: ReturnType<typeof sql> | undefined) {
  let table = db.schema
    .createTable('founder_notifications_new')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('notification_key', 'text', (c) => c.notNull().unique())
    .addColumn('investor_email', 'text')
    .addColumn('window_start_at', 'bigint')
    .addColumn('window_end_at', 'bigint')
    .addColumn('unsubscribe_token_hash', 'text', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('skipped_at', 'bigint');
  if (kinds) table = table.addCheckConstraint('founder_notifications_kind_check', kinds);
  await table.execute();
  await sql`insert into founder_notifications_new select id, room_id, kind, notification_key, investor_email, window_start_at, window_end_at, unsubscribe_token_hash, created_at, sent_at, skipped_at from founder_notifications`.execute(
    db,
  );
  await db.schema.dropTable('founder_notifications').execute();
  await db.schema.alterTable('founder_notifications_new').renameTo('founder_notifications').execute();
  await db.schema
    .createIndex('founder_notifications_room_idx')
    .on('founder_notifications')
    .column('room_id')
    .execute();
}
