import { sql } from 'kysely';
import { type Entity, fromRow, toRow } from '#server/db/columns';
import type { Dialect } from '#server/db/database';
import type { ModuleExecutor } from '#server/db/schema';
import type { PreviewKind } from '#shared/contracts/previews';
import type { DocumentPreviewRow, PreviewObjectRow } from './documents.tables';

/** A document's preparation for the viewer (docs/decisions/0039-viewer-pipeline.md). */
export type DocumentPreview = Entity<DocumentPreviewRow>;
/** One stored object of a preview. */
export type PreviewObject = Entity<PreviewObjectRow>;

export async function findPreview(
  db: ModuleExecutor<'documents'>,
  documentId: string,
): Promise<DocumentPreview | undefined> {
  const row = await db
    .selectFrom('document_previews')
    .selectAll()
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** The previews of these documents, by document id (the founder's file list). */
export async function findPreviews(
  db: ModuleExecutor<'documents'>,
  documentIds: string[],
): Promise<Map<string, DocumentPreview>> {
  if (documentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('document_previews')
    .selectAll()
    .where('document_id', 'in', documentIds)
    .execute();
  return new Map(rows.map((row) => [row.document_id, fromRow(row)]));
}

/**
 * A new preview waiting for its job, or one being prepared again (a retry): no objects yet. Returns its
 * generation: 1 for a new one, one more than before for a retry.
 */
export async function startPreview(
  db: ModuleExecutor<'documents'>,
  documentId: string,
  kind: PreviewKind,
  now: Date,
  versionNumber = 1,
): Promise<number> {
  const preview: DocumentPreview = {
    documentId,
    kind,
    status: 'preparing',
    failureCode: null,
    pageCount: null,
    isTextAvailable: false,
    createdAt: now,
    updatedAt: now,
    preparedAt: null,
    generation: 1,
    versionNumber,
  };
  const row = await db
    .insertInto('document_previews')
    .values(toRow<DocumentPreviewRow>(preview))
    .onConflict((conflict) =>
      conflict.column('document_id').doUpdateSet({
        kind,
        status: 'preparing',
        failure_code: null,
        page_count: null,
        is_text_available: 0,
        updated_at: now.getTime(),
        prepared_at: null,
        generation: sql<number>`document_previews.generation + 1`,
        version_number: versionNumber,
      }),
    )
    .returning('generation')
    .executeTakeFirstOrThrow();
  return row.generation;
}

/**
 * Takes the preview's row lock until the caller's transaction ends. Whatever changes a preview's objects
 * (the preparation's final write, a retry, a delete) takes it first, so a delete never misses objects
 * written by a preparation committing meanwhile (which the cascade would then drop with their files
 * left). As rooms.repository.ts lockRoomRow does: SELECT ... FOR UPDATE on PostgreSQL, which drops no
 * cache; on SQLite, which has none, a write that changes nothing.
 */
export async function lockPreviewRow(
  trx: ModuleExecutor<'documents'>,
  dialect: Dialect,
  documentId: string,
): Promise<void> {
  if (dialect === 'postgres') {
    await trx
      .selectFrom('document_previews')
      .select('document_id')
      .where('document_id', '=', documentId)
      .forUpdate()
      .execute();
    return;
  }
  await trx
    .updateTable('document_previews')
    .set((eb) => ({ generation: eb.ref('generation') }))
    .where('document_id', '=', documentId)
    .execute();
}

/** Changes a preview's state (ready with its page count, or failed with a code). */
export async function updatePreview(
  db: ModuleExecutor<'documents'>,
  documentId: string,
  changes: Partial<Omit<DocumentPreview, 'documentId' | 'createdAt'>>,
): Promise<void> {
  await db
    .updateTable('document_previews')
    .set(toRow<DocumentPreviewRow>(changes))
    .where('document_id', '=', documentId)
    .execute();
}

export async function insertPreviewObjects(
  db: ModuleExecutor<'documents'>,
  objects: PreviewObject[],
): Promise<void> {
  // In chunks: a 500-page deck has thousands of objects, past SQLite's bound-parameter limit in one insert.
  for (let start = 0; start < objects.length; start += 100) {
    const rows = objects.slice(start, start + 100).map((object) => toRow<PreviewObjectRow>(object));
    await db.insertInto('preview_objects').values(rows).execute();
  }
}

/** Deletes a preview's object rows and returns their storage keys, for the caller to remove after commit. */
export async function deletePreviewObjects(
  db: ModuleExecutor<'documents'>,
  documentId: string,
): Promise<string[]> {
  const rows = await db
    .deleteFrom('preview_objects')
    .where('document_id', '=', documentId)
    .returning('storage_key')
    .execute();
  return rows.map((row) => row.storage_key);
}

export async function findPreviewObject(
  db: ModuleExecutor<'documents'>,
  documentId: string,
  name: string,
): Promise<PreviewObject | undefined> {
  const row = await db
    .selectFrom('preview_objects')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function listPreviewObjects(
  db: ModuleExecutor<'documents'>,
  documentId: string,
): Promise<PreviewObject[]> {
  const rows = await db
    .selectFrom('preview_objects')
    .selectAll()
    .where('document_id', '=', documentId)
    .orderBy('name')
    .execute();
  return rows.map((row) => fromRow(row));
}

/** Every stored object a preview refers to: what the storage must keep, beside the originals. */
export async function allPreviewStorageKeys(db: ModuleExecutor<'documents'>): Promise<Set<string>> {
  const rows = await db.selectFrom('preview_objects').select('storage_key').execute();
  return new Set(rows.map((row) => row.storage_key));
}

/** Documents that have no preview row yet (stored before previews existed). */
export async function documentsWithoutPreview(
  db: ModuleExecutor<'documents'>,
): Promise<
  { id: string; roomId: string; originalName: string; currentVersion: number; sizeBytes: number }[]
> {
  const rows = await db
    .selectFrom('documents')
    .leftJoin('document_previews', 'document_previews.document_id', 'documents.id')
    .where('document_previews.document_id', 'is', null)
    .select([
      'documents.id',
      'documents.room_id',
      'documents.original_name',
      'documents.current_version',
      'documents.size_bytes',
    ])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    roomId: row.room_id,
    originalName: row.original_name,
    currentVersion: row.current_version,
    sizeBytes: Number(row.size_bytes),
  }));
}

/**
 * Documents with one of `extensions` whose ready pages preview has no object named `objectName`: prepared
 * before that object was made (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md: a workbook's
 * `sheets`, a Word document's `narrow-pages`). Every such document prepared since has it.
 */
export async function pagesPreparedWithout(
  db: ModuleExecutor<'documents'>,
  extensions: readonly string[],
  objectName: string,
): Promise<
  { id: string; roomId: string; originalName: string; currentVersion: number; sizeBytes: number }[]
> {
  const rows = await db
    .selectFrom('documents')
    .innerJoin('document_previews', 'document_previews.document_id', 'documents.id')
    .where('document_previews.status', '=', 'ready')
    .where('document_previews.kind', '=', 'pages')
    .where((eb) =>
      eb.or(extensions.map((extension) => eb(sql`lower(documents.original_name)`, 'like', `%.${extension}`))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('preview_objects')
            .select('preview_objects.name')
            .whereRef('preview_objects.document_id', '=', 'documents.id')
            .where('preview_objects.name', '=', objectName),
        ),
      ),
    )
    .select([
      'documents.id',
      'documents.room_id',
      'documents.original_name',
      'documents.current_version',
      'documents.size_bytes',
    ])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    roomId: row.room_id,
    originalName: row.original_name,
    currentVersion: row.current_version,
    sizeBytes: Number(row.size_bytes),
  }));
}

/** Every ready preview, with its document's room and the version it shows (the search index's start-up check, ADR 88). */
export async function listReadyPreviews(
  db: ModuleExecutor<'documents'>,
): Promise<{ documentId: string; roomId: string; versionNumber: number }[]> {
  const rows = await db
    .selectFrom('document_previews')
    .innerJoin('documents', 'documents.id', 'document_previews.document_id')
    .select(['document_previews.document_id', 'documents.room_id', 'document_previews.version_number'])
    .where('document_previews.status', '=', 'ready')
    .execute();
  return rows.map((row) => ({
    documentId: row.document_id,
    roomId: row.room_id,
    versionNumber: row.version_number,
  }));
}
