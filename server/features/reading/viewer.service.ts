import type { Readable } from 'node:stream';
import type { AppContext } from '#server/app-context';
import {
  type DocumentPreview,
  type DownloadableDocument,
  findDownloadableDocument,
  findPreview,
  findPreviewObject,
  findReadableDocument,
  listPreviewObjects,
  type PreviewObject,
  previewKindOf,
  previewStateOf,
  previewsCache,
  type ReadableDocument,
} from '#server/features/documents/index';
import type { RoomUser } from '#server/features/rooms/index';
import { HttpError } from '#server/plugins/errors';
import {
  type DocumentPreview as DocumentPreviewResponse,
  type DocumentText,
  MAX_TEXT_PREVIEW_BYTES,
  type NarrowPagePreview,
  narrowPagePreviewSchema,
  PAGE_IMAGE_SIZES_BEFORE_LAYOUT,
  PAGE_IMAGE_WIDTHS,
  type PageImageWidth,
  type PageLayout,
  type PageWordsAnswer,
  type PreviewKind,
  pageImageSrcSet,
  pageNamedBy,
  previewObjectNames,
  type SheetPreview,
  sheetPreviewSchema,
} from '#shared/contracts/previews';
import { extensionOf, storedFileType } from '#shared/file-types';
import type { PageWords } from '#shared/preview-objects';
import { previewBytesCache, previewObjectsCache } from './reading.caches';
import { watermarkOf } from './watermark.service';

/**
 * What the viewer reads (docs/decisions/0039-viewer-pipeline.md): a document's preparation state and the
 * objects the preparation stored (page images, thumbnails, text, a resized image, a table), each
 * authorised exactly like a download of the document: its room's owner, or a member of the room while
 * it is active; anyone else gets the same 404 as for a document that does not exist.
 */

/** The kind a document will be shown as, before its preview row exists (documents uploaded before it). */
function expectedKind(document: DownloadableDocument): PreviewKind {
  return previewKindOf(extensionOf(document.originalName));
}

/**
 * The page image a document's viewer shows first, for the preload hint its page's HTML carries
 * (docs/decisions/0075-the-investors-first-screen.md): the page the address names (`?page=`, read as the
 * viewer reads it, up to the last page), of a document shown as its real pages. Undefined for one the
 * reader may not read, one still being prepared, and workbooks and Word documents, whose viewers may ask
 * for other images (sheets at 1x and 2x, narrow pages on a phone).
 */
export async function firstPageImageOf(
  ctx: AppContext,
  user: RoomUser & { email: string },
  documentId: string,
  requestedPage: string | null,
): Promise<{ srcSet: string; sizes: string } | undefined> {
  const preview = await documentPreviewFor(ctx, user, documentId).catch((error: unknown) => {
    if (error instanceof HttpError) return undefined;
    throw error;
  });
  if (preview?.status !== 'ready' || preview.kind !== 'pages') return undefined;
  if (preview.sheets !== null || preview.narrowPages !== null || preview.pages.length === 0) return undefined;
  const page = Math.min(pageNamedBy(requestedPage), preview.pages.length);
  return {
    srcSet: pageImageSrcSet(preview.documentId, page, preview.replacedAt),
    sizes: PAGE_IMAGE_SIZES_BEFORE_LAYOUT,
  };
}

/** The document's preview as the viewer first asks for it: its state, kind and, for pages, their sizes. */
export async function documentPreviewFor(
  ctx: AppContext,
  user: RoomUser & { email: string },
  documentId: string,
): Promise<DocumentPreviewResponse> {
  const document = await findDownloadableDocument(ctx, user, documentId);
  const preview = await findPreview(ctx.db, document.id);
  const state = previewStateOf(preview, expectedKind(document));
  const isReadyPages = preview?.status === 'ready' && preview.kind === 'pages';
  const objects = isReadyPages ? await listPreviewObjects(ctx.db, document.id) : [];
  return {
    ...state,
    documentId: document.id,
    title: document.titleInRoom,
    fileType: storedFileType(document.fileType),
    pages: pageSizes(objects),
    sheets: await sheetsOf(ctx, objects),
    narrowPages: await narrowPagesOf(ctx, objects),
    hasText: isReadyPages && preview.isTextAvailable,
    isTextCut: state.kind === 'text' && document.sizeBytes > MAX_TEXT_PREVIEW_BYTES,
    downloadUrl: `/api/documents/${document.id}/download`,
    replacedAt: document.currentVersion > 1 ? document.updatedAt.toISOString() : null,
    isDownloadAllowed: document.readerMayDownload,
    downloadRefusal: document.downloadRefusal,
    // Shown over text and tables in the page (they have no image to burn it into) and beside the title.
    watermark: watermarkOf(user, document)?.text ?? null,
  };
}

