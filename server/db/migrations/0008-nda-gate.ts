import { type Kysely, sql } from 'kysely';

// The NDA before entry (docs/decisions/0045-nda-before-entry.md):
// - data_rooms.is_nda_required: investors must accept the room's agreement before reading it (off by
//   default, docs/product-rules.md#nda-before-entry); data_rooms.nda_version_id: the agreement's current text.
// - nda_versions: every text the founder saved, exactly, with its SHA-256: an acceptance names the
//   version, so the record proves what was accepted. Never updated or deleted while the room lives.
// - nda_acceptances: who accepted (a user, or an invitation in the invited view), the e-mail address
//   they had then (an acceptance belongs to the address: it carries over from the invitation to the
//   investor who signs in with it), the name typed, when, the IP and the user agent. One per address
//   and version.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('nda_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('nda_versions_room_idx')
    .on('nda_versions')
    .columns(['room_id', 'created_at'])
    .execute();

  await db.schema
    .alterTable('data_rooms')
    .addColumn('is_nda_required', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`is_nda_required in (0, 1)`),
    )
    .execute();
  // No foreign key: SQLite cannot add one to an existing table; the service only sets this room's versions.
  await db.schema.alterTable('data_rooms').addColumn('nda_version_id', 'text').execute();

  await db.schema
    .createTable('nda_acceptances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('version_id', 'text', (c) => c.notNull().references('nda_versions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('invitation_id', 'text', (c) => c.references('invitations.id').onDelete('set null'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('signer_name', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  // The gate's question (has this address accepted this version?), and one acceptance per address and version.
  await db.schema
    .createIndex('nda_acceptances_version_email_idx')
    .on('nda_acceptances')
    .columns(['version_id', 'email'])
    .unique()
    .execute();
  // The founder's list and the notifications digest: a room's acceptances by time.
  await db.schema
    .createIndex('nda_acceptances_room_accepted_idx')
    .on('nda_acceptances')
    .columns(['room_id', 'accepted_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('nda_acceptances').execute();
  await db.schema.alterTable('data_rooms').dropColumn('nda_version_id').execute();
  await db.schema.alterTable('data_rooms').dropColumn('is_nda_required').execute();
  await db.schema.dropTable('nda_versions').execute();
}
