import { type Kysely, sql } from 'kysely';

// Documents with versions (docs/decisions/0069-document-versions.md):
// - document_versions: every file a document has had, its current one included, numbered from 1 per
//   document. 'current' is the one readers get, 'preparing' a new file whose preview is being made (it
//   becomes current when its preparation ends), 'earlier' any other.
// - documents.current_version: the number of the version whose file the documents row's file columns
//   hold (they are kept equal to that version's by one function, in the same transaction).
// - document_previews.version_number: the version the document's preview was made from.
// - access_events.document_version and reading_views.document_version: the version a download or a
//   view was of (null for clicks, and for events logged before versions existed).
// Every existing document gets its file as version 1, current.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_versions')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('uploaded_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // The founder asked to mail the earlier version's readers once this one is current.
    .addColumn('is_readers_notified', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('document_versions_pk', ['document_id', 'number'])
    .addCheckConstraint('document_versions_status_check', sql`status in ('current', 'preparing', 'earlier')`)
    .addCheckConstraint('document_versions_size_check', sql`size_bytes >= 0`)
    .execute();
  await db.schema
    .createIndex('document_versions_room_idx')
    .on('document_versions')
    .column('room_id')
    .execute();
  await db.schema
    .alterTable('documents')
    .addColumn('current_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('document_previews')
    .addColumn('version_number', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('access_events').addColumn('document_version', 'integer').execute();
  await db.schema.alterTable('reading_views').addColumn('document_version', 'integer').execute();
  await sql`
    insert into document_versions (document_id, number, room_id, original_name, file_type, mime_type,
      size_bytes, sha256, storage_key, uploaded_by, created_at, status, is_readers_notified)
    select id, 1, room_id, original_name, file_type, mime_type, size_bytes, sha256, storage_key,
      uploaded_by, created_at, 'current', 0
    from documents`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reading_views').dropColumn('document_version').execute();
  await db.schema.alterTable('access_events').dropColumn('document_version').execute();
  await db.schema.alterTable('document_previews').dropColumn('version_number').execute();
  await db.schema.alterTable('documents').dropColumn('current_version').execute();
  await db.schema.dropTable('document_versions').execute();
}
