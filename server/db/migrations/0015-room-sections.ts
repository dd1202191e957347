import { type Kysely, SqliteAdapter, sql } from 'kysely';

// A room's sections text in a table of its own (docs/decisions/0054-sections-in-their-own-table.md):
// room_sections holds the text a founder saved and when; no row means the starter template made from
// the room's company columns, as a NULL data_rooms.sections_markdown meant until now. Saving sections
// or linking an upload then writes room_sections alone, so the cached answers read from data_rooms
// (who may read a room, which room a founder manages) survive it (ADR 53).
//
// The old columns go differently on each dialect (docs/operations.md, upgrading without downtime):
// - SQLite has one server, stopped before the new build migrates: they are dropped here (ALTER TABLE ...
//   DROP COLUMN, SQLite 3.35 and later; they are in no index or constraint).
// - On PostgreSQL the nodes of the previous build go on serving until each is restarted, and they read
//   the sections from these columns: they stay, with the text as of this migration, and a write to them
//   is refused (the trigger below), so that nothing is saved where the new build does not read it. Such
//   a node answers a sections save with an error the founder can retry, and shows investors the text as
//   it was; the next release that drops a column drops these two and the trigger (ADR 54).

const SECTIONS_MOVED = 'roundroom_sections_moved';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('room_sections')
    .addColumn('room_id', 'text', (c) => c.primaryKey().references('data_rooms.id').onDelete('cascade'))
    .addColumn('markdown', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`
    insert into room_sections (room_id, markdown, updated_at)
    select id, sections_markdown, coalesce(sections_updated_at, updated_at)
      from data_rooms where sections_markdown is not null
  `.execute(db);
  // "Last updated" is the later of the two times (rooms.service.ts toDataRoomView): a time kept beside
  // no text (none is written so, but a hand-edited row may have one) moves to the room's own.
  await sql`
    update data_rooms set updated_at = sections_updated_at
     where sections_markdown is null and sections_updated_at > updated_at
  `.execute(db);
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await db.schema.alterTable('data_rooms').dropColumn('sections_markdown').execute();
    await db.schema.alterTable('data_rooms').dropColumn('sections_updated_at').execute();
    return;
  }
  await sql
    .raw(
      `create function ${SECTIONS_MOVED}() returns trigger language plpgsql as $$
       begin
         raise exception 'The sections are saved in room_sections since migration 0015: this server runs an older build and must be restarted on the new one.';
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${SECTIONS_MOVED} before update of sections_markdown, sections_updated_at on data_rooms
         for each row when (new.sections_markdown is distinct from old.sections_markdown
                            or new.sections_updated_at is distinct from old.sections_updated_at)
         execute function ${SECTIONS_MOVED}()`,
    )
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await db.schema.alterTable('data_rooms').addColumn('sections_markdown', 'text').execute();
    await db.schema.alterTable('data_rooms').addColumn('sections_updated_at', 'bigint').execute();
  } else {
    await sql.raw(`drop trigger ${SECTIONS_MOVED} on data_rooms`).execute(db);
    await sql.raw(`drop function ${SECTIONS_MOVED}()`).execute(db);
  }
  await sql`
    update data_rooms set
      sections_markdown = (select markdown from room_sections where room_id = data_rooms.id),
      sections_updated_at = (select updated_at from room_sections where room_id = data_rooms.id)
  `.execute(db);
  await db.schema.dropTable('room_sections').execute();
}
