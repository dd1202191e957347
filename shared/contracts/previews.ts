import { z } from 'zod';
import { FILE_TYPES } from '#shared/file-types';
import { fileAnswer, noBody } from './answers';
import { apiPath, apiRoute } from './api-route';
import { ndaGated } from './nda';
import { documentIdParamsSchema } from './path-params';

// The names and limits a preview's preparation shares with its routes sit in preview-objects.ts, which
// loads no schema library: the preparation's child process (one per document) starts without one.
export {
  MAX_PREVIEW_PAGES,
  MAX_PREVIEW_SHEETS,
  MAX_TEXT_PREVIEW_BYTES,
  NARROW_PAGE,
  PAGE_IMAGE_WIDTHS,
  type PageImageWidth,
  type PageWord,
  PREVIEW_FAILURE_CODES,
  PREVIEW_FAILURES,
  PREVIEW_KINDS,
  PREVIEW_STATUSES,
  type PreviewFailureCode,
  type PreviewKind,
  type PreviewStatus,
  previewObjectNames,
  SHEET_CSS_PIXELS_PER_POINT,
  THUMBNAIL_WIDTH,
} from '#shared/preview-objects';

import {
  PAGE_IMAGE_WIDTHS,
  type PageImageWidth,
  PREVIEW_FAILURE_CODES,
  PREVIEW_KINDS,
  PREVIEW_STATUSES,
} from '#shared/preview-objects';

/** One sheet of a workbook: its page (1 for the first visible sheet), its name and its size in CSS px. */
export const sheetPreviewSchema = z.object({
  page: z.int().min(1),
  name: z.string(),
  width: z.number(),
  height: z.number(),
});
export type SheetPreview = z.infer<typeof sheetPreviewSchema>;

/**
 * One narrow page of a Word document: its number in the narrow layout, the real page its text starts on
 * (what the address and reading analytics name), and its size at the widest rendering.
 */
export const narrowPagePreviewSchema = z.object({
  number: z.int().min(1),
  startsOnPage: z.int().min(1),
  width: z.int(),
  height: z.int(),
});
export type NarrowPagePreview = z.infer<typeof narrowPagePreviewSchema>;

/** A document's preparation as the founder's file lists show it. */
export const previewStateSchema = z.object({
  status: z.enum(PREVIEW_STATUSES),
  kind: z.enum(PREVIEW_KINDS),
  failure: z.object({ code: z.enum(PREVIEW_FAILURE_CODES), message: z.string() }).nullable(),
});
export type PreviewState = z.infer<typeof previewStateSchema>;

export const previewPageSchema = z.object({
  number: z.int().min(1),
  width: z.int(),
  height: z.int(),
});

/** GET /api/documents/:id/preview: what the viewer needs to show a document. */
export const documentPreviewSchema = previewStateSchema.extend({
  documentId: z.string(),
  title: z.string(),
  fileType: z.enum(FILE_TYPES),
  /** For 'pages': each page's size at the widest rendering (for the layout before images load). */
  pages: z.array(previewPageSchema),
  /**
   * For a workbook shown as pages: its visible sheets in order, one page each, shown as tabs at their
   * size at 100%; null for every other document (and for a workbook prepared before sheets were read).
   */
  sheets: z.array(sheetPreviewSchema).nullable(),
  /**
   * For a Word document: the same text laid out on narrow pages for phones (read from
   * /pages/{page}?layout=narrow), each with the real page it starts on; null for every other document
   * (and for one whose narrow layout was not made: too many pages).
   */
  narrowPages: z.array(narrowPagePreviewSchema).nullable(),
  /** For 'pages': whether each page's text is available (GET .../text). */
  hasText: z.boolean(),
  /** For 'text': the file is longer than the MAX_TEXT_PREVIEW_BYTES the preview keeps. */
  isTextCut: z.boolean(),
  /** Where the original downloads from. */
  downloadUrl: z.string(),
  /**
   * When its file was last replaced (the viewer's quiet "Updated <date>"); null while it still has its
   * first file (docs/decisions/0069-document-versions.md).
   */
  replacedAt: z.iso.datetime().nullable(),
  /** Whether the caller may download it: false for an investor when the document is view-only. */
  isDownloadAllowed: z.boolean(),
  /**
   * Why the caller may not download it, when they may not: the document is view-only, or the room's
   * watermark is on and this kind of file cannot carry it.
   */
  downloadRefusal: z.enum(['view_only', 'watermark_unsupported']).nullable(),
  /**
   * The watermark the caller's pages carry (their e-mail, the day, Confidential), or null: burned into
   * page images and images on the server; the viewer lays it over text and tables, which have no image.
   */
  watermark: z.string().nullable(),
});
export type DocumentPreview = z.infer<typeof documentPreviewSchema>;

/** GET /api/documents/:id/text: the document's own text, page by page (empty string for a page without). */
export const documentTextSchema = z.object({
  pages: z.array(z.object({ number: z.int().min(1), text: z.string() })),
});
export type DocumentText = z.infer<typeof documentTextSchema>;

