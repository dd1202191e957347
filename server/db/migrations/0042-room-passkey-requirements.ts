import type { Kysely } from 'kysely';

// The owner's "co-founders need a passkey" setting (docs/decisions/0093-security-notices-and-required-passkeys.md):
// a row per room that requires one; none, the default, requires nothing.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('room_passkey_requirements')
    .addColumn('room_id', 'text', (c) => c.primaryKey().references('data_rooms.id').onDelete('cascade'))
    .addColumn('required_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('room_passkey_requirements').execute();
}
