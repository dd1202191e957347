import { type Kysely, sql } from 'kysely';

// View-only documents (docs/decisions/0043-view-only-documents.md):
// - data_rooms.is_download_allowed: the room's default, downloads allowed (1) unless the founder turns
//   it off in Settings;
// - documents.download_policy: the document's own choice, null to follow the room's default. A nullable
//   tri-state is not a flag (schema.ts's naming rule), hence text with a check rather than `is_*`.
// Both are plain ADD COLUMNs: SQLite accepts a default and a check on an added column.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('data_rooms')
    .addColumn('is_download_allowed', 'integer', (c) =>
      c.notNull().defaultTo(1).check(sql`is_download_allowed in (0, 1)`),
    )
    .execute();
  await db.schema
    .alterTable('documents')
    .addColumn('download_policy', 'text', (c) => c.check(sql`download_policy in ('allowed', 'view_only')`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('download_policy').execute();
  await db.schema.alterTable('data_rooms').dropColumn('is_download_allowed').execute();
}