export const pageImageParamsSchema = z.object({
  id: z.uuid({ error: 'must be a document id' }),
  page: z.coerce
    .number({ error: 'must be a page number' })
    .int('must be a page number')
    .min(1, 'must be 1 or more'),
});
export const pageImageQuerySchema = z.object({
  width: z.coerce
    .number()
    .pipe(z.union(PAGE_IMAGE_WIDTHS.map((width) => z.literal(width))))
    .default(PAGE_IMAGE_WIDTHS[0])
    .describe(`One of ${PAGE_IMAGE_WIDTHS.join(', ')}`),
});
/** GET .../pages/:page: a real page, or (a Word document on a phone) a page of its narrow layout. */
export const PAGE_LAYOUTS = ['pages', 'narrow'] as const;
export type PageLayout = (typeof PAGE_LAYOUTS)[number];
export const pagesQuerySchema = pageImageQuerySchema.extend({
  layout: z
    .enum(PAGE_LAYOUTS)
    .default('pages')
    .describe('pages: the real pages; narrow: a Word document laid out again on narrow pages for phones'),
});

/**
 * GET /api/documents/:id/pages/:page/words: a page's words in reading order, each with its box as
 * fractions (0 to 1) of the page image's width and height, for highlighting a searched word over the
 * image at any width; none for a page without text. An image has its words as page 1.
 */
export const pageWordSchema = z
  .tuple([z.string(), z.number(), z.number(), z.number(), z.number()])
  .describe('[word, left, top, right, bottom], the box as fractions of the page image');
export const pageWordsSchema = z.object({ page: z.int().min(1), words: z.array(pageWordSchema) });
export type PageWordsAnswer = z.infer<typeof pageWordsSchema>;

/** A table preview (CSV): its rows, the first being the header. */
export const previewTableSchema = z.object({ rows: z.array(z.array(z.string())), truncated: z.boolean() });
export type PreviewTable = z.infer<typeof previewTableSchema>;

/** A stored object's bytes, streamed in its own content type. */
const objectBytes = fileAnswer('The stored object, in its own content type.');

/** Every read is authorised like a download: 404 for what the reader may not read, the NDA's 403 first. */
const readerRefusals = { refusals: [401, 404], answers: ndaGated } as const;

/** Reading a document in the viewer (docs/decisions/0065-query-keys-and-api-routes.md). */
export const previewRoutes = {
  preview: apiRoute('GET', '/api/documents/:id/preview', {
    params: documentIdParamsSchema,
    answer: documentPreviewSchema,
    ...readerRefusals,
  }),
  text: apiRoute('GET', '/api/documents/:id/text', {
    params: documentIdParamsSchema,
    answer: documentTextSchema,
    ...readerRefusals,
  }),
  /** A page image (the browser fetches it: `<img>`). */
  page: apiRoute('GET', '/api/documents/:id/pages/:page', {
    params: pageImageParamsSchema,
    query: pagesQuerySchema,
    file: objectBytes,
    refusals: [401, 404],
    answers: { 304: noBody, ...ndaGated },
  }),
  /** A page's words and their boxes (JSON): what the viewer highlights a search in. */
  words: apiRoute('GET', '/api/documents/:id/pages/:page/words', {
    params: pageImageParamsSchema,
    answer: pageWordsSchema,
    ...readerRefusals,
  }),
  thumbnail: apiRoute('GET', '/api/documents/:id/thumbnails/:page', {
    params: pageImageParamsSchema,
    file: objectBytes,
    refusals: [401, 404],
    answers: { 304: noBody, ...ndaGated },
  }),
  /** An image, a video, a text as it is, or a table (CSV) as JSON. */
  content: apiRoute('GET', '/api/documents/:id/preview/content', {
    params: documentIdParamsSchema,
    query: pageImageQuerySchema,
    file: objectBytes,
    answer: previewTableSchema,
    // 403 nda_required before the NDA is accepted; 403 watermark_unsupported: a video while the
    // reader's pages carry a watermark (a video cannot carry one).
    refusals: [401, 404, 416],
    answers: { 206: objectBytes, 304: noBody, ...ndaGated },
  }),
  retry: apiRoute('POST', '/api/documents/:id/preview/retry', {
    params: documentIdParamsSchema,
    status: 202,
    answer: z.null(),
    refusals: [401, 403, 404],
  }),
};

/**
 * A replaced file's images and content get URLs of their own (`v`, when it was replaced; the server reads
 * no such parameter): the browser keeps each for an hour (viewer.routes.ts), and must not show the
 * earlier version's under the new one (docs/decisions/0069-document-versions.md).
 */
export type ImageRevision = string | null | undefined;
export const imageRevisionQuery = (replacedAt: ImageRevision) =>
  replacedAt ? { v: String(Date.parse(replacedAt)) } : {};

export const pageImageUrl = (
  documentId: string,
  page: number,
  width: PageImageWidth,
  replacedAt?: ImageRevision,
) =>
  apiPath(previewRoutes.page, {
    params: { id: documentId, page },
    query: { width, ...imageRevisionQuery(replacedAt) },
  });

/**
 * A page's image at every width, as a srcset: what the viewer draws and what every read-ahead asks for
 * (a room's prefetch, the server's preload hint in a document's page), so the browser finds it cached.
 */
export const pageImageSrcSet = (documentId: string, page: number, replacedAt?: ImageRevision) =>
  PAGE_IMAGE_WIDTHS.map((width) => `${pageImageUrl(documentId, page, width, replacedAt)} ${width}w`).join(
    ', ',
  );

/**
 * The `sizes` a page image has before the viewer's strip is laid out (then it is the drawn width): what
 * a read-ahead gives too, so the browser picks the same width from the srcset and the viewer finds it cached.
 */
export const PAGE_IMAGE_SIZES_BEFORE_LAYOUT = '(min-width: 1024px) 60rem, 100vw';

/**
 * The page a document's address names with `?page=` (the viewer's, and the server's preload hint for
 * it): 1 when it names none or is not a whole number; not yet limited to the document's pages.
 */
export function pageNamedBy(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(Number(value), 1);
}
