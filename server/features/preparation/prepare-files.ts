import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { MAX_TEXT_PREVIEW_BYTES, type PageWord, previewObjectNames } from '#shared/preview-objects';
import {
  convertWithOffice,
  countPages,
  firstLine,
  type PageSize,
  PreparationRefused,
  pageImageShares,
  pageSizes,
  pageTexts,
} from './helper-programs';
import { prepareNarrowPages } from './narrow-pages';
import { hasOcrLeft, letterCount, type OcrReading, ocrBudget, readByOcr, takeOcrPage } from './ocr';
import {
  encodePage,
  encodePagePixels,
  jsonObject,
  PAGES_PER_RENDER,
  PLAIN_TEXT,
  readPpm,
  renderPages,
  writeWebp,
} from './page-images';
import { pageWordsObject, pdfPageWords } from './page-words';
import {
  isSpreadsheet,
  isWordDocument,
  MAX_CSV_RECORD_CHARACTERS,
  MAX_IMAGE_PIXELS,
  MAX_OCR_IMAGE_PIXELS,
  MAX_OCR_PAGES,
  MAX_PAGE_ASPECT_RATIO,
  MAX_PREVIEW_OBJECT_BYTES,
  MAX_TABLE_CELL_CHARACTERS,
  MAX_TABLE_PREVIEW_ROWS,
  MIN_OCR_IMAGE_SHARE,
  MIN_OWN_TEXT_CHARACTERS,
  OCR_DPI,
  type PreparationOutcome,
  type PreparationTask,
  type PreparedFile,
} from './preparation-limits';

/**
 * The work of preparing one document, run only in the preparation's child process
 * (prepare-document.child.ts): LibreOffice, poppler and sharp never run on the server's event loop.
 * Every file it writes is under the task's work directory, which the parent removes afterwards.
 * Each document starts a new process, so what it loads before its work is paid once per document: the
 * libraries of one kind of file (bmp-ts, csv-parse, a workbook's reader with its XML parser and schema)
 * are imported when a file of that kind comes (ADR 84: they were most of a small PDF's CPU).
 */

export async function prepareFiles(task: PreparationTask): Promise<PreparationOutcome> {
  try {
    if (task.kind === 'pages') return await preparePages(task);
    if (task.kind === 'image') return await prepareImage(task);
    if (task.kind === 'text') return await prepareText(task);
    return await prepareTable(task);
  } catch (error) {
    if (error instanceof PreparationRefused)
      return { status: 'failed', code: error.code, detail: error.message };
    throw error;
  }
}

async function preparePages(task: PreparationTask): Promise<PreparationOutcome> {
  if (isSpreadsheet(task.extension)) {
    const { prepareSheets } = await import('./prepare-sheets');
    return await prepareSheets(task);
  }
  const pdf = task.extension === 'pdf' ? task.inputPath : await convertToPdf(task);
  const pageCount = await countPages(task, pdf);
  const sizes = await pageSizes(task, pdf, pageCount);
  for (const [index, size] of sizes.entries()) {
    const ratio = Math.max(size.height / size.width, size.width / size.height);
    if (!(ratio <= MAX_PAGE_ASPECT_RATIO))
      throw new PreparationRefused(
        'page_too_large',
        `page ${index + 1} is ${size.width} x ${size.height} pt`,
      );
  }
  const texts = await pageTexts(task, pdf, pageCount);
  const words: PageWord[][] = texts.some((text) => text.trim() !== '')
    ? await pdfPageWords(
        task,
        pdf,
        sizes.map((size) => size.rotation),
      )
    : texts.map(() => []);
  const isShort = (text: string) => letterCount(text) < MIN_OWN_TEXT_CHARACTERS;
  const imageShares = texts.some(isShort) ? await pageImageShares(task, pdf, sizes) : null;
  const scans = new Set(
    texts.flatMap((text, index) =>
      isShort(text) && (imageShares?.[index] ?? 1) >= MIN_OCR_IMAGE_SHARE ? [index + 1] : [],
    ),
  );
  const files = await pageImagesReadingScans(task, pdf, sizes, scans, texts, words);
  let isTextAvailable = false;
  for (const [index, text] of texts.entries()) {
    const page = index + 1;
    const file = path.join(task.workDir, previewObjectNames.pageText(page));
    await fsp.writeFile(file, text);
    if (text.trim() !== '') isTextAvailable = true;
    files.push({
      name: previewObjectNames.pageText(page),
      path: file,
      contentType: PLAIN_TEXT,
      width: null,
      height: null,
    });
    const pageWords = words[index] ?? [];
    if (pageWords.length > 0) files.push(await pageWordsObject(task, page, pageWords));
  }
  if (isWordDocument(task.extension)) files.push(...(await prepareNarrowPages(task, texts)));
  if (pdf !== task.inputPath && (await fsp.stat(pdf)).size <= MAX_PREVIEW_OBJECT_BYTES) {
    // The converted PDF itself: a watermarked download of an Office file is this PDF, stamped.
    files.push({
      name: previewObjectNames.pdf(),
      path: pdf,
      contentType: 'application/pdf',
      width: null,
      height: null,
    });
  }
  return { status: 'ready', pageCount, isTextAvailable, files };
}

