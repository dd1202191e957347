import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { shareLinkNameKey } from '#shared/contracts/share-links';

// Share links keep their address sealed so the founder can copy it again (ADR 76):
// - token_sealed: the token under AES-256-GCM (iv, text, tag; base64url), bound to the link's id;
//   token_key_id: which key sealed it. Both null for links made before: their address was never kept,
//   so they admit by their hash as before and the console offers a new address.
// - A room's link names are unique whatever their case: name_key holds the name's key (shareLinkNameKey,
//   the same function the server uses when it writes and looks up a name: SQL lower() folds only A-Z on
//   SQLite, and differs from JavaScript on PostgreSQL for some letters), under a unique index with the room.
//   Duplicates already made keep the oldest name, the others become "Name (2)", "Name (3)"... in the
//   order they were made.

const MAX_NAME_LENGTH = 80;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('share_links').addColumn('token_sealed', 'text').execute();
  await db.schema.alterTable('share_links').addColumn('token_key_id', 'text').execute();
  // The default only fills the column as it is added: every row is written its key below.
  await db.schema
    .alterTable('share_links')
    .addColumn('name_key', 'text', (column) => column.notNull().defaultTo(''))
    .execute();

  const links = await db
    .selectFrom('share_links')
    .select(['id', 'room_id', 'name'])
    .orderBy('room_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const taken = new Set<string>();
  const named: { id: string; name: string }[] = [];
  for (const link of links) {
    const key = (name: string) => `${link.room_id}\u0000${shareLinkNameKey(name)}`;
    if (!taken.has(key(link.name))) {
      taken.add(key(link.name));
      named.push({ id: link.id, name: link.name });
      continue;
    }
    let next = 2;
    let name = numbered(link.name, next);
    while (taken.has(key(name))) name = numbered(link.name, ++next);
    taken.add(key(name));
    named.push({ id: link.id, name });
  }
  for (const link of named)
    await db
      .updateTable('share_links')
      .set({ name: link.name, name_key: shareLinkNameKey(link.name) })
      .where('id', '=', link.id)
      .execute();

  await db.schema
    .createIndex('share_links_room_name')
    .on('share_links')
    .columns(['room_id', 'name_key'])
    .unique()
    .execute();
}

function numbered(name: string, number: number): string {
  const suffix = ` (${number})`;
  return `${name.slice(0, MAX_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
}

// The renamed links keep their new names: which one was the duplicate is not recorded.
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index share_links_room_name`.execute(db);
  await db.schema.alterTable('share_links').dropColumn('name_key').execute();
  await db.schema.alterTable('share_links').dropColumn('token_key_id').execute();
  await db.schema.alterTable('share_links').dropColumn('token_sealed').execute();
}
