import { z } from 'zod';
import { FILE_TYPES } from '#shared/file-types';
import { fileAnswer, noBody } from './answers';
import { apiPath, apiRoute } from './api-route';
import { ndaGated } from './nda';
import { documentIdParamsSchema } from './path-params';

/**
 * Reading a document in the browser (docs/decisions/0039-viewer-pipeline.md). After an upload a job
 * prepares a preview: PDF and Office files become page images (at each of PAGE_IMAGE_WIDTHS, plus a
 * thumbnail) with each page's text; images are resized; CSV, TXT and MD are shown as text or a table;
 * video is played from the original with byte ranges; archives stay download-only.
 */
export const PREVIEW_KINDS = ['pages', 'image', 'text', 'table', 'video', 'download-only'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

export const PREVIEW_STATUSES = ['preparing', 'ready', 'failed'] as const;
export type PreviewStatus = (typeof PREVIEW_STATUSES)[number];

/** Why a preview could not be made, each with the words the founder reads beside the file. */
export const PREVIEW_FAILURES = {
  password_protected: 'This PDF is password-protected',
  corrupt: 'This file is damaged and could not be read',
  conversion_failed: 'This file could not be converted',
  too_many_pages: 'This document has too many pages to preview',
  page_too_large: 'A page of this document is too large to preview',
  image_too_large: 'This image is too large to preview',
  timed_out: 'Preparing this file took too long',
  too_many_sheets: 'This workbook has too many sheets to preview',
} as const;
export type PreviewFailureCode = keyof typeof PREVIEW_FAILURES;
export const PREVIEW_FAILURE_CODES = Object.keys(PREVIEW_FAILURES) as [
  PreviewFailureCode,
  ...PreviewFailureCode[],
];

/** Page images are rendered at these widths in pixels: a phone (and a desktop at 1x), and a retina desktop. */
export const PAGE_IMAGE_WIDTHS = [800, 1600] as const;
export type PageImageWidth = (typeof PAGE_IMAGE_WIDTHS)[number];

/**
 * The names of a preview's objects, unique within a document. The preparation (in its child process) writes
 * them; the viewer's routes find them by these names, so both use these functions.
 */
export const previewObjectNames = {
  pageImage: (page: number, width: PageImageWidth) => `page-${page}-${width}`,
  thumbnail: (page: number) => `thumbnail-${page}`,
  pageText: (page: number) => `text-${page}`,
  /** A resized image (kind 'image') at one width. */
  image: (width: PageImageWidth) => `image-${width}`,
  /** The document as UTF-8 text (kind 'text'), or as a JSON table (kind 'table'). */
  text: () => 'text',
  table: () => 'table',
  /**
   * An Office document converted to PDF (kind 'pages'), kept so that a watermarked download can be
   * that PDF stamped (docs/decisions/0046-dynamic-watermark.md). A PDF original has none: it is its own.
   */
  pdf: () => 'pdf',
  /**
   * A workbook's sheets as JSON (SheetPreview[], in page order): a spreadsheet is shown as one page
   * image per sheet, with the sheet's name as its tab (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md).
   */
  sheets: () => 'sheets',
  /**
   * A Word document laid out again on a narrow page, for phones (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md):
   * one image per narrow page at one width, and the list of narrow pages as JSON (NarrowPagePreview[]).
   */
  narrowPageImage: (page: number, width: PageImageWidth) => `narrow-page-${page}-${width}`,
  narrowPages: () => 'narrow-pages',
} as const;

/** Thumbnails in the viewer's side strip. */
export const THUMBNAIL_WIDTH = 200;
/** A text preview (TXT, MD) keeps at most this many bytes of the file; the viewer says when it is cut. */
export const MAX_TEXT_PREVIEW_BYTES = 2 * 1024 * 1024;
/** Past this many pages a document is not previewed (it can still be downloaded). */
export const MAX_PREVIEW_PAGES = 500;
/** Past this many sheets (hidden ones included) a workbook is not previewed: each sheet is one rendering. */
export const MAX_PREVIEW_SHEETS = 100;
/**
 * A sheet's image is shown at this many CSS pixels per point of the sheet at 100%, as a browser shows
 * 1pt (1/72 in) at 96 CSS px per inch: a sheet's 10 pt text is 13.3 CSS px on any screen.
 */
export const SHEET_CSS_PIXELS_PER_POINT = 96 / 72;

/** One sheet of a workbook: its page (1 for the first visible sheet), its name and its size in CSS px. */
export const sheetPreviewSchema = z.object({
  page: z.int().min(1),
  name: z.string(),
  width: z.number(),
  height: z.number(),
});
export type SheetPreview = z.infer<typeof sheetPreviewSchema>;

/**
 * The narrow page a Word document is laid out on again for phones (ADR 57): 9 cm by 16 cm with 0.5 cm
 * margins, so its 8 cm of line fill a 390 px screen and 11 pt text is drawn at about 17 CSS px.
 */
export const NARROW_PAGE = { widthCm: 9, heightCm: 16, marginCm: 0.5 } as const;

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
