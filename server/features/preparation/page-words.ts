import fsp from 'node:fs/promises';
import path from 'node:path';
import { type PageWord, type PageWords, previewObjectNames } from '#shared/preview-objects';
import { runHelper } from './helper-programs';
import { jsonObject } from './page-images';
import {
  MAX_PAGE_WORDS,
  MAX_WORD_BOXES_XHTML_BYTES,
  MAX_WORD_CHARACTERS,
  type PreparationTask,
  type PreparedFile,
} from './preparation-limits';

/**
 * Each page's words with their boxes (`words-N`, PageWords), as fractions of the page image: from the
 * PDF's own text by poppler (`pdftotext -bbox`, one run for every page), or from tesseract's TSV for a
 * page read by OCR (ocr.ts). The viewer draws a searched word's box over the page image at any width.
 */

/** One word and its box in pixels or points, made a PageWord: fractions of `width` and `height`. */
export function pageWord(
  text: string,
  box: { x0: number; y0: number; x1: number; y1: number },
  width: number,
  height: number,
): PageWord | null {
  const word = text.trim().slice(0, MAX_WORD_CHARACTERS);
  if (word === '' || !(width > 0 && height > 0)) return null;
  const fraction = (value: number, of: number) =>
    Math.round(Math.min(1, Math.max(0, value / of)) * 1e4) / 1e4;
  const values = [box.x0, box.y0, box.x1, box.y1];
  if (!values.every(Number.isFinite)) return null;
  return [
    word,
    fraction(Math.min(box.x0, box.x1), width),
    fraction(Math.min(box.y0, box.y1), height),
    fraction(Math.max(box.x0, box.x1), width),
    fraction(Math.max(box.y0, box.y1), height),
  ];
}

/** A page's words as its preview object, the first MAX_PAGE_WORDS of them. */
export function pageWordsObject(
  task: PreparationTask,
  page: number,
  words: PageWord[],
): Promise<PreparedFile> {
  const value: PageWords = { words: words.slice(0, MAX_PAGE_WORDS) };
  return jsonObject(task, previewObjectNames.pageWords(page), value);
}

/**
 * Every page's words from the PDF's own text, in one pdftotext run (its reading order, as its text
 * output). `rotations` are the pages' rotations (pageSizes): poppler gives a turned page's boxes as it
 * is shown, but its size as stored. Pages without text get none; so does every page when the output is
 * past MAX_WORD_BOXES_XHTML_BYTES, or when pdftotext fails on a PDF whose text it has just read.
 */
export async function pdfPageWords(
  task: PreparationTask,
  pdf: string,
  rotations: number[],
): Promise<PageWord[][]> {
  const none = rotations.map((): PageWord[] => []);
  const out = path.join(task.workDir, 'words.xhtml');
  try {
    await runHelper(task, 'pdftotext', ['-f', '1', '-l', String(rotations.length), '-bbox', pdf, out]);
    if ((await fsp.stat(out)).size > MAX_WORD_BOXES_XHTML_BYTES) return none;
    return await pageWordsOfXhtml(await fsp.readFile(out, 'utf8'), rotations);
  } catch {
    // The boxes are for highlighting only: a PDF whose text was read keeps its preview without them.
    return none;
  } finally {
    await fsp.rm(out, { force: true });
  }
}

interface BboxWord {
  '#text'?: string;
  xMin?: string;
  yMin?: string;
  xMax?: string;
  yMax?: string;
}
interface BboxPage {
  width?: string;
  height?: string;
  word?: BboxWord[];
}

/**
 * pdftotext's `-bbox` XHTML (`<page width height><word xMin yMin xMax yMax>text</word>…`) read with
 * fast-xml-parser, as the workbook's XML is (workbook-sheets.ts): words kept as written ("007" stays a
 * word, not the number 7), XML's five entities decoded, which is all poppler escapes. Loaded only here:
 * the child of a document without text never pays for it (ADR 84).
 */
export async function pageWordsOfXhtml(xhtml: string, rotations: number[]): Promise<PageWord[][]> {
  const { XMLParser } = await import('fast-xml-parser');
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    isArray: (name) => name === 'page' || name === 'word',
    htmlEntities: false,
    // Poppler's DOCTYPE is the public XHTML one, declaring no entity: any DOCTYPE entity is not its.
    processEntities: { enabled: true, maxEntityCount: 0 },
  });
  const parsed = parser.parse(xhtml) as { html?: { body?: { doc?: { page?: BboxPage[] } } } };
  const pages = parsed.html?.body?.doc?.page ?? [];
  return rotations.map((rotation, index) => {
    const page = pages[index];
    if (!page) return [];
    const isTurned = rotation % 180 === 90;
    const width = Number(isTurned ? page.height : page.width);
    const height = Number(isTurned ? page.width : page.height);
    const words: PageWord[] = [];
    for (const word of page.word ?? []) {
      if (words.length === MAX_PAGE_WORDS) break;
      const box = {
        x0: Number(word.xMin),
        y0: Number(word.yMin),
        x1: Number(word.xMax),
        y1: Number(word.yMax),
      };
      const kept = pageWord(String(word['#text'] ?? ''), box, width, height);
      if (kept) words.push(kept);
    }
    return words;
  });
}