/** Each page's size at the widest rendering, in page order, from the preview's objects. */
function pageSizes(objects: PreviewObject[]): DocumentPreviewResponse['pages'] {
  const widest: number = Math.max(...PAGE_IMAGE_WIDTHS);
  const pattern = new RegExp(`^page-(\\d+)-${widest}$`);
  const pages: DocumentPreviewResponse['pages'] = [];
  for (const object of objects) {
    const number = Number(pattern.exec(object.name)?.[1]);
    if (!number) continue;
    pages.push({ number, width: object.width ?? widest, height: object.height ?? widest });
  }
  return pages.sort((a, b) => a.number - b.number);
}

/** A workbook's sheets (the preparation's `sheets` object, ADR 57), or null for any other document. */
async function sheetsOf(ctx: AppContext, objects: PreviewObject[]): Promise<SheetPreview[] | null> {
  const object = objects.find((candidate) => candidate.name === previewObjectNames.sheets());
  if (!object) return null;
  return sheetPreviewSchema.array().parse(JSON.parse(await readText(ctx.storage.read(object.storageKey))));
}

/**
 * A Word document's narrow layout for phones (the preparation's `narrow-pages` object, ADR 57), or null
 * for any other document and for one whose layout was not made.
 */
async function narrowPagesOf(ctx: AppContext, objects: PreviewObject[]): Promise<NarrowPagePreview[] | null> {
  const object = objects.find((candidate) => candidate.name === previewObjectNames.narrowPages());
  if (!object) return null;
  const pages = narrowPagePreviewSchema
    .array()
    .parse(JSON.parse(await readText(ctx.storage.read(object.storageKey))));
  return pages.length > 0 ? pages : null;
}

/**
 * The readable document with its preview, when that preview is ready; otherwise a 404 that says why.
 * Read on every page image and thumbnail: the lookups go through the caches (reading.caches.ts, documents.caches.ts),
 * and the document's name in the room, which needs its sections, is not looked up.
 */
async function readyPreview(
  ctx: AppContext,
  user: RoomUser,
  documentId: string,
): Promise<{ document: ReadableDocument; preview: DocumentPreview }> {
  const document = await findReadableDocument(ctx, user, documentId);
  const preview = await ctx.caches
    .get(previewsCache)
    .get(document.id, () => findPreview(ctx.db, document.id));
  if (preview?.status !== 'ready') {
    throw new HttpError(
      404,
      'preview_not_ready',
      preview?.status === 'failed'
        ? 'This document has no preview: it could not be prepared. Download it to open it.'
        : 'The preview of this document is still being prepared.',
    );
  }
  return { document, preview };
}

function requirePagesKind(preview: DocumentPreview): void {
  if (preview.kind !== 'pages') {
    throw new HttpError(
      404,
      'not_found',
      `This document is not shown as pages (it is previewed as ${preview.kind}).`,
    );
  }
}

function requirePageInRange(preview: DocumentPreview, page: number): void {
  const count = preview.pageCount ?? 0;
  if (page > count) {
    throw new HttpError(
      404,
      'page_not_found',
      `page: there is no page ${page}; this document has ${count} ${count === 1 ? 'page' : 'pages'}.`,
      { field: 'page' },
    );
  }
}

async function requireObject(ctx: AppContext, documentId: string, name: string): Promise<PreviewObject> {
  const object = await ctx.caches
    .get(previewObjectsCache)
    .get(`${documentId}/${name}`, () => findPreviewObject(ctx.db, documentId, name));
  // A ready preview has every object it names; a missing one is a broken preview, not the client's fault.
  if (!object) throw new Error(`the ready preview of ${documentId} has no object ${name}`);
  return object;
}

/** A preview object to serve, and the document it belongs to (whose reader may see a watermark). */
export interface ServedObject {
  object: PreviewObject;
  document: ReadableDocument;
}

/**
 * One page's image at one width (image/webp): a real page, or a page of a Word document's narrow layout
 * (ADR 57), authorised and watermarked alike.
 */
export async function pageImageFor(
  ctx: AppContext,
  user: RoomUser,
  documentId: string,
  page: number,
  width: PageImageWidth,
  layout: PageLayout = 'pages',
): Promise<ServedObject> {
  const { document, preview } = await readyPreview(ctx, user, documentId);
  requirePagesKind(preview);
  if (layout === 'narrow') return { object: await narrowPageObject(ctx, document.id, page, width), document };
  requirePageInRange(preview, page);
  return {
    object: await requireObject(ctx, document.id, previewObjectNames.pageImage(page, width)),
    document,
  };
}

