import type { Kysely } from 'kysely';

// Codes that cannot be guessed in practice, and sign-in links that a mail scanner cannot spend
// (docs/decisions/0074-a-proof-of-one-room.md):
// - magic_links.code_hash: the short code mailed beside the link, typed on the sign-in page;
//   magic_links.browser_mark_hash and share_link_codes.browser_mark_hash: the mark of the browser that
//   asked (an httpOnly cookie). A typed code works only there; the link spends itself by script only there.
// - code_failures: each wrong code typed for an address, sign-in and share-link codes together; past the
//   budget (10 in 24 hours) codes stop working for that address and only the mailed links do.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('magic_links').addColumn('code_hash', 'text').execute();
  await db.schema.alterTable('magic_links').addColumn('browser_mark_hash', 'text').execute();
  await db.schema.alterTable('share_link_codes').addColumn('browser_mark_hash', 'text').execute();
  await db.schema
    .createTable('code_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('code_failures_email_idx')
    .on('code_failures')
    .columns(['email', 'failed_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('code_failures').execute();
  await db.schema.alterTable('share_link_codes').dropColumn('browser_mark_hash').execute();
  await db.schema.alterTable('magic_links').dropColumn('browser_mark_hash').execute();
  await db.schema.alterTable('magic_links').dropColumn('code_hash').execute();
}