/**
 * Every page's images, rendering pages PAGES_PER_RENDER at a time at the widest page image's width; a
 * page of `scans` (MIN_OWN_TEXT_CHARACTERS, MIN_OCR_IMAGE_SHARE) is rendered alone at OCR_DPI instead
 * (never twice: its page images are resized from that rendering) and read by tesseract, while the OCR
 * budget lasts (MAX_OCR_PAGES, OCR_SHARE_OF_TIME_LIMIT). A reading with more letters and digits than the
 * page's own text replaces its text and words in `texts` and `words`.
 */
async function pageImagesReadingScans(
  task: PreparationTask,
  pdf: string,
  sizes: PageSize[],
  scans: Set<number>,
  texts: string[],
  words: PageWord[][],
): Promise<PreparedFile[]> {
  const files: PreparedFile[] = [];
  const widest = Math.max(...task.widths);
  const budget = ocrBudget(task, MAX_OCR_PAGES);
  const isScan = (page: number) => scans.has(page);
  let first = 1;
  while (first <= sizes.length) {
    if (isScan(first) && takeOcrPage(budget)) {
      const size = sizes[first - 1] as PageSize;
      const [rendered] = await renderPages(task, pdf, first, first, ocrRenderingWidth(size, widest));
      if (!rendered) throw new PreparationRefused('corrupt', `page ${first} did not render`);
      const pixels = await readPpm(rendered.path);
      await fsp.rm(rendered.path);
      const dpi = Math.round((pixels.width * 72) / size.width);
      const reading = await readByOcr(task, rawImage(pixels), budget, { dpi });
      if (reading && letterCount(reading.text) > letterCount(texts[first - 1] ?? '')) {
        texts[first - 1] = reading.text;
        words[first - 1] = reading.words;
      }
      files.push(...(await encodePagePixels(first, pixels, task)));
      first++;
      continue;
    }
    // The pages up to the next one OCR will read, rendered together.
    let last = first;
    while (
      last < sizes.length &&
      last - first + 1 < PAGES_PER_RENDER &&
      !(isScan(last + 1) && hasOcrLeft(budget))
    )
      last++;
    for (const rendered of await renderPages(task, pdf, first, last, widest)) {
      files.push(...(await encodePage(rendered, task)));
      await fsp.rm(rendered.path);
    }
    first = last + 1;
  }
  return files;
}

/**
 * A scanned page's rendering width: OCR_DPI within MAX_OCR_IMAGE_PIXELS, never narrower than the widest
 * page image, which is resized from it.
 */
function ocrRenderingWidth(size: PageSize, widest: number): number {
  const width = (size.width / 72) * OCR_DPI;
  const height = (size.height / 72) * OCR_DPI;
  const fit = Math.min(1, Math.sqrt(MAX_OCR_IMAGE_PIXELS / (width * height)));
  return Math.max(widest, Math.round(width * fit));
}

