import crypto from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppContext } from '#server/app-context';
import {
  type DownloadWatermarks,
  findPreview,
  findPreviewObject,
  type PreviewObject,
  previewKindOf,
  type ReadableDocument,
} from '#server/features/documents/index';
import { processWorkRoot } from '#server/features/preparation/index';
import { HttpError } from '#server/plugins/errors';
import { MAX_PREVIEW_PAGES, previewObjectNames } from '#shared/contracts/previews';
import { extensionOf } from '#shared/file-types';
import { watermarkDay, watermarkText } from '#shared/watermark';
import { previewBytesCache, watermarkedImagesCache } from './reading.caches';
import { watermarkImage } from './watermark-image';
import { type StampedPdf, stampPdf, UnstampablePdfError } from './watermark-pdf';

/**
 * The dynamic watermark (docs/decisions/0046-dynamic-watermark.md): what an investor is served from a
 * room with the watermark on carries their e-mail, the day and "Confidential", burned in on the server.
 */

/** One reader's watermark today. */
export interface Watermark {
  userId: string;
  text: string;
  day: string;
  /** Part of every ETag of a watermarked object: differs per reader and per day, names neither. */
  tag: string;
}

/** The reader's watermark, when what they read must carry one; null for the owner or a room without it. */
export function watermarkOf(
  reader: { id: string; email: string },
  document: Pick<ReadableDocument, 'readerSeesWatermark'>,
  at = new Date(),
): Watermark | null {
  if (!document.readerSeesWatermark) return null;
  const day = watermarkDay(at);
  const tag = crypto.createHash('sha256').update(`${reader.id}\n${day}`).digest('base64url').slice(0, 16);
  return { userId: reader.id, text: watermarkText(reader.email, at), day, tag };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stored object's bytes, through the preview bytes cache where small enough. */
async function storedBytes(ctx: AppContext, object: PreviewObject): Promise<Buffer> {
  return (
    (await ctx.caches
      .get(previewBytesCache)
      .bytes(object.storageKey, object.sizeBytes, () => ctx.storage.read(object.storageKey))) ??
    readAll(ctx.storage.read(object.storageKey))
  );
}

/** The ETag of a preview object as one reader sees it today. */
export function watermarkedEtag(object: PreviewObject, watermark: Watermark): string {
  return `"${object.storageKey}.${watermark.tag}"`;
}

/**
 * A page image, thumbnail or resized image with the reader's watermark, from the per-reader cache
 * (server/caches/watermarked-image-cache.ts) or stamped now, in the object's own format (WebP).
 */
export async function watermarkedObjectBytes(
  ctx: AppContext,
  object: PreviewObject,
  watermark: Watermark,
): Promise<Buffer> {
  return ctx.caches
    .get(watermarkedImagesCache)
    .image({ userId: watermark.userId, storageKey: object.storageKey, day: watermark.day }, async () =>
      watermarkImage(await storedBytes(ctx, object), watermark.text, 'webp'),
    );
}

/** What a watermarked download sends. */
export type WatermarkedDownload =
  | { kind: 'pdf'; fileName: string; stamped: StampedPdf }
  | { kind: 'image'; fileName: string; contentType: string; bytes: Buffer };

const UNSUPPORTED_MESSAGE =
  'This file can be read in the viewer only: downloads in this room carry a watermark, and this file cannot carry one.';

/**
 * Watermarked PDFs made at once in one process, and by one reader: each runs qpdf for as long as its
 * download lasts (ADR 46), so past these a request is refused with 429 rather than queued behind them
 * (ADR 61). Four at once is the load docs/performance.md measures.
 */
export const STAMPS_AT_ONCE = 4;
export const STAMPS_AT_ONCE_PER_READER = 2;
let stampsRunning = 0;
const stampsByReader = new Map<string, number>();

/** Takes a stamping slot for this reader, or throws 429; the returned function gives it back, once. */
export function takeStampSlot(readerId: string): () => void {
  const mine = stampsByReader.get(readerId) ?? 0;
  if (stampsRunning >= STAMPS_AT_ONCE || mine >= STAMPS_AT_ONCE_PER_READER)
    throw new HttpError(
      429,
      'watermark_busy',
      mine >= STAMPS_AT_ONCE_PER_READER
        ? 'Your other watermarked downloads are still being made: let one finish, then try again.'
        : 'Too many watermarked downloads are being made right now: try again in a minute.',
      {},
      { 'retry-after': '30' },
    );
  stampsRunning++;
  stampsByReader.set(readerId, mine + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    stampsRunning--;
    const left = (stampsByReader.get(readerId) ?? 1) - 1;
    if (left > 0) stampsByReader.set(readerId, left);
    else stampsByReader.delete(readerId);
  };
}

/** The name of the download: the title, with the extension of what is really sent. */
function renamed(title: string, extension: string): string {
  const current = extensionOf(title);
  const base = current ? title.slice(0, -(current.length + 1)) : title;
  return `${base || 'document'}.${extension}`;
}

function notReady(): HttpError {
  return new HttpError(
    409,
    'watermark_not_ready',
    'This document is still being prepared, and its watermarked copy is made from it: try again in a minute.',
  );
}

/** A ready preview's object by name, or a 409 while it is prepared and a 403 if it never will be. */
async function preparedObject(ctx: AppContext, documentId: string, name: string): Promise<PreviewObject> {
  const preview = await findPreview(ctx.db, documentId);
  if (!preview || preview.status === 'preparing') throw notReady();
  const object = preview.status === 'ready' ? await findPreviewObject(ctx.db, documentId, name) : undefined;
  if (!object) throw new HttpError(403, 'watermark_unsupported', UNSUPPORTED_MESSAGE);
  return object;
}

/**
 * The reader's copy of a document, watermarked: a PDF stamped page by page by qpdf and streamed (an
 * Office document as its converted PDF), or an image stamped at the viewer's widest rendering (PNG, or
 * JPEG for a JPEG). Other files never get here (requireDownloadAllowed refuses them first).
 */
export async function watermarkedDownload(
  ctx: AppContext,
  document: ReadableDocument & { titleInRoom: string },
  watermark: Watermark,
): Promise<WatermarkedDownload> {
  const extension = extensionOf(document.originalName);
  const kind = previewKindOf(extension);
  if (kind === 'image') {
    const object = await preparedObject(ctx, document.id, previewObjectNames.image(1600));
    const format = extension === 'jpg' || extension === 'jpeg' ? 'jpeg' : 'png';
    const bytes = await watermarkImage(await storedBytes(ctx, object), watermark.text, format);
    return {
      kind: 'image',
      fileName: renamed(document.title, format === 'jpeg' ? extension : 'png'),
      contentType: `image/${format}`,
      bytes,
    };
  }
  if (kind !== 'pages') throw new HttpError(403, 'watermark_unsupported', UNSUPPORTED_MESSAGE);
  const storageKey =
    extension === 'pdf'
      ? document.storageKey
      : (await preparedObject(ctx, document.id, previewObjectNames.pdf())).storageKey;
  const workDir = path.join(processWorkRoot(ctx.config.dataDir), `watermark-${crypto.randomUUID()}`);
  const release = takeStampSlot(watermark.userId);
  try {
    const source = ctx.storage.localPath
      ? { path: ctx.storage.localPath(storageKey) }
      : { stream: ctx.storage.read(storageKey) };
    // The preparation's limits (ADR 39): its page cap, its time limit, its priority (ADR 61).
    const stamped = await stampPdf(source, watermark.text, workDir, {
      maxPages: MAX_PREVIEW_PAGES,
      timeLimitMs: ctx.config.previews.timeLimitMs,
    });
    const close = stamped.close;
    return {
      kind: 'pdf',
      fileName: renamed(document.title, 'pdf'),
      stamped: {
        stream: stamped.stream,
        close: async () => {
          release();
          await close();
        },
      },
    };
  } catch (error) {
    release();
    if (!(error instanceof UnstampablePdfError)) throw error;
    ctx.log.info({ documentId: document.id, detail: error.message }, 'PDF could not be watermarked');
    throw new HttpError(
      403,
      'watermark_unsupported',
      error.reason === 'too_many_pages'
        ? `This PDF has more than ${MAX_PREVIEW_PAGES} pages, too many to carry a watermark, so it can be read in the viewer only.`
        : 'This PDF cannot carry a watermark (it is protected or damaged), so it can be read in the viewer only.',
    );
  }
}

/**
 * The reader's watermarked download, as the documents module's download route asks for it (app.ts wires
 * it in, so documents never import reading: docs/decisions/0063-room-content-as-four-modules.md).
 */
export function downloadWatermarks(ctx: AppContext): DownloadWatermarks {
  return {
    async copyFor(reader, document) {
      const watermark = watermarkOf(reader, document);
      return watermark ? watermarkedDownload(ctx, document, watermark) : null;
    },
  };
}
