import { type Kysely, SqliteAdapter, sql } from 'kysely';

// A search reads one room's postings, and each engine now finds them in one step
// (docs/decisions/0088-search-inside-every-page.md, "Speed"):
// - SQLite: the FTS5 table indexed the room's id as a phrase of its five parts, so every search matched
//   a five-word phrase on each of the room's pages before its words. It now indexes `room_token`, the id
//   as one word (a virtual generated column: nothing more is stored), rebuilt from the pages.
// - PostgreSQL: the room and the words were two indexes whose bitmaps were ANDed; one GIN index over
//   both (btree_gin, in postgresql-contrib and trusted since PostgreSQL 13) finds a room's matching pages
//   alone.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`alter table search_pages add column room_token text
      generated always as (lower(replace(room_id, '-', ''))) virtual`.execute(db);
    await recreateFts(db, 'room_token');
    return;
  }
  await sql`create extension if not exists btree_gin`.execute(db);
  await sql`create index search_pages_room_words on search_pages using gin (room_id, words)`.execute(db);
  await sql`drop index search_pages_words`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await recreateFts(db, 'room_id');
    await sql`alter table search_pages drop column room_token`.execute(db);
    return;
  }
  await sql`create index search_pages_words on search_pages using gin (words)`.execute(db);
  await sql`drop index search_pages_room_words`.execute(db);
}

/** The FTS5 table and its triggers over `roomColumn` and the text, rebuilt from search_pages. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function recreateFts(db: Kysely<any>, roomColumn: 'room_id' | 'room_token'): Promise<void> {
  const room = sql.raw(roomColumn);
  await sql`drop trigger search_pages_indexed`.execute(db);
  await sql`drop trigger search_pages_unindexed`.execute(db);
  await sql`drop table search_pages_fts`.execute(db);
  await sql`create virtual table search_pages_fts using fts5(
    ${room}, text, content='search_pages', content_rowid='rowid',
    tokenize='porter unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`create trigger search_pages_indexed after insert on search_pages begin
    insert into search_pages_fts(rowid, ${room}, text) values (new.rowid, new.${room}, new.text);
  end`.execute(db);
  await sql`create trigger search_pages_unindexed after delete on search_pages begin
    insert into search_pages_fts(search_pages_fts, rowid, ${room}, text)
      values ('delete', old.rowid, old.${room}, old.text);
  end`.execute(db);
  await sql`insert into search_pages_fts(search_pages_fts) values ('rebuild')`.execute(db);
}