function rawImage({ width, height, pixels }: { width: number; height: number; pixels: Buffer }) {
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** Office to PDF with LibreOffice (convertWithOffice). */
async function convertToPdf(task: PreparationTask): Promise<string> {
  return convertWithOffice(task, 'pdf', 'pdf');
}

/** An image to resize: its size from the header alone, and a way to open its pixels. */
interface ImageSource {
  width: number;
  height: number;
  open(): Sharp;
}

/** The BMP file signature: sharp's prebuilt libvips has no BMP loader, so bmp-ts decodes these. */
const BMP_SIGNATURE = Buffer.from('BM');

/** A BMP's size from its BITMAPINFOHEADER (a negative height means rows stored top-down). */
async function bmpSource(inputPath: string): Promise<ImageSource> {
  const bytes = await fsp.readFile(inputPath);
  if (bytes.length < 26) throw new PreparationRefused('corrupt', 'the BMP header is cut short');
  const { decode: decodeBmp } = await import('bmp-ts');
  const width = bytes.readInt32LE(18);
  const height = Math.abs(bytes.readInt32LE(22));
  return {
    width,
    height,
    open() {
      // Decoded only once the size has passed the cap, into RGBA bytes. The fourth byte is padding in
      // nearly every BMP and bmp-ts leaves it 0, which would read as transparent (and resize to black):
      // made opaque before sharp sees it.
      const decoded = decodeBmp(bytes, { toRGBA: true });
      for (let alpha = 3; alpha < decoded.data.length; alpha += 4) decoded.data[alpha] = 255;
      return sharp(decoded.data, {
        raw: { width: decoded.width, height: decoded.height, channels: 4 },
      }).removeAlpha();
    },
  };
}

async function imageSource(inputPath: string): Promise<ImageSource> {
  const handle = await fsp.open(inputPath, 'r');
  const head = Buffer.alloc(2);
  await handle.read(head, 0, 2, 0);
  await handle.close();
  if (head.equals(BMP_SIGNATURE)) return bmpSource(inputPath);
  let metadata: Metadata;
  try {
    metadata = await sharp(inputPath, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new PreparationRefused('corrupt', `unreadable image: ${firstLine(error)}`);
  }
  return {
    width: metadata.width ?? 0,
    height: metadata.height ?? 0,
    open: () => sharp(inputPath, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate(),
  };
}

/**
 * Images resized, never enlarged, turned as their EXIF says. The size is read from the header first:
 * an image past the pixel cap is refused before a pixel is decoded. Its text, read by OCR, is kept as
 * page 1's (`text-1`, `words-1`); the viewer shows an image as it did.
 */
async function prepareImage(task: PreparationTask): Promise<PreparationOutcome> {
  const source = await imageSource(task.inputPath);
  if (source.width <= 0 || source.height <= 0)
    throw new PreparationRefused('corrupt', 'the image has no size');
  if (source.width * source.height > MAX_IMAGE_PIXELS)
    throw new PreparationRefused('image_too_large', `${source.width} x ${source.height} pixels`);
  const files: PreparedFile[] = [];
  try {
    for (const width of task.widths) {
      const image = source.open().resize({ width, withoutEnlargement: true });
      files.push(await writeWebp(image, previewObjectNames.image(width), task.workDir));
    }
  } catch (error) {
    throw new PreparationRefused('corrupt', `undecodable image: ${firstLine(error)}`);
  }
  const reading = await readImageByOcr(task, source);
  if (reading) {
    // As page 1 of a document: the search reads an image's text and words as it reads a page's.
    const file = path.join(task.workDir, previewObjectNames.pageText(1));
    await fsp.writeFile(file, reading.text);
    files.push({
      name: previewObjectNames.pageText(1),
      path: file,
      contentType: PLAIN_TEXT,
      width: null,
      height: null,
    });
    if (reading.words.length > 0) files.push(await pageWordsObject(task, 1, reading.words));
  }
  return { status: 'ready', pageCount: null, isTextAvailable: reading !== null, files };
}

/**
 * An image's text by OCR, turned as it is shown and within MAX_OCR_IMAGE_PIXELS; null when it has none
 * (a photo) or could not be read: the image is shown all the same.
 */
async function readImageByOcr(task: PreparationTask, source: ImageSource): Promise<OcrReading | null> {
  const fit = Math.min(1, Math.sqrt(MAX_OCR_IMAGE_PIXELS / (source.width * source.height)));
  const budget = ocrBudget(task, 1);
  if (!takeOcrPage(budget)) return null;
  try {
    const image = source.open().resize({
      width: Math.max(1, Math.round(source.width * fit)),
      height: Math.max(1, Math.round(source.height * fit)),
      fit: 'inside',
      withoutEnlargement: true,
    });
    const reading = await readByOcr(task, image, budget);
    return reading && reading.text.trim() !== '' ? reading : null;
  } catch {
    return null;
  }
}

/** The first MAX_TEXT_PREVIEW_BYTES of the file as UTF-8, cut on a character boundary. */
async function prepareText(task: PreparationTask): Promise<PreparationOutcome> {
  const handle = await fsp.open(task.inputPath, 'r');
  const buffer = Buffer.alloc(MAX_TEXT_PREVIEW_BYTES);
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
  await handle.close();
  // In streaming mode the decoder holds back a character cut in two at the end, instead of garbling it.
  const text = new TextDecoder('utf-8').decode(buffer.subarray(0, bytesRead), { stream: true });
  const file = path.join(task.workDir, previewObjectNames.text());
  await fsp.writeFile(file, text);
  return {
    status: 'ready',
    pageCount: null,
    isTextAvailable: text.trim() !== '',
    files: [
      { name: previewObjectNames.text(), path: file, contentType: PLAIN_TEXT, width: null, height: null },
    ],
  };
}

/** The first rows of a CSV as a JSON table, parsed by csv-parse (quotes, separators inside them, BOM). */
async function prepareTable(task: PreparationTask): Promise<PreparationOutcome> {
  const { parse: parseCsv } = await import('csv-parse');
  const rows: string[][] = [];
  let truncated = false;
  const parser = fs.createReadStream(task.inputPath).pipe(
    parseCsv({
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // A file with no line break (or one open quote) would otherwise be held whole in memory as one record.
      max_record_size: MAX_CSV_RECORD_CHARACTERS,
    }),
  );
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (rows.length === MAX_TABLE_PREVIEW_ROWS) {
        truncated = true;
        break;
      }
      rows.push(record.map((cell) => cell.slice(0, MAX_TABLE_CELL_CHARACTERS)));
    }
  } catch (error) {
    throw new PreparationRefused('corrupt', `unreadable CSV: ${firstLine(error)}`);
  } finally {
    parser.destroy();
  }
  return {
    status: 'ready',
    pageCount: null,
    isTextAvailable: rows.length > 0,
    files: [await jsonObject(task, previewObjectNames.table(), { rows, truncated })],
  };
}
