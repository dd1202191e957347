import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Sharp } from 'sharp';
import type { PageWord } from '#shared/preview-objects';
import { runHelper } from './helper-programs';
import { pageWord } from './page-words';
import { MAX_PAGE_TEXT_CHARACTERS, MAX_PAGE_WORDS, type PreparationTask } from './preparation-limits';

/**
 * The text of a scanned page or an image, read by tesseract (Debian's tesseract-ocr, English), with
 * each word's box from the same run (its TSV output). Tesseract runs like every helper (runHelper: the
 * memory cap, its temporary files in the work directory), at the child's niceness, on one thread
 * (OMP_THREAD_LIMIT=1: the other core stays with the server, as sharp's does), and only until the
 * task's OCR time is up (`ocrTimeLimitMs` after its work started).
 */

/** A page read by OCR: its text (lines as tesseract found them) and its words. */
export interface OcrReading {
  text: string;
  words: PageWord[];
}

/** What OCR may still take of a document: pages, and time until its share of the time limit is spent. */
export interface OcrBudget {
  pagesLeft: number;
  until: number;
}

/** The OCR budget of a preparation starting now. */
export function ocrBudget(task: PreparationTask, maxPages: number): OcrBudget {
  return { pagesLeft: maxPages, until: Date.now() + task.ocrTimeLimitMs };
}

/** Whether OCR may read one more page. */
export function hasOcrLeft(budget: OcrBudget): boolean {
  return budget.pagesLeft > 0 && Date.now() < budget.until;
}

/** Whether OCR may read one more page; takes that page from the budget when it may. */
export function takeOcrPage(budget: OcrBudget): boolean {
  if (!hasOcrLeft(budget)) return false;
  budget.pagesLeft--;
  return true;
}

/**
 * Reads `image` (a page rendered by poppler, or an image file opened by sharp) in grey: tesseract would
 * make it grey itself, and reading a third of the bytes saves it a third of a second a page. Its boxes are
 * fractions of the image's own size. Null when tesseract fails or the time is up: the page then keeps the
 * text it had, and the preview is made without it.
 */
export async function readByOcr(
  task: PreparationTask,
  image: Sharp,
  budget: OcrBudget,
  options: { dpi?: number } = {},
): Promise<OcrReading | null> {
  const { data, info } = await image.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  // A PGM (P5) is a text header and the grey bytes, which leptonica reads without decoding.
  const file = path.join(task.workDir, 'ocr-page.pgm');
  await fsp.writeFile(file, Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`), data]));
  const timeout = budget.until - Date.now();
  if (timeout <= 0) return null;
  try {
    const { stdout } = await runHelper(
      task,
      'tesseract',
      [file, '-', '-l', 'eng', ...(options.dpi ? ['--dpi', String(options.dpi)] : []), 'tsv'],
      { timeout, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024, env: { OMP_THREAD_LIMIT: '1' } },
    );
    return ocrReadingOfTsv(stdout, info.width, info.height);
  } catch {
    return null;
  } finally {
    await fsp.rm(file, { force: true });
  }
}

/**
 * Tesseract's TSV: one row per page, block, paragraph, line and word (level 5), in reading order, each
 * with its box in pixels. A word row's text is the word; the page's text is its words, lines ending in a
 * line break and blocks and paragraphs parted by an empty line, as pdftotext's text is laid out.
 */
export function ocrReadingOfTsv(tsv: string, width: number, height: number): OcrReading {
  const words: PageWord[] = [];
  let text = '';
  let line = '';
  let paragraph = '';
  for (const row of tsv.split('\n')) {
    const fields = row.split('\t');
    if (fields.length < 12 || fields[0] !== '5') continue;
    const [, , block, par, lineNumber, , left, top, boxWidth, boxHeight, , word = ''] = fields;
    if (word.trim() === '') continue;
    const key = `${block}/${par}/${lineNumber}`;
    if (key !== line) {
      const paragraphKey = `${block}/${par}`;
      if (text !== '') text += paragraphKey === paragraph ? '\n' : '\n\n';
      line = key;
      paragraph = paragraphKey;
    } else {
      text += ' ';
    }
    text += word.trim();
    if (words.length < MAX_PAGE_WORDS) {
      const x0 = Number(left);
      const y0 = Number(top);
      const kept = pageWord(
        word,
        { x0, y0, x1: x0 + Number(boxWidth), y1: y0 + Number(boxHeight) },
        width,
        height,
      );
      if (kept) words.push(kept);
    }
  }
  return { text: text === '' ? '' : `${text.slice(0, MAX_PAGE_TEXT_CHARACTERS)}\n`, words };
}

/** Letters and digits in a text: what MIN_OWN_TEXT_CHARACTERS counts, and how two readings compare. */
export function letterCount(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}
