import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  MAX_PREVIEW_PAGES,
  PAGE_IMAGE_WIDTHS,
  type PreviewFailureCode,
  THUMBNAIL_WIDTH,
} from '../../../../shared/contracts/previews';
import { extensionOf } from '../../../../shared/file-types';
import type { AppContext } from '../../../app-context';
import { findDocumentById } from '../documents.repository';
import { findPreview, insertPreviewObjects, type PreviewObject, updatePreview } from '../previews.repository';
import { isReadyWithoutPreparation, type PreparedFile } from './preparation-limits';
import { runPreparationChild } from './run-preparation-child';

/** What one preparation ended in: its preview's new state, or nothing to do (deleted, already prepared). */
export type PreparationResult =
  | { status: 'ready' }
  | { status: 'failed'; code: PreviewFailureCode }
  | { status: 'skipped' };

/** A preview object is at most as large as the largest thing we render: far below this. */
const MAX_PREVIEW_OBJECT_BYTES = 64 * 1024 * 1024;

/**
 * Prepares one document's preview (docs/decisions/0039-viewer-pipeline.md): its original is copied to a
 * work directory, a child process converts it (run-preparation-child.ts), every file it made is stored
 * and committed, and only then are their rows and the 'ready' state written, in one transaction. A
 * hostile or broken file ends as 'failed' with its code (final: returned, not thrown). An unexpected
 * error throws for the job to retry, after removing every object this run stored: nothing half-written
 * is ever shown, and a crash between the commits and the transaction leaves only unreferenced objects,
 * which the start-up check sets aside.
 */
export async function prepareDocument(
  ctx: Pick<AppContext, 'db' | 'storage' | 'config' | 'log'>,
  documentId: string,
  options: { signal?: AbortSignal } = {},
): Promise<PreparationResult> {
  const document = await findDocumentById(ctx.db, documentId);
  const preview = await findPreview(ctx.db, documentId);
  if (!document || preview?.status !== 'preparing') return { status: 'skipped' };
  const startedAt = Date.now();
  if (isReadyWithoutPreparation(preview.kind)) {
    await updatePreview(ctx.db, documentId, {
      status: 'ready',
      updatedAt: new Date(),
      preparedAt: new Date(),
    });
    return { status: 'ready' };
  }
  const kind = preview.kind as 'pages' | 'image' | 'text' | 'table';
  const workDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'roundroom-preview-'));
  const storedKeys: string[] = [];
  try {
    const inputPath = path.join(workDir, 'original');
    await pipeline(ctx.storage.read(document.storageKey), fs.createWriteStream(inputPath));
    const outcome = await runPreparationChild(
      {
        kind,
        extension: extensionOf(document.originalName),
        inputPath,
        workDir,
        widths: PAGE_IMAGE_WIDTHS,
        thumbnailWidth: THUMBNAIL_WIDTH,
        maxPages: MAX_PREVIEW_PAGES,
      },
      { timeLimitMs: ctx.config.previews.timeLimitMs, signal: options.signal },
    );
    if (outcome.status === 'failed') {
      await failPreview(ctx, documentId, outcome.code);
      ctx.log.info({ documentId, code: outcome.code, detail: outcome.detail }, 'preview refused');
      return { status: 'failed', code: outcome.code };
    }
    const objects: PreviewObject[] = [];
    for (const file of outcome.files) {
      const object = await storeFile(ctx, documentId, file);
      storedKeys.push(object.storageKey);
      objects.push(object);
    }
    const written = await ctx.db.transaction().execute(async (trx) => {
      // Deleted, or started again by a retry, while it was being prepared: this run's objects are not its.
      if ((await findPreview(trx, documentId))?.status !== 'preparing') return false;
      await insertPreviewObjects(trx, objects);
      const now = new Date();
      await updatePreview(trx, documentId, {
        status: 'ready',
        pageCount: outcome.pageCount,
        isTextAvailable: outcome.isTextAvailable,
        updatedAt: now,
        preparedAt: now,
      });
      return true;
    });
    if (!written) {
      await removeAll(ctx, storedKeys);
      return { status: 'skipped' };
    }
    ctx.log.info(
      { documentId, kind, pageCount: outcome.pageCount, objects: objects.length, ms: Date.now() - startedAt },
      'preview ready',
    );
    return { status: 'ready' };
  } catch (error) {
    await removeAll(ctx, storedKeys);
    throw error;
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}

/** A final failure, written only while the preview still waits for this preparation. */
export async function failPreview(
  ctx: Pick<AppContext, 'db'>,
  documentId: string,
  code: PreviewFailureCode,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if ((await findPreview(trx, documentId))?.status !== 'preparing') return;
    await updatePreview(trx, documentId, { status: 'failed', failureCode: code, updatedAt: new Date() });
  });
}

async function storeFile(
  ctx: Pick<AppContext, 'storage'>,
  documentId: string,
  file: PreparedFile,
): Promise<PreviewObject> {
  const pending = await ctx.storage.write(fs.createReadStream(file.path), {
    maxBytes: MAX_PREVIEW_OBJECT_BYTES,
  });
  const storageKey = await pending.commit();
  return {
    documentId,
    name: file.name,
    storageKey,
    contentType: file.contentType,
    sizeBytes: pending.size,
    width: file.width,
    height: file.height,
  };
}

async function removeAll(ctx: Pick<AppContext, 'storage' | 'log'>, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await ctx.storage.remove(key);
    } catch (error) {
      // Left for the start-up check to set aside: no row refers to it.
      ctx.log.warn({ err: error, key }, 'could not remove a preview object of a failed preparation');
    }
  }
}
