import type { Kysely } from 'kysely';

// Every authenticated request looks a session up by its token hash. This index holds every column
// the lookup reads, so SQLite and PostgreSQL answer from the index without visiting the table.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('sessions_lookup_idx')
    .on('sessions')
    .columns(['token_hash', 'expires_at', 'revoked_at', 'user_id', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_lookup_idx').execute();
}
