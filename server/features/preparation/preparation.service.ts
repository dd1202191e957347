import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '#server/app-context';
import { PREPARATION_STORING_ALLOWANCE_MS } from '#server/durations';
import {
  commitPreparedPreview,
  documentsWithoutPreview,
  failPreview,
  findAwaitingPreview,
  findDocumentInRoom,
  PREPARE_DOCUMENT_JOB,
  PREPARE_SMALL_DOCUMENT_JOB,
  type PrepareDocumentPayload,
  type PreviewObject,
  pagesPreparedWithout,
  prepareDocumentPayloadSchema,
  previewKindOf,
  restartPreview,
  type StoredDocument,
  startDocumentPreview,
} from '#server/features/documents/index';
import { type RoomUser, requireManagedRoom } from '#server/features/rooms/index';
import { replaceDocumentPages } from '#server/features/search/index';
import {
  commitVersionPreparation,
  findPreparingVersion,
  type VersionPreparation,
} from '#server/features/versions/index';
import type { JobDefinition } from '#server/jobs/job-queue';
import { HttpError } from '#server/plugins/errors';
import { isProcessAlive } from '#server/storage/removal-hold';
import { removeObjects } from '#server/storage/remove-objects';
import {
  MAX_PREVIEW_PAGES,
  PAGE_IMAGE_WIDTHS,
  type PreviewFailureCode,
  previewObjectNames,
  THUMBNAIL_WIDTH,
} from '#shared/contracts/previews';
import { extensionOf } from '#shared/file-types';
import { indexablePagesOf } from './indexable-pages';
import {
  HELPER_MEMORY_LIMIT_BYTES,
  MAX_PREVIEW_OBJECT_BYTES,
  OCR_SHARE_OF_TIME_LIMIT,
  type PreparedFile,
  SPREADSHEET_EXTENSIONS,
  WORD_EXTENSIONS,
} from './preparation-limits';
import { runPreparationChild } from './run-preparation-child';

/** What one preparation ended in: its preview's new state, or nothing to do (deleted, already prepared). */
export type PreparationResult =
  | { status: 'ready' }
  | { status: 'failed'; code: PreviewFailureCode }
  | { status: 'skipped' };

/**
 * Prepares one document's preview (docs/decisions/0039-viewer-pipeline.md): its original is copied to a
 * work directory, a child process converts it (run-preparation-child.ts), every file it made is stored
 * and committed, and only then are their rows and the 'ready' state written, in one transaction. A
 * hostile or broken file ends as 'failed' with its code (final: returned, not thrown). Only the preview's
 * current `generation` is written: a retry started meanwhile makes this run's work not its. An unexpected
 * error throws for the job to retry, after removing every object this run stored: nothing half-written
 * is ever shown, and a crash between the commits and the transaction leaves only unreferenced objects,
 * which the start-up check sets aside.
 */
