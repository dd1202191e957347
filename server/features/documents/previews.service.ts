import { z } from 'zod';
import type { ModuleExecutor } from '#server/db/schema';
import { enqueueJob } from '#server/jobs/job-queue';
import type { PreviewKind } from '#shared/contracts/previews';
import { extensionOf } from '#shared/file-types';
import { startPreview, updatePreview } from './previews.repository';

/**
 * A document's preview as the documents module starts it: its kind, from the original's extension, and
 * the job that the preparation module runs to make it (docs/decisions/0039-viewer-pipeline.md). The job
 * is enqueued here, in the transaction that stores the document, so preparation depends on documents and
 * never the other way (docs/decisions/0063-room-content-as-four-modules.md).
 */

/** What a preview is made from, by the original's extension (docs/decisions/0039-viewer-pipeline.md). */
const KIND_BY_EXTENSION: Record<string, PreviewKind> = {
  pdf: 'pages',
  doc: 'pages',
  docx: 'pages',
  odt: 'pages',
  rtf: 'pages',
  xls: 'pages',
  xlsx: 'pages',
  ods: 'pages',
  ppt: 'pages',
  pptx: 'pages',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
  txt: 'text',
  md: 'text',
  csv: 'table',
  mp4: 'video',
  mov: 'video',
};

export function previewKindOf(extension: string): PreviewKind {
  return KIND_BY_EXTENSION[extension.toLowerCase()] ?? 'download-only';
}

/** Kinds with nothing to prepare: ready as soon as the document is stored. */
export function isReadyWithoutPreparation(kind: PreviewKind): boolean {
  return kind === 'video' || kind === 'download-only';
}

/**
 * Preparing a document, in two kinds that differ only in their slots
 * (docs/decisions/0079-parallel-preparation-of-small-files.md): a small file's preparation takes one of
 * PREVIEW_CONCURRENCY's slots, a larger file's the one slot of its own, so that four small files become
 * readable together and one large file never takes every core.
 */
export const PREPARE_DOCUMENT_JOB = 'prepare-document';
export const PREPARE_SMALL_DOCUMENT_JOB = 'prepare-small-document';

/** The kind of job that prepares a file of this size: a small one's (PREVIEW_SMALL_FILE_MB) or a larger one's. */
export function preparationKindOf(sizeBytes: number, smallFileBytes: number): string {
  return sizeBytes <= smallFileBytes ? PREPARE_SMALL_DOCUMENT_JOB : PREPARE_DOCUMENT_JOB;
}
export const prepareDocumentPayloadSchema = z.object({
  documentId: z.string(),
  generation: z.number().int(),
  /**
   * A new version's file, prepared while readers still get the current one; it becomes current when its
   * preparation ends (docs/decisions/0069-document-versions.md). Absent: the current version's preview.
   */
  versionNumber: z.number().int().optional(),
});
export type PrepareDocumentPayload = z.infer<typeof prepareDocumentPayloadSchema>;

/**
 * Inside the transaction that stores or re-prepares a document: its preview starts as 'preparing' with
 * a job to prepare it, both committed with the write or neither. Video and archives have nothing to
 * prepare and are ready at once. Returns whether a job was enqueued (the caller wakes the worker after
 * the commit).
 */
export async function startDocumentPreview(
  trx: ModuleExecutor<'documents'>,
  document: { id: string; roomId: string; originalName: string; currentVersion: number; sizeBytes: number },
  now: Date,
  smallFileBytes: number,
): Promise<boolean> {
  const kind = previewKindOf(extensionOf(document.originalName));
  const generation = await startPreview(trx, document.id, kind, now, document.currentVersion);
  if (isReadyWithoutPreparation(kind)) {
    await updatePreview(trx, document.id, { status: 'ready', preparedAt: now });
    return false;
  }
  // One job per generation: a retry's job is enqueued even while an older one still runs (its lease not
  // yet released), and that older one then writes nothing.
  return enqueueJob(trx, {
    kind: preparationKindOf(document.sizeBytes, smallFileBytes),
    payload: { documentId: document.id, generation } satisfies PrepareDocumentPayload,
    dedupeKey: `${PREPARE_DOCUMENT_JOB}:${document.id}:${generation}`,
    fairKey: document.roomId,
  });
}

/**
 * Inside the transaction that stores a new version: the job that prepares its file while readers keep
 * the current one (docs/decisions/0069-document-versions.md). `generation` is the document's preview's
 * at that moment, for the job's key only: the version's own state says whether it still waits.
 */
export async function enqueueVersionPreparation(
  trx: ModuleExecutor<'documents'>,
  version: { documentId: string; roomId: string; number: number; sizeBytes: number },
  generation: number,
  smallFileBytes: number,
): Promise<boolean> {
  return enqueueJob(trx, {
    kind: preparationKindOf(version.sizeBytes, smallFileBytes),
    payload: {
      documentId: version.documentId,
      generation,
      versionNumber: version.number,
    } satisfies PrepareDocumentPayload,
    dedupeKey: `${PREPARE_DOCUMENT_JOB}:${version.documentId}:version-${version.number}`,
    fairKey: version.roomId,
  });
}
