import { type Kysely, sql } from 'kysely';

// Reading analytics (docs/decisions/0041-reading-analytics.md). Raw reports are never stored: each
// accepted report is added, in one transaction, to the roll-ups below, so that every founder query is an
// index lookup whatever the number of reports.
// - reading_views: one opening of one document by one reader, with its running totals;
// - reading_view_pages: per view and page (which pages a view has seen, and for how long);
// - reading_reader_pages: per document, reader and page (one reader's time per page, over their views);
// - reading_document_pages: per document and page (time over every reader, and how many saw the page);
// - reading_document_readers: per document and reader (views, time, distinct pages seen, when);
// - reading_documents: per document (views, readers, time): the room's most and least read;
// - reading_room_readers: per room and reader (last seen): the readers of the last 7 days.
// Time is kept in whole milliseconds (integers behave the same on both dialects).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reading_views')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('last_report_at', 'bigint')
    .addColumn('read_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('pages_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('report_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The investor's timeline, newest first.
  await db.schema
    .createIndex('reading_views_room_user_started_idx')
    .on('reading_views')
    .columns(['room_id', 'user_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('reading_views_document_idx')
    .on('reading_views')
    .column('document_id')
    .execute();
  await db.schema.createIndex('reading_views_user_idx').on('reading_views').column('user_id').execute();

  await db.schema
    .createTable('reading_view_pages')
    .addColumn('view_id', 'text', (c) => c.notNull().references('reading_views.id').onDelete('cascade'))
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('read_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_view_pages_pk', ['view_id', 'page'])
    .execute();

  await db.schema
    .createTable('reading_reader_pages')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('read_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_reader_pages_pk', ['document_id', 'user_id', 'page'])
    .execute();
  await db.schema
    .createIndex('reading_reader_pages_user_idx')
    .on('reading_reader_pages')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('reading_document_pages')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('read_ms', 'bigint', (c) => c.notNull())
    .addColumn('reader_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_document_pages_pk', ['document_id', 'page'])
    .execute();

  await db.schema
    .createTable('reading_document_readers')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('view_count', 'integer', (c) => c.notNull())
    .addColumn('read_ms', 'bigint', (c) => c.notNull())
    .addColumn('pages_seen', 'integer', (c) => c.notNull())
    .addColumn('first_viewed_at', 'bigint', (c) => c.notNull())
    .addColumn('last_viewed_at', 'bigint', (c) => c.notNull())
    // One wall clock per reader and document: the instant up to which the reader's time on it has been
    // credited, so several views reporting at once share the time that really passed.
    .addColumn('clock_at', 'bigint')
    .addPrimaryKeyConstraint('reading_document_readers_pk', ['document_id', 'user_id'])
    .execute();
  // An investor's documents.
  await db.schema
    .createIndex('reading_document_readers_room_user_idx')
    .on('reading_document_readers')
    .columns(['room_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('reading_document_readers_user_idx')
    .on('reading_document_readers')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('reading_documents')
    .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('view_count', 'integer', (c) => c.notNull())
    .addColumn('reader_count', 'integer', (c) => c.notNull())
    .addColumn('read_ms', 'bigint', (c) => c.notNull())
    .addColumn('last_viewed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reading_documents_room_idx')
    .on('reading_documents')
    .column('room_id')
    .execute();

  await db.schema
    .createTable('reading_room_readers')
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('view_count', 'integer', (c) => c.notNull())
    .addColumn('read_ms', 'bigint', (c) => c.notNull())
    .addColumn('first_viewed_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_room_readers_pk', ['room_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('reading_room_readers_room_seen_idx')
    .on('reading_room_readers')
    .columns(['room_id', 'last_seen_at'])
    .execute();
  await db.schema
    .createIndex('reading_room_readers_user_idx')
    .on('reading_room_readers')
    .column('user_id')
    .execute();

  // An investor's downloads and clicks, newest first, without reading the rest of the room's log.
  await sql`create index access_events_room_user_occurred_idx on access_events (room_id, user_id, occurred_at)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index access_events_room_user_occurred_idx`.execute(db);
  for (const table of [
    'reading_room_readers',
    'reading_documents',
    'reading_document_readers',
    'reading_document_pages',
    'reading_reader_pages',
    'reading_view_pages',
    'reading_views',
  ])
    await db.schema.dropTable(table).execute();
}
