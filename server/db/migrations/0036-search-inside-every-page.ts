import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Search inside every page (docs/decisions/0088-search-inside-every-page.md). `search_pages` holds each
// prepared page's text, as the current version shows it; `search_documents` says which version of each
// document it holds (a document whose pages have no text has a row there and none in search_pages). The
// full-text index is each dialect's own:
// - SQLite: an FTS5 table over search_pages' room and text (external content, so the text is stored
//   once), kept by triggers; `porter unicode61 remove_diacritics 2` stems English and folds case and
//   accents. The room is indexed too, so a search reads one room's postings and never ranks another's.
// - PostgreSQL: the text's tsvector in the `roundroom_search` configuration (English stemming after
//   `unaccent`, an extension in postgresql-contrib, trusted since PostgreSQL 13, so the database's owner
//   may create it), stored beside the text so that ranking a page does not parse it again, under a GIN
//   index.
// `room_searches` is what the room's readers searched for, for the founder's Analytics; `search_settings`
// the room's switch that keeps the words out of it. `questions.passages` holds the passages "Ask the
// room" showed a reader who then sent their question to the founders.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('search_documents')
    .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    // No foreign key to data_rooms: the row goes with its document (and the document with its room), and
    // a key to data_rooms would make the preparation's commit wait on the room's row, which a document's
    // delete locks before the preview's row that the commit holds (a deadlock on PostgreSQL).
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('version_number', 'integer', (c) => c.notNull())
    .addColumn('indexed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('search_pages')
    .addColumn('document_id', 'text', (c) =>
      c.notNull().references('search_documents.document_id').onDelete('cascade'),
    )
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_pages_pkey', ['document_id', 'page'])
    .execute();
  await db.schema.createIndex('search_pages_room').on('search_pages').columns(['room_id']).execute();
  if (isSqlite) {
    await sql`create virtual table search_pages_fts using fts5(
      room_id, text, content='search_pages', content_rowid='rowid',
      tokenize='porter unicode61 remove_diacritics 2'
    )`.execute(db);
    await sql`create trigger search_pages_indexed after insert on search_pages begin
      insert into search_pages_fts(rowid, room_id, text) values (new.rowid, new.room_id, new.text);
    end`.execute(db);
    await sql`create trigger search_pages_unindexed after delete on search_pages begin
      insert into search_pages_fts(search_pages_fts, rowid, room_id, text)
        values ('delete', old.rowid, old.room_id, old.text);
    end`.execute(db);
  } else {
    await sql`create extension if not exists unaccent`.execute(db);
    await sql`create text search configuration roundroom_search (copy = english)`.execute(db);
    await sql`alter text search configuration roundroom_search
      alter mapping for hword, hword_part, word with unaccent, english_stem`.execute(db);
    await sql`alter table search_pages add column words tsvector
      generated always as (to_tsvector('roundroom_search', text)) stored`.execute(db);
    await sql`create index search_pages_words on search_pages using gin (words)`.execute(db);
  }

  await db.schema
    .createTable('room_searches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('invitation_id', 'text', (c) => c.references('invitations.id').onDelete('cascade'))
    .addColumn('query', 'text')
    .addColumn('result_count', 'integer', (c) => c.notNull())
    .addColumn('searched_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('room_searches_by_room')
    .on('room_searches')
    .columns(['room_id', 'searched_at'])
    .execute();
  await db.schema
    .createTable('search_settings')
    .addColumn('room_id', 'text', (c) => c.primaryKey().references('data_rooms.id').onDelete('cascade'))
    .addColumn('is_query_visible', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('questions').addColumn('passages', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema.alterTable('questions').dropColumn('passages').execute();
  await db.schema.dropTable('search_settings').execute();
  await db.schema.dropTable('room_searches').execute();
  if (isSqlite) await sql`drop table search_pages_fts`.execute(db);
  await db.schema.dropTable('search_pages').execute();
  await db.schema.dropTable('search_documents').execute();
  if (!isSqlite) await sql`drop text search configuration roundroom_search`.execute(db);
}
