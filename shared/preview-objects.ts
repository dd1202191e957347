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
  /**
   * A page's words with their boxes as JSON (PageWords), for highlighting what a reader searched on the
   * page's image: from the PDF's own text, or from OCR for a scanned page. An image (kind 'image') has
   * its text and words as page 1.
   */
  pageWords: (page: number) => `words-${page}`,
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

/**
 * One word of a page and its box: left, top, right and bottom as fractions (0 to 1, 4 decimals) of the
 * page image's width and height, so it is drawn over the image at any width.
 */
export type PageWord = [text: string, x0: number, y0: number, x1: number, y1: number];
/** A page's `words-N` object: its words in reading order. */
export interface PageWords {
  words: PageWord[];
}

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

/**
 * The narrow page a Word document is laid out on again for phones (ADR 57): 9 cm by 16 cm with 0.5 cm
 * margins, so its 8 cm of line fill a 390 px screen and 11 pt text is drawn at about 17 CSS px.
 */
export const NARROW_PAGE = { widthCm: 9, heightCm: 16, marginCm: 0.5 } as const;
