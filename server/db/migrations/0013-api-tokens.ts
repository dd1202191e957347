import type { Kysely } from 'kysely';

// API tokens (docs/decisions/0051-api-tokens-and-openapi.md): a room's managers create named tokens with
// scopes for the public API. Only the token's SHA-256 is stored (like sessions); `token_hint` is its last
// four characters, for telling tokens apart in the list. A token belongs to one room and to the manager
// who created it, and acts as that manager in that room only while they still manage it. Revoked tokens
// stay (revoked_at) so the list can say when; deleting the room or the user deletes them.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // Space-separated scope names (shared/contracts/api-tokens.ts).
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_hint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('api_tokens_room_idx')
    .on('api_tokens')
    .columns(['room_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_tokens').execute();
}
