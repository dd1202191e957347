import type { Kysely } from 'kysely';

// The founder's optional personal message in an investor's invitation
// (docs/decisions/0060-invitation-links-resend-and-bulk.md): plain text, kept with the invitation so a
// resent e-mail says the same. Null when there is none. A plain ADD COLUMN, accepted by both dialects.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invitations').addColumn('personal_message', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invitations').dropColumn('personal_message').execute();
}
