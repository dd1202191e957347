import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// When and from where a session was last used moves out of `sessions` into `session_uses`
// (docs/decisions/0087-a-sessions-use-is-not-the-session.md). Every request resolves its session through
// a cache that holds until the next write to a table the lookup read; recording uses in `sessions` made
// each reader's once-a-minute use a write to it, which dropped every reader's cached session: with 200
// readers, three times a second. A use is read only by the sessions list, so the lookup no longer reads it.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('session_uses')
    .addColumn('session_id', 'text', (column) =>
      column.primaryKey().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('last_used_at', 'bigint', (column) => column.notNull())
    .addColumn('last_used_ip', 'text', (column) => column.notNull())
    .execute();
  await sql`insert into session_uses (session_id, last_used_at, last_used_ip)
    select id, last_used_at, coalesce(last_used_ip, '') from sessions where last_used_at is not null`.execute(
    db,
  );
  await db.schema.alterTable('sessions').dropColumn('last_used_ip').execute();
  await db.schema.alterTable('sessions').dropColumn('last_used_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'bigint').execute();
  await db.schema.alterTable('sessions').addColumn('last_used_ip', 'text').execute();
  await sql`update sessions set
    last_used_at = (select last_used_at from session_uses where session_uses.session_id = sessions.id),
    last_used_ip = (select last_used_ip from session_uses where session_uses.session_id = sessions.id)`.execute(
    db,
  );
  await db.schema.dropTable('session_uses').execute();
}
