import { type Kysely, sql } from 'kysely';

// One open (unaccepted, undeleted) invitation per room and e-mail: two concurrent invitations of the
// same address cannot both create a row. Partial unique indexes read the same on SQLite and PostgreSQL.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index invitations_one_open_idx on invitations (room_id, email) where used_at is null and revoked_at is null`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invitations_one_open_idx').execute();
}
