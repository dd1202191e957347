import type { Kysely } from 'kysely';

// A proof is worth what it proves (docs/decisions/0074-a-proof-of-one-room.md):
// - sessions.only_room_id: a session opened by an invitation's link or a share-link code reads that one
//   room and nothing else of the account, until the mailbox is proven (a magic link, a typed sign-in code
//   or a passkey starts a session where it is null).
// - room_removals: an address a founder removed from a room. Every way in (invitation, share link, API)
//   refuses it until a founder invites the address again, which deletes the row.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('only_room_id', 'text', (c) => c.references('data_rooms.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createTable('room_removals')
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('removed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('removed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('room_removals_pk', ['room_id', 'email'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('room_removals').execute();
  await db.schema.alterTable('sessions').dropColumn('only_room_id').execute();
}
