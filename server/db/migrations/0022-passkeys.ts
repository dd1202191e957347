import type { Kysely } from 'kysely';

// Passkeys for the people who manage a room (docs/decisions/0062-passkeys-and-second-factor.md):
// - passkeys: a user's WebAuthn credentials; the public key (COSE, base64url) and the signature counter
//   the authenticator last reported, so a cloned key that falls behind is refused.
// - webauthn_challenges: every challenge the server issued, in the database so that a challenge issued by
//   one node is verified by another; it expires within minutes and is marked used by the one request that
//   consumes it. A second-factor challenge belongs to the session that asked for it.
// - recovery_codes: one-time codes, stored as SHA-256 hashes only; regenerating deletes the old set.
// - sessions: is_second_factor_pending (a manager holding a passkey signed in by mail, and has not yet
//   given it or a recovery code); last_used_at and last_used_ip for the sessions list, written at most
//   once a minute per session.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The credential id the authenticator chose (base64url); unique across every user.
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    // Comma-separated transports the browser reported ('internal,hybrid'), passed back as hints.
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('challenge', 'text', (c) => c.notNull().unique())
    // 'registration', 'second_factor' or 'sign_in'.
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.references('sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('webauthn_challenges_expiry_idx')
    .on('webauthn_challenges')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('recovery_codes_user_idx')
    .on('recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('is_second_factor_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'bigint').execute();
  await db.schema.alterTable('sessions').addColumn('last_used_ip', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('last_used_ip').execute();
  await db.schema.alterTable('sessions').dropColumn('last_used_at').execute();
  await db.schema.alterTable('sessions').dropColumn('is_second_factor_pending').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
