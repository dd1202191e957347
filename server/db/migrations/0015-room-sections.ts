import { type Kysely, sql } from 'kysely';

// A room's sections text in a table of its own (docs/decisions/0054-sections-in-their-own-table.md):
// room_sections holds the text a founder saved and when; no row means the starter template made from
// the room's company columns, as a NULL data_rooms.sections_markdown meant until now. Saving sections
// or linking an upload then writes room_sections alone, so the cached answers read from data_rooms
// (who may read a room, which room a founder manages) survive it (ADR 53).
//
// The two old columns are plain nullable columns in no index or constraint, so both dialects drop
// them with ALTER TABLE ... DROP COLUMN (SQLite since 3.35), inside the migrator's transaction.

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
  await db.schema.alterTable('data_rooms').dropColumn('sections_markdown').execute();
  await db.schema.alterTable('data_rooms').dropColumn('sections_updated_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('data_rooms').addColumn('sections_markdown', 'text').execute();
  await db.schema.alterTable('data_rooms').addColumn('sections_updated_at', 'bigint').execute();
  await sql`
    update data_rooms set
      sections_markdown = (select markdown from room_sections where room_id = data_rooms.id),
      sections_updated_at = (select updated_at from room_sections where room_id = data_rooms.id)
  `.execute(db);
  await db.schema.dropTable('room_sections').execute();
}