export async function prepareDocument(
  ctx: Pick<AppContext, 'db' | 'storage' | 'config' | 'log'>,
  documentId: string,
  generation: number,
  options: { signal?: AbortSignal } = {},
): Promise<PreparationResult> {
  const awaiting = await findAwaitingPreview(ctx.db, documentId, generation);
  if (!awaiting) return { status: 'skipped' };
  const { document, preview } = awaiting;
  const startedAt = Date.now();
  // Video and archives are ready when stored and never enqueued (startDocumentPreview).
  const kind = preview.kind as 'pages' | 'image' | 'text' | 'table';
  const processRoot = processWorkRoot(ctx.config.dataDir);
  await fsp.mkdir(processRoot, { recursive: true });
  const workDir = await fsp.mkdtemp(path.join(processRoot, `${documentId}-`));
  const storedKeys: string[] = [];
  try {
    const outcome = await convertInChild(ctx, document, kind, workDir, options.signal);
    if (outcome.status === 'failed') {
      await failPreview(ctx, documentId, generation, outcome.code);
      ctx.log.info({ documentId, code: outcome.code, detail: outcome.detail }, 'preview refused');
      return { status: 'failed', code: outcome.code };
    }
    const objects: PreviewObject[] = [];
    for (const file of outcome.files) {
      // Aborted (the job's deadline, the server stopping) after the child: the catch removes what is stored.
      options.signal?.throwIfAborted();
      const object = await storeFile(ctx, documentId, file);
      storedKeys.push(object.storageKey);
      objects.push(object);
    }
    options.signal?.throwIfAborted();
    const pages = await indexablePagesOf(outcome.files);
    const written = await commitPreparedPreview(ctx, documentId, generation, objects, outcome, (trx) =>
      replaceDocumentPages(
        trx,
        { documentId, roomId: document.roomId, versionNumber: preview.versionNumber },
        pages,
        new Date(),
      ),
    );
    if (!written) {
      await removeObjects(ctx, storedKeys);
      return { status: 'skipped' };
    }
    ctx.log.info(
      { documentId, kind, pageCount: outcome.pageCount, objects: objects.length, ms: Date.now() - startedAt },
      'preview ready',
    );
    return { status: 'ready' };
  } catch (error) {
    await removeObjects(ctx, storedKeys);
    throw error;
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Prepares a new version's file (docs/decisions/0069-document-versions.md) the way prepareDocument
 * prepares a document's, while its readers keep the current version; the commit makes it current with
 * its preview (commitVersionPreparation), failed or ready. Skipped when the version no longer waits.
 */
async function prepareVersion(
  ctx: Pick<AppContext, 'db' | 'storage' | 'config' | 'log'>,
  documentId: string,
  number: number,
  options: { signal?: AbortSignal } = {},
): Promise<PreparationResult> {
  const version = await findPreparingVersion(ctx.db, documentId, number);
  if (!version) return { status: 'skipped' };
  const kind = previewKindOf(extensionOf(version.originalName)) as 'pages' | 'image' | 'text' | 'table';
  const processRoot = processWorkRoot(ctx.config.dataDir);
  await fsp.mkdir(processRoot, { recursive: true });
  const workDir = await fsp.mkdtemp(path.join(processRoot, `${documentId}-v${number}-`));
  const storedKeys: string[] = [];
  try {
    const outcome = await convertInChild(ctx, version, kind, workDir, options.signal);
    const preparation: VersionPreparation =
      outcome.status === 'failed'
        ? { objects: [], outcome: { status: 'failed', code: outcome.code } }
        : {
            objects: [],
            outcome: {
              status: 'ready',
              pageCount: outcome.pageCount,
              isTextAvailable: outcome.isTextAvailable,
            },
          };
    if (outcome.status !== 'failed') {
      for (const file of outcome.files) {
        options.signal?.throwIfAborted();
        const object = await storeFile(ctx, documentId, file);
        storedKeys.push(object.storageKey);
        preparation.objects.push(object);
      }
    }
    options.signal?.throwIfAborted();
    // A version that failed leaves nothing to find: its readers get no pages either.
    const pages = outcome.status === 'failed' ? [] : await indexablePagesOf(outcome.files);
    const { written, removed } = await commitVersionPreparation(
      ctx.db,
      ctx.config.database.dialect,
      documentId,
      number,
      preparation,
      (trx) =>
        replaceDocumentPages(
          trx,
          { documentId, roomId: version.roomId, versionNumber: number },
          pages,
          new Date(),
        ),
    );
    await removeObjects(ctx, written ? removed : storedKeys);
    if (!written) return { status: 'skipped' };
    ctx.log.info({ documentId, version: number, status: outcome.status }, 'new version current');
    return outcome.status === 'failed' ? { status: 'failed', code: outcome.code } : { status: 'ready' };
  } catch (error) {
    await removeObjects(ctx, storedKeys);
    throw error;
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}

/** Copies the original into the work directory and converts it in the child process (ADR 39). */
async function convertInChild(
  ctx: Pick<AppContext, 'storage' | 'config'>,
  document: Pick<StoredDocument, 'storageKey' | 'originalName'>,
  kind: 'pages' | 'image' | 'text' | 'table',
  workDir: string,
  signal: AbortSignal | undefined,
) {
  const inputPath = path.join(workDir, 'original');
  await pipeline(ctx.storage.read(document.storageKey), fs.createWriteStream(inputPath));
  return runPreparationChild(
    {
      kind,
      extension: extensionOf(document.originalName),
      inputPath,
      workDir,
      widths: PAGE_IMAGE_WIDTHS,
      thumbnailWidth: THUMBNAIL_WIDTH,
      maxPages: MAX_PREVIEW_PAGES,
      memoryLimitBytes: HELPER_MEMORY_LIMIT_BYTES,
      ocrTimeLimitMs: ctx.config.previews.timeLimitMs * OCR_SHARE_OF_TIME_LIMIT,
    },
    { timeLimitMs: ctx.config.previews.timeLimitMs, signal },
  );
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
    sha256: pending.sha256,
    width: file.width,
    height: file.height,
  };
}

/**
 * The founder's Retry: the document's preview is prepared again from the start (its objects, if any,
 * are removed after the commit). A 404 for a document that is not in the founder's room.
 */
export async function retryPreview(ctx: AppContext, founder: RoomUser, documentId: string): Promise<void> {
  const room = await requireManagedRoom(ctx, founder);
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const document = await findDocumentInRoom(trx, room.id, documentId);
    if (!document) throw new HttpError(404, 'not_found', 'That document does not exist.');
    return restartPreview(trx, ctx.config.database.dialect, document, ctx.config.previews.smallFileBytes);
  });
  ctx.jobs.wake();
  await removeObjects(ctx, removed);
}

/**
 * Where preparations copy their original and render into, one directory each: under DATA_DIR (not the
 * system's temporary directory) so that the start-up sweep finds what a crash left, and so that every
 * process a preparation starts names its server's data directory in its arguments.
 */
function preparationWorkRoot(dataDir: string): string {
  return path.join(dataDir, 'preparing');
}

/**
 * This server process's own folder of work directories, named after its host and pid: servers sharing a
 * DATA_DIR (several nodes on PostgreSQL with shared storage) each sweep only what they can tell is dead.
 */
export function processWorkRoot(dataDir: string): string {
  return path.join(preparationWorkRoot(dataDir), `${os.hostname()}-${process.pid}`);
}

