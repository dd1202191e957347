import type { Kysely } from 'kysely';

// Preparation is shared fairly between rooms (docs/decisions/0061-security-review-fixes.md): each job may
// name what it is shared by (`fair_key`, a room's id for a document's preparation), and a worker claims
// the oldest due job of the key with the fewest running, then the one whose jobs ran least recently. The
// index answers both per-key questions of a claim.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('fair_key', 'text').execute();
  await db.schema
    .createIndex('jobs_fair_key_idx')
    .on('jobs')
    .columns(['kind', 'fair_key', 'status'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_fair_key_idx').execute();
  await db.schema.alterTable('jobs').dropColumn('fair_key').execute();
}
