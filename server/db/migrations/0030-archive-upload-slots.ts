import type { Kysely } from 'kysely';

// One archive upload per room at a time, on every server of the database: the room's row is the slot,
// held by one request (`holder`) until it ends or its lease (`expires_at`, renewed while the upload
// runs) lapses, so a server that died mid-upload frees the room within a lease.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('archive_upload_slots')
    .addColumn('room_id', 'text', (c) => c.primaryKey().references('data_rooms.id').onDelete('cascade'))
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('archive_upload_slots').execute();
}