/**
 * Run at start, before the job worker: a server killed mid-preparation leaves its work directory (a copy
 * of the original and half-rendered pages). Its job is taken again and starts afresh. Only this host's
 * folders of processes that no longer run are removed: another host's, or a live server's, are theirs.
 */
export async function sweepPreparationWork(ctx: Pick<AppContext, 'config' | 'log'>): Promise<void> {
  const root = preparationWorkRoot(ctx.config.dataDir);
  await fsp.mkdir(root, { recursive: true });
  const prefix = `${os.hostname()}-`;
  let removed = 0;
  for (const name of await fsp.readdir(root)) {
    const pid = Number(name.slice(prefix.length));
    if (!name.startsWith(prefix) || !Number.isInteger(pid) || pid <= 0 || isProcessAlive(pid)) continue;
    await fsp.rm(path.join(root, name), { recursive: true, force: true });
    removed += 1;
  }
  if (removed > 0) ctx.log.warn({ count: removed }, 'removed preparation work left by an earlier stop');
}

/**
 * At start: every document stored before previews existed (or whose preview was lost) gets one started
 * and its job enqueued, once (the job's dedupe key and the preview row make a second start add nothing).
 */
export async function startMissingPreviews(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'log' | 'config' | 'storage'>,
): Promise<void> {
  await startOutdatedPhonePreviews(ctx);
  const documents = await documentsWithoutPreview(ctx.db);
  if (documents.length === 0) return;
  for (const document of documents) {
    await ctx.db
      .transaction()
      .execute((trx) => startDocumentPreview(trx, document, new Date(), ctx.config.previews.smallFileBytes));
  }
  ctx.log.info({ count: documents.length }, 'started previews of documents stored without one');
  ctx.jobs.wake();
}

/**
 * At start: a document prepared before its pages for phones were made is prepared again, once, as a
 * Retry would (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md): a workbook without the `sheets`
 * object (printed A4 pages, no sheet names), a Word document without the `narrow-pages` object. The new
 * preparation writes that object, or fails, and either way the document no longer matches.
 */
async function startOutdatedPhonePreviews(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'log' | 'config' | 'storage'>,
): Promise<void> {
  const outdated = [
    ...(await pagesPreparedWithout(ctx.db, SPREADSHEET_EXTENSIONS, previewObjectNames.sheets())),
    ...(await pagesPreparedWithout(ctx.db, WORD_EXTENSIONS, previewObjectNames.narrowPages())),
  ];
  if (outdated.length === 0) return;
  for (const document of outdated) {
    const removed = await ctx.db
      .transaction()
      .execute((trx) =>
        restartPreview(trx, ctx.config.database.dialect, document, ctx.config.previews.smallFileBytes),
      );
    await removeObjects(ctx, removed);
  }
  ctx.log.info({ count: outdated.length }, 'started previews of documents prepared before their phone pages');
  ctx.jobs.wake();
}

/**
 * The jobs that prepare one document (ADR 39), a small file's and a larger one's: the same work, each
 * kind with its own slots (docs/decisions/0079-parallel-preparation-of-small-files.md), both shared
 * fairly between rooms. Hostile files end in a final state, other errors retry.
 */
export function prepareDocumentJobs(ctx: AppContext): JobDefinition<PrepareDocumentPayload>[] {
  return [
    prepareDocumentJobOf(ctx, PREPARE_SMALL_DOCUMENT_JOB, ctx.config.previews.concurrency),
    // A larger file has one slot: LibreOffice's memory and a core for minutes each (docs/operations.md).
    prepareDocumentJobOf(ctx, PREPARE_DOCUMENT_JOB, 1),
  ];
}

function prepareDocumentJobOf(
  ctx: AppContext,
  kind: string,
  concurrency: number,
): JobDefinition<PrepareDocumentPayload> {
  return {
    kind,
    payloadSchema: prepareDocumentPayloadSchema,
    maxAttempts: 3,
    // The conversion's own limit ends it as 'timed_out'; the rest is copying and storing its files.
    timeoutMs: ctx.config.previews.timeLimitMs + PREPARATION_STORING_ALLOWANCE_MS,
    concurrency,
    // One founder's many slow files take turns with every other room's (ADR 40, amended by ADR 61).
    isSharedFairly: true,
    async run({ documentId, generation, versionNumber }, job) {
      if (versionNumber !== undefined)
        await prepareVersion(ctx, documentId, versionNumber, { signal: job.signal });
      else await prepareDocument(ctx, documentId, generation, { signal: job.signal });
    },
    async onFailed({ documentId, generation, versionNumber }) {
      if (versionNumber === undefined) return failPreview(ctx, documentId, generation, 'conversion_failed');
      // The new version becomes current, failed, as a failed upload's file does (ADR 69).
      const { removed } = await commitVersionPreparation(
        ctx.db,
        ctx.config.database.dialect,
        documentId,
        versionNumber,
        {
          objects: [],
          outcome: { status: 'failed', code: 'conversion_failed' },
        },
      );
      await removeObjects(ctx, removed);
    },
  };
}
