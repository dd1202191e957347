import { type Kysely, SqliteAdapter, sql } from 'kysely';

// The reading pipeline (docs/decisions/0039-viewer-pipeline.md, 0040-durable-job-queue.md):
// - jobs: the one durable queue (document preparation now; mail, webhooks and exports later);
// - document_previews: each uploaded document's preparation state for the viewer;
// - preview_objects: every stored object a preview is made of (page images, thumbnails, text), one row
//   each, so deletes, backups and the orphan check at start find them like originals;
// - access_events.action gains 'viewed'.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // At most one unfinished job per key (e.g. one preparation per document): see the index below.
    .addColumn('dedupe_key', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    // Attempts started so far; the job's definition says how many it may have.
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    // A claimed job belongs to its worker until the lease expires; an expired lease is claimable again.
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('locked_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addCheckConstraint('jobs_status_check', sql`status in ('queued', 'running', 'succeeded', 'failed')`)
    .execute();
  await db.schema.createIndex('jobs_claim_idx').on('jobs').columns(['status', 'run_at']).execute();
  await sql`create unique index jobs_one_unfinished_idx on jobs (dedupe_key) where status in ('queued', 'running')`.execute(
    db,
  );

  await db.schema
    .createTable('document_previews')
    .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('failure_code', 'text')
    .addColumn('page_count', 'integer')
    .addColumn('is_text_available', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('prepared_at', 'bigint')
    // Counts the preparations started (upload, retry): a job prepares one generation and writes only
    // while it is still the current one, so a retry's job and an older one still running never mix.
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(1))
    .addCheckConstraint(
      'document_previews_kind_check',
      sql`kind in ('pages', 'image', 'text', 'table', 'video', 'download-only')`,
    )
    .addCheckConstraint('document_previews_status_check', sql`status in ('preparing', 'ready', 'failed')`)
    .execute();

  await db.schema
    .createTable('preview_objects')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    // What the object is within the preview: 'page-3-800', 'thumbnail-3', 'text-3', 'image-1600', ...
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    // Checked by backups and restores, as a document's is.
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addPrimaryKeyConstraint('preview_objects_pk', ['document_id', 'name'])
    .execute();

  await allowViewedAccessEvents(db);
}

/** The action check constraint names every action; SQLite cannot alter a constraint, so it rebuilds the table. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function allowViewedAccessEvents(db: Kysely<any>): Promise<void> {
  const actions = sql`action in ('downloaded', 'clicked', 'viewed')`;
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table access_events drop constraint access_events_action_check`.execute(db);
    await sql`alter table access_events add constraint access_events_action_check check (${actions})`.execute(
      db,
    );
    return;
  }
  // https://www.sqlite.org/lang_altertable.html#otheralter: create, copy, drop, rename, in one transaction
  // (the migrator's), with foreign keys checked by the copy itself.
  await db.schema
    .createTable('access_events_new')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('invitation_id', 'text', (c) => c.references('invitations.id').onDelete('set null'))
    .addColumn('document_id', 'text', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('document_title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addCheckConstraint('access_events_action_check', actions)
    .execute();
  await sql`insert into access_events_new select id, room_id, user_id, invitation_id, document_id, document_title, url, action, occurred_at, ip, user_agent from access_events`.execute(
    db,
  );
  await db.schema.dropTable('access_events').execute();
  await db.schema.alterTable('access_events_new').renameTo('access_events').execute();
  await db.schema
    .createIndex('access_events_room_id_occurred_at_idx')
    .on('access_events')
    .columns(['room_id', 'occurred_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('preview_objects').execute();
  await db.schema.dropTable('document_previews').execute();
  await db.schema.dropTable('jobs').execute();
}
