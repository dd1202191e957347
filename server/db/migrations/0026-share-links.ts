import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Share links that verify the reader (docs/decisions/0071-share-links.md):
// - share_links: a group's links, pasted by the founder into their own e-mails. Only the SHA-256 of the
//   link's secret is stored. allowed_domains is a JSON array of lower-case domains, or null for any.
// - share_link_codes: a six-digit code (and the magic link beside it in the same mail) proving one
//   address for one link, stored hashed, short-lived, locked after a few wrong tries.
// - share_link_readers: each address a link let in, or that waits for (or was refused) the founder's
//   approval; the link's maximum counts the ones let in and waiting.
// - investor_access.share_link_id: the link that brought the investor, for analytics and exports.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('share_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.notNull().references('investor_groups.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('allowed_domains', 'text')
    .addColumn('is_approval_required', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`is_approval_required in (0, 1)`),
    )
    .addColumn('expires_at', 'bigint')
    .addColumn('max_readers', 'integer')
    .addColumn('disabled_at', 'bigint')
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('share_links_room_idx').on('share_links').column('room_id').execute();
  await db.schema
    .createTable('share_link_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('share_link_id', 'text', (c) => c.notNull().references('share_links.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('proof_hash', 'text', (c) => c.notNull().unique())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('share_link_codes_link_email_idx')
    .on('share_link_codes')
    .columns(['share_link_id', 'email', 'created_at'])
    .execute();
  await db.schema
    .createIndex('share_link_codes_email_idx')
    .on('share_link_codes')
    .columns(['email', 'created_at'])
    .execute();
  await db.schema
    .createTable('share_link_readers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('share_link_id', 'text', (c) => c.notNull().references('share_links.id').onDelete('cascade'))
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('pending', 'admitted', 'refused')`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addUniqueConstraint('share_link_readers_link_email', ['share_link_id', 'email'])
    .execute();
  await db.schema
    .alterTable('investor_access')
    .addColumn('share_link_id', 'text', (c) => c.references('share_links.id').onDelete('set null'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('investor_access').dropColumn('share_link_id').execute();
  await db.schema.dropTable('share_link_readers').execute();
  await db.schema.dropTable('share_link_codes').execute();
  await db.schema.dropTable('share_links').execute();
}
