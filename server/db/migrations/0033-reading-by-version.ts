import { type Kysely, sql } from 'kysely';

// Reading analytics by version (docs/decisions/0077-reading-analytics-by-version.md).
// - reading_reader_pages and reading_document_pages gain version_number in their keys: page 6 of
//   version 1 and page 6 of version 2 are different pages. The tables are made anew (SQLite cannot change
//   a primary key) and filled from the views, which always named their version (null, from before
//   versions, is version 1) and keep every page they read.
// - reading_document_readers keeps its key (document, reader): it holds the reader's one wall clock on
//   the document, which must span versions, and the totals over every version. Its pages_seen becomes the
//   number of (version, page) pairs the reader has seen, as the report batch now counts it.
// - document_versions.page_count: the pages a founder reads of each version (1 for a file read whole),
//   null while unknown; filled here for the versions whose ready preview is still stored.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reading_reader_pages_by_version')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('version_number', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('read_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_reader_pages_v_pk', [
      'document_id',
      'version_number',
      'user_id',
      'page',
    ])
    .execute();
  await sql`
    insert into reading_reader_pages_by_version (document_id, version_number, user_id, page, read_ms)
    select v.document_id, coalesce(v.document_version, 1), v.user_id, p.page, sum(p.read_ms)
    from reading_view_pages p join reading_views v on v.id = p.view_id
    where p.read_ms > 0
    group by v.document_id, coalesce(v.document_version, 1), v.user_id, p.page`.execute(db);
  await db.schema.dropTable('reading_reader_pages').execute();
  await db.schema.alterTable('reading_reader_pages_by_version').renameTo('reading_reader_pages').execute();
  await db.schema
    .createIndex('reading_reader_pages_by_version_user_idx')
    .on('reading_reader_pages')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('reading_document_pages_by_version')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('version_number', 'integer', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('read_ms', 'bigint', (c) => c.notNull())
    .addColumn('reader_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_document_pages_v_pk', ['document_id', 'version_number', 'page'])
    .execute();
  await sql`
    insert into reading_document_pages_by_version (document_id, version_number, page, read_ms, reader_count)
    select document_id, version_number, page, sum(read_ms), count(*)
    from reading_reader_pages group by document_id, version_number, page`.execute(db);
  await db.schema.dropTable('reading_document_pages').execute();
  await db.schema
    .alterTable('reading_document_pages_by_version')
    .renameTo('reading_document_pages')
    .execute();

  await sql`
    update reading_document_readers set pages_seen = (
      select count(*) from reading_reader_pages r
      where r.document_id = reading_document_readers.document_id and r.user_id = reading_document_readers.user_id)`.execute(
    db,
  );

  await db.schema.alterTable('document_versions').addColumn('page_count', 'integer').execute();
  await sql`
    update document_versions set page_count = (
      select case when p.kind = 'pages' then p.page_count else 1 end from document_previews p
      where p.document_id = document_versions.document_id and p.version_number = document_versions.number
        and p.status = 'ready')`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('document_versions').dropColumn('page_count').execute();

  await db.schema
    .createTable('reading_reader_pages_of_document')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('read_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_reader_pages_pk', ['document_id', 'user_id', 'page'])
    .execute();
  await sql`
    insert into reading_reader_pages_of_document (document_id, user_id, page, read_ms)
    select document_id, user_id, page, sum(read_ms) from reading_reader_pages
    group by document_id, user_id, page`.execute(db);
  await db.schema.dropTable('reading_reader_pages').execute();
  await db.schema.alterTable('reading_reader_pages_of_document').renameTo('reading_reader_pages').execute();
  await db.schema
    .createIndex('reading_reader_pages_user_idx')
    .on('reading_reader_pages')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('reading_document_pages_of_document')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('read_ms', 'bigint', (c) => c.notNull())
    .addColumn('reader_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_document_pages_pk', ['document_id', 'page'])
    .execute();
  await sql`
    insert into reading_document_pages_of_document (document_id, page, read_ms, reader_count)
    select document_id, page, sum(read_ms), count(*) from reading_reader_pages
    group by document_id, page`.execute(db);
  await db.schema.dropTable('reading_document_pages').execute();
  await db.schema
    .alterTable('reading_document_pages_of_document')
    .renameTo('reading_document_pages')
    .execute();

  await sql`
    update reading_document_readers set pages_seen = (
      select count(*) from reading_reader_pages r
      where r.document_id = reading_document_readers.document_id and r.user_id = reading_document_readers.user_id)`.execute(
    db,
  );
}
