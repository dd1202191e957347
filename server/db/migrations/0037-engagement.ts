import type { Kysely } from 'kysely';

// The engagement score (docs/decisions/0089-engagement-score.md): the founders' key documents, each
// investor's trace of their activity as the refresh job last read it (the score is computed from it when
// read), and per room how far that job has read. No key to users or data_rooms beyond the cascade that
// removes a room's or a person's rows with them.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('engagement_key_documents')
    .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('marked_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('marked_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('engagement_key_documents_by_room')
    .on('engagement_key_documents')
    .columns(['room_id'])
    .execute();
  await db.schema
    .createTable('engagement_readers')
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('trace', 'text', (c) => c.notNull())
    .addColumn('course', 'text', (c) => c.notNull())
    .addColumn('refreshed_at', 'bigint', (c) => c.notNull())
    .addColumn('notified_score', 'integer')
    .addColumn('notified_band', 'text')
    .addColumn('notified_at', 'bigint')
    .addPrimaryKeyConstraint('engagement_readers_pkey', ['room_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('engagement_rooms')
    .addColumn('room_id', 'text', (c) => c.primaryKey().references('data_rooms.id').onDelete('cascade'))
    .addColumn('refreshed_at', 'bigint', (c) => c.notNull())
    .addColumn('follow_until_at', 'bigint', (c) => c.notNull())
    .addColumn('last_run_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('engagement_rooms').execute();
  await db.schema.dropTable('engagement_readers').execute();
  await db.schema.dropTable('engagement_key_documents').execute();
}