/** A page of the narrow layout; a document without one, or a page past its end, is the client's 404. */
async function narrowPageObject(
  ctx: AppContext,
  documentId: string,
  page: number,
  width: PageImageWidth,
): Promise<PreviewObject> {
  const name = previewObjectNames.narrowPageImage(page, width);
  const object = await ctx.caches
    .get(previewObjectsCache)
    .get(`${documentId}/${name}`, () => findPreviewObject(ctx.db, documentId, name));
  if (!object) {
    throw new HttpError(
      404,
      'page_not_found',
      `page: there is no narrow page ${page}; only a Word document is laid out on narrow pages, and it has as many as its preview's narrowPages lists.`,
      { field: 'page' },
    );
  }
  return object;
}

/** One page's thumbnail (image/webp). */
export async function thumbnailFor(
  ctx: AppContext,
  user: RoomUser,
  documentId: string,
  page: number,
): Promise<ServedObject> {
  const { document, preview } = await readyPreview(ctx, user, documentId);
  requirePagesKind(preview);
  requirePageInRange(preview, page);
  return { object: await requireObject(ctx, document.id, previewObjectNames.thumbnail(page)), document };
}

async function readText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The document's own text, page by page: for assistive technology and for search within the document. */
export async function documentTextFor(
  ctx: AppContext,
  user: RoomUser,
  documentId: string,
): Promise<DocumentText> {
  const { document, preview } = await readyPreview(ctx, user, documentId);
  if (preview.kind !== 'pages' || !preview.isTextAvailable) {
    throw new HttpError(404, 'no_text', 'This document has no text of its own: its pages are images only.');
  }
  const pages: DocumentText['pages'] = [];
  for (let number = 1; number <= (preview.pageCount ?? 0); number++) {
    const object = await findPreviewObject(ctx.db, document.id, previewObjectNames.pageText(number));
    pages.push({ number, text: object ? await readText(ctx.storage.read(object.storageKey)) : '' });
  }
  return { pages };
}

/**
 * One page's words and their boxes (the preparation's `words-N`): of a document shown as pages, or of an
 * image as its page 1, within its pages as a page image is. A page without words, and a document
 * prepared before words were kept, answer none: there is nothing to highlight, which is not an error.
 */
export async function pageWordsFor(
  ctx: AppContext,
  user: RoomUser,
  documentId: string,
  page: number,
): Promise<PageWordsAnswer> {
  const { document, preview } = await readyPreview(ctx, user, documentId);
  if (preview.kind === 'image') requirePageInRange({ ...preview, pageCount: 1 }, page);
  else {
    requirePagesKind(preview);
    requirePageInRange(preview, page);
  }
  const name = previewObjectNames.pageWords(page);
  const object = await ctx.caches
    .get(previewObjectsCache)
    .get(`${document.id}/${name}`, () => findPreviewObject(ctx.db, document.id, name));
  if (!object) return { page, words: [] };
  const bytes =
    (await ctx.caches
      .get(previewBytesCache)
      .bytes(object.storageKey, object.sizeBytes, () => ctx.storage.read(object.storageKey))) ??
    Buffer.from(await readText(ctx.storage.read(object.storageKey)));
  // Written by the preparation as PageWords: trusted as the page images are, not parsed again by schema.
  const { words } = JSON.parse(bytes.toString('utf8')) as PageWords;
  return { page, words };
}

/** What GET .../preview/content serves: a stored object of the preview, or the original (video). */
export type PreviewContent =
  | ({ source: 'object' } & ServedObject)
  | { source: 'original'; document: ReadableDocument };

const VIDEO_UNMARKED =
  'This video cannot be played here: everything in this room carries your watermark, and a video cannot carry one. Ask the founder for a copy.';

/** The content of an image, text, table or video preview; pages are read page by page instead. */
export async function previewContentFor(
  ctx: AppContext,
  user: RoomUser,
  documentId: string,
  width: PageImageWidth,
): Promise<PreviewContent> {
  const { document, preview } = await readyPreview(ctx, user, documentId);
  switch (preview.kind) {
    case 'image':
      return {
        source: 'object',
        object: await requireObject(ctx, document.id, previewObjectNames.image(width)),
        document,
      };
    case 'text':
      return {
        source: 'object',
        object: await requireObject(ctx, document.id, previewObjectNames.text()),
        document,
      };
    case 'table':
      return {
        source: 'object',
        object: await requireObject(ctx, document.id, previewObjectNames.table()),
        document,
      };
    case 'video':
      // The player streams the file itself, which carries no watermark: while the reader's pages
      // carry one, a video is refused like every download that cannot (ADR 46, amended by ADR 61).
      if (document.readerSeesWatermark) throw new HttpError(403, 'watermark_unsupported', VIDEO_UNMARKED);
      return { source: 'original', document };
    case 'pages':
      throw new HttpError(
        404,
        'not_found',
        'This document is shown as pages: read them at /pages/{page} and /thumbnails/{page}.',
      );
    case 'download-only':
      throw new HttpError(404, 'not_found', "This file can't be previewed. Download it to open it.");
  }
}
