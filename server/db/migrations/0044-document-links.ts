import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Document links (docs/decisions/0095-document-links.md): a share link scoped to one document.
// - document_links: the share link's document, the version it is pinned to (null follows the current one),
//   and its own download, watermark and forward-approval switches. Its share_links row carries the room's
//   default group (whose id is the room's, migration 0023), which its readers never join.
// - share_link_readers.forwarded_from: the reader (of the same link) whose link a later address opened.
// - sessions.only_share_link_id: a session a document link's code started reads that link's document only.
// - reading_views.share_link_id: the link a view was opened by, for "Links" in Analytics.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_links')
    .addColumn('share_link_id', 'text', (c) =>
      c.primaryKey().references('share_links.id').onDelete('cascade'),
    )
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('version_number', 'integer')
    .addColumn('is_download_allowed', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`is_download_allowed in (0, 1)`),
    )
    .addColumn('is_watermarked', 'integer', (c) =>
      c.notNull().defaultTo(1).check(sql`is_watermarked in (0, 1)`),
    )
    .addColumn('is_forward_approval_required', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`is_forward_approval_required in (0, 1)`),
    )
    .execute();
  await db.schema.createIndex('document_links_document').on('document_links').column('document_id').execute();
  await db.schema.alterTable('share_link_readers').addColumn('forwarded_from', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('only_share_link_id', 'text').execute();
  await db.schema.alterTable('reading_views').addColumn('share_link_id', 'text').execute();
  await db.schema
    .createIndex('reading_views_share_link')
    .on('reading_views')
    .column('share_link_id')
    .where(sql.ref('share_link_id'), 'is not', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reading_views_share_link').execute();
  await db.schema.alterTable('reading_views').dropColumn('share_link_id').execute();
  await db.schema.alterTable('sessions').dropColumn('only_share_link_id').execute();
  await db.schema.alterTable('share_link_readers').dropColumn('forwarded_from').execute();
  await db.schema.dropTable('document_links').execute();
}
