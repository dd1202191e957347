import type { AppContext } from '#server/app-context';
import type { Dialect } from '#server/db/database';
import type { DatabaseExecutor, ModuleExecutor } from '#server/db/schema';
import type { PreviewFailureCode, PreviewKind } from '#shared/contracts/previews';
import { findDocumentById, type StoredDocument } from './documents.repository';
import {
  type DocumentPreview,
  deletePreviewObjects,
  findPreview,
  insertPreviewObjects,
  lockPreviewRow,
  type PreviewObject,
  updatePreview,
} from './previews.repository';
import { startDocumentPreview } from './previews.service';

/**
 * How a preview changes once started: what the preparation module (and a new version) write of it. The
 * preview rows are this module's, written in the same transactions as the documents' own rows (an
 * upload, a delete, a new version), so other modules change them only through these functions
 * (docs/decisions/0081-documents-split.md).
 */

/** What one preparation of a file ended in, as its preview records it. */
export type PreparationOutcome =
  | { status: 'ready'; pageCount: number | null; isTextAvailable: boolean }
  | { status: 'failed'; code: PreviewFailureCode };

/** Whether the preview still waits for the preparation of this generation (no retry started since). */
function isAwaiting(preview: DocumentPreview, generation: number): boolean {
  return preview.status === 'preparing' && preview.generation === generation;
}

/** The document and its preview, while the preview still waits for this generation's preparation. */
export async function findAwaitingPreview(
  db: ModuleExecutor<'documents'>,
  documentId: string,
  generation: number,
): Promise<{ document: StoredDocument; preview: DocumentPreview } | undefined> {
  const document = await findDocumentById(db, documentId);
  const preview = await findPreview(db, documentId);
  if (!document || !preview || !isAwaiting(preview, generation)) return undefined;
  return { document, preview };
}

/**
 * Writes the stored objects' rows and the 'ready' state in one transaction, only while the preview still
 * awaits this generation; false when it was deleted, or started again by a retry, meanwhile.
 */
export async function commitPreparedPreview(
  ctx: Pick<AppContext, 'db' | 'config'>,
  documentId: string,
  generation: number,
  objects: PreviewObject[],
  outcome: { pageCount: number | null; isTextAvailable: boolean },
  alsoInTransaction: (trx: DatabaseExecutor) => Promise<void> = async () => {},
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockPreviewRow(trx, ctx.config.database.dialect, documentId);
    // Deleted, or started again by a retry, while it was being prepared: this run's objects are not its.
    const current = await findPreview(trx, documentId);
    if (!current || !isAwaiting(current, generation)) return false;
    await insertPreviewObjects(trx, objects);
    const now = new Date();
    await updatePreview(trx, documentId, {
      status: 'ready',
      pageCount: outcome.pageCount,
      isTextAvailable: outcome.isTextAvailable,
      updatedAt: now,
      preparedAt: now,
    });
    // What another module writes of the same preparation, committed with it (the search index, ADR 88).
    await alsoInTransaction(trx);
    return true;
  });
}

/** A final failure, written only while the preview still waits for this preparation. */
export async function failPreview(
  ctx: Pick<AppContext, 'db'>,
  documentId: string,
  generation: number,
  code: PreviewFailureCode,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const preview = await findPreview(trx, documentId);
    if (!preview || !isAwaiting(preview, generation)) return;
    await updatePreview(trx, documentId, { status: 'failed', failureCode: code, updatedAt: new Date() });
  });
}

/**
 * Inside the caller's transaction, the preview is prepared again from the start (a founder's Retry, or
 * a preparation made before a kind of object existed): its row locked, its objects' rows deleted and a
 * new generation started with its job. Returns the objects' storage keys, for the caller to remove after
 * the commit.
 */
export async function restartPreview(
  trx: ModuleExecutor<'documents'>,
  dialect: Dialect,
  document: { id: string; roomId: string; originalName: string; currentVersion: number; sizeBytes: number },
  smallFileBytes: number,
): Promise<string[]> {
  await lockPreviewRow(trx, dialect, document.id);
  const keys = await deletePreviewObjects(trx, document.id);
  await startDocumentPreview(trx, document, new Date(), smallFileBytes);
  return keys;
}

/**
 * The preview a new version's preparation made becomes the document's (docs/decisions/0069-document-versions.md):
 * its objects and state are written under a new generation. Inside the caller's transaction, which holds
 * the preview's row lock and has made the version current.
 */
export async function writeVersionPreview(
  trx: ModuleExecutor<'documents'>,
  documentId: string,
  versionNumber: number,
  kind: PreviewKind,
  objects: PreviewObject[],
  outcome: PreparationOutcome,
  now: Date,
): Promise<void> {
  const preview = await findPreview(trx, documentId);
  await insertPreviewObjects(trx, objects);
  await updatePreview(trx, documentId, {
    kind,
    status: outcome.status,
    failureCode: outcome.status === 'failed' ? outcome.code : null,
    pageCount: outcome.status === 'ready' ? outcome.pageCount : null,
    isTextAvailable: outcome.status === 'ready' && outcome.isTextAvailable,
    updatedAt: now,
    preparedAt: outcome.status === 'ready' ? now : null,
    // Any retry of the previous version still running now writes nothing (previews.repository.ts).
    generation: (preview?.generation ?? 0) + 1,
    versionNumber,
  });
}
