import type { PageImageWidth, PreviewFailureCode } from '#shared/contracts/previews';

/** Workbooks: shown as pages too, one per sheet, with the sheets' names as tabs (ADR 57). */
export const SPREADSHEET_EXTENSIONS = ['xls', 'xlsx', 'ods'] as const;

export function isSpreadsheet(extension: string): boolean {
  return (SPREADSHEET_EXTENSIONS as readonly string[]).includes(extension.toLowerCase());
}

/**
 * Word documents: shown as their real pages on a wide screen and laid out again on narrow pages for a
 * phone (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md).
 */
export const WORD_EXTENSIONS = ['doc', 'docx'] as const;

export function isWordDocument(extension: string): boolean {
  return (WORD_EXTENSIONS as readonly string[]).includes(extension.toLowerCase());
}

/** Past this many pixels an image is refused from its header alone, before anything is decoded. */
export const MAX_IMAGE_PIXELS = 100_000_000;
/**
 * Pages render at a fixed width, so a page's size in points never changes its pixels; only its shape
 * does. A page taller than this many times its width (or wider than this many times its height) would
 * be a ribbon of pixels no reader can use, and is refused rather than rendered.
 */
export const MAX_PAGE_ASPECT_RATIO = 10;
/** A table preview keeps at most this many rows, and this much of each cell. */
export const MAX_TABLE_PREVIEW_ROWS = 5_000;
export const MAX_TABLE_CELL_CHARACTERS = 2_000;
/** A CSV record longer than this (about 1 MB) is refused as damaged: no real table has one. */
export const MAX_CSV_RECORD_CHARACTERS = 1024 * 1024;
/** A page's own text beyond this is cut (a page of a real document holds a few thousand characters). */
export const MAX_PAGE_TEXT_CHARACTERS = 100_000;
/**
 * The address space of every program a preparation runs (LibreOffice, pdfinfo, pdftotext, pdftoppm): a
 * zip bomb or a runaway document ends its own process, not the machine.
 */
export const HELPER_MEMORY_LIMIT_BYTES = 2 * 1024 ** 3;
/**
 * A sheet renders at 2 device pixels per CSS pixel (SHEET_CSS_PIXELS_PER_POINT), smaller if that would
 * pass either cap: a WebP side is at most 16,383 px, and this many pixels bound a sheet's raw rendering
 * (about 100 MB) whatever its used range. A sheet past them is shown at its size, less sharp.
 */
export const MAX_SHEET_IMAGE_PIXELS = 32_000_000;
export const MAX_SHEET_IMAGE_SIDE = 16_383;
/** A workbook's list of sheets (xl/workbook.xml) larger than this is refused as damaged. */
export const MAX_WORKBOOK_XML_BYTES = 4 * 1024 * 1024;

/** One file the child wrote, to be stored as one preview object. */
export interface PreparedFile {
  name: string;
  path: string;
  contentType: string;
  width: number | null;
  height: number | null;
}

export type PreparationOutcome =
  | { status: 'ready'; pageCount: number | null; isTextAvailable: boolean; files: PreparedFile[] }
  | { status: 'failed'; code: PreviewFailureCode; detail: string };

/** What the parent asks the child to prepare: the original, copied to a file of the child's work directory. */
export interface PreparationTask {
  kind: 'pages' | 'image' | 'text' | 'table';
  extension: string;
  inputPath: string;
  workDir: string;
  widths: readonly PageImageWidth[];
  thumbnailWidth: number;
  maxPages: number;
  /** Each helper program's address space (HELPER_MEMORY_LIMIT_BYTES). */
  memoryLimitBytes: number;
}

/**
 * A preview object is at most as large as the largest thing we render (far below this), or a converted
 * PDF kept for watermarked downloads: one larger than this is not kept, and that document then has no
 * watermarked download (docs/decisions/0046-dynamic-watermark.md).
 */
export const MAX_PREVIEW_OBJECT_BYTES = 64 * 1024 * 1024;
