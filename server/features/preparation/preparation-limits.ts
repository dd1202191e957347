import type { PageImageWidth, PreviewFailureCode } from '#shared/contracts/previews';

/** Workbooks: shown as pages too, one per sheet, with the sheets' names as tabs (ADR 57). */
export const SPREADSHEET_EXTENSIONS = ['xls', 'xlsx', 'ods'] as const;

export function isSpreadsheet(extension: string): boolean {
  return (SPREADSHEET_EXTENSIONS as readonly string[]).includes(extension.toLowerCase());
}

/**
 * Word documents, and the other text documents LibreOffice's Writer reads as it reads them (OpenDocument
 * text, RTF): shown as their real pages on a wide screen and laid out again on narrow pages for a phone
 * (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md).
 */
export const WORD_EXTENSIONS = ['doc', 'docx', 'odt', 'rtf'] as const;

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
 * A page whose own text (pdftotext) has fewer letters and digits than this, and whose images cover at
 * least MIN_OCR_IMAGE_SHARE of it, is taken for a scan and read by OCR: a scanned page often carries a
 * little text of its own (a stamped page number, a Bates label, a scanner's header), and OCR can only
 * find text that is in an image (a title slide's few words need none). The page keeps whichever text
 * has more letters and digits, so OCR never makes a page's text worse.
 */
export const MIN_OWN_TEXT_CHARACTERS = 16;
export const MIN_OCR_IMAGE_SHARE = 0.25;
/**
 * OCR reads at most this many pages of one document, each a second or two of one core; the later
 * scanned pages keep no text (the reader still sees their images). With OCR_SHARE_OF_TIME_LIMIT it keeps
 * a long scan within the preparation's time limit.
 */
export const MAX_OCR_PAGES = 50;
/**
 * A scanned page is rendered once, in colour, at this resolution (tesseract's best for body text): its
 * page images are resized from that rendering and tesseract reads it in grey. Never below the widest page
 * image's width, which it is resized to.
 */
export const OCR_DPI = 300;
/**
 * ...and at most this many pixels (a Letter or A4 page at 300 dpi is about 8.7 million, 26 MB of RGB): a
 * larger page (a poster, a plan) is read at a lower resolution.
 */
export const MAX_OCR_IMAGE_PIXELS = 12_000_000;
/**
 * OCR stops once this share of the preparation's time limit has passed since the child's work began: the
 * pages left keep no text, and the preview is still made within the limit rather than failing whole.
 */
export const OCR_SHARE_OF_TIME_LIMIT = 0.5;
/**
 * A page keeps at most this many words with their boxes (a dense page of prose has about 700; a sheet
 * exported whole may have tens of thousands), each cut to this many characters: `words-N` stays small.
 */
export const MAX_PAGE_WORDS = 5_000;
export const MAX_WORD_CHARACTERS = 100;
/**
 * pdftotext's word boxes of a whole document (XHTML, about 100 bytes a word) past this are not read: such
 * a document keeps its pages' text but no word boxes.
 */
export const MAX_WORD_BOXES_XHTML_BYTES = 64 * 1024 * 1024;
/**
 * The address space of every program a preparation runs (LibreOffice, pdfinfo, pdftotext, pdftoppm,
 * tesseract): a zip bomb or a runaway document ends its own process, not the machine.
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
  /**
   * How long after its work starts the child may still run OCR (the time limit's
   * OCR_SHARE_OF_TIME_LIMIT); a tesseract still running then is stopped.
   */
  ocrTimeLimitMs: number;
}

/**
 * A preview object is at most as large as the largest thing we render (far below this), or a converted
 * PDF kept for watermarked downloads: one larger than this is not kept, and that document then has no
 * watermarked download (docs/decisions/0046-dynamic-watermark.md).
 */
export const MAX_PREVIEW_OBJECT_BYTES = 64 * 1024 * 1024;
