import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// share_links.is_room_named: whether the link's page names whose room it is (the company's name and the
// founder's first name) before the reader proves an address. On for every link, the ones already made
// included: a fund partner who gets a link in a cold e-mail must be able to tell whose room it opens.
// The founder turns it off per link.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('share_links')
    .addColumn('is_room_named', 'integer', (c) =>
      c.notNull().defaultTo(1).check(sql`is_room_named in (0, 1)`),
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('share_links').dropColumn('is_room_named').execute();
}
