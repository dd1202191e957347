import type { Kysely } from 'kysely';

// One wall clock per reader and document (docs/decisions/0041-reading-analytics.md): the instant up to
// which the reader's time on the document has been credited, so that several views of it reporting at
// once share the time that really passed instead of each counting it.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reading_document_readers').addColumn('clock_at', 'bigint').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reading_document_readers').dropColumn('clock_at').execute();
}
