import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { SheetPreview } from '#shared/contracts/previews';
import { MAX_PREVIEW_SHEETS, previewObjectNames, SHEET_CSS_PIXELS_PER_POINT } from '#shared/preview-objects';
import {
  convertWithOffice,
  countPages,
  firstLine,
  PreparationRefused,
  pageSizes,
  pageTexts,
  runHelper,
} from './helper-programs';
import { jsonObject, PLAIN_TEXT, readPpm, writeWebp } from './page-images';
import { pageWordsObject, pdfPageWords } from './page-words';
import {
  MAX_PREVIEW_OBJECT_BYTES,
  MAX_SHEET_IMAGE_PIXELS,
  MAX_SHEET_IMAGE_SIDE,
  type PreparationOutcome,
  type PreparationTask,
  type PreparedFile,
} from './preparation-limits';
import { workbookSheets } from './workbook-sheets';

/**
 * A workbook (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md): LibreOffice exports each sheet
 * as one page sized to its used range at 100% ("whole sheet export"), so no column is split and no text
 * is shrunk; each visible sheet is rendered at a fixed scale (2 device pixels per CSS pixel at 96 CSS px
 * an inch) within the pixel caps, and the sheets' names and sizes are kept as the `sheets` object. The
 * names come from the workbook itself (an XLS or ODS is first converted to XLSX to read them): the PDF
 * has no sheet names, but has one page per sheet, hidden ones included, in the workbook's order. Each
 * shown sheet keeps its text and word boxes as its page's (a sheet is not read by OCR: its text is its
 * cells').
 */
export async function prepareSheets(task: PreparationTask): Promise<PreparationOutcome> {
  const workbook =
    task.extension.toLowerCase() === 'xlsx' ? task.inputPath : await convertWithOffice(task, 'xlsx', 'xlsx');
  const sheets = await workbookSheets(workbook);
  if (sheets.length > MAX_PREVIEW_SHEETS)
    throw new PreparationRefused('too_many_sheets', `${sheets.length} sheets`);
  const visible = sheets.filter((sheet) => !sheet.isHidden);
  if (visible.length === 0) throw new PreparationRefused('corrupt', 'the workbook has no visible sheet');
  const pdf = await convertWithOffice(task, WHOLE_SHEET_PDF_EXPORT, 'pdf');
  const pageCount = await countPages(task, pdf);
  if (pageCount !== sheets.length)
    throw new PreparationRefused('conversion_failed', `${pageCount} pages for ${sheets.length} sheets`);
  const sizes = await pageSizes(task, pdf, pageCount);
  const texts = await pageTexts(task, pdf, pageCount);
  // A sheet's page image is its PDF page whole, so poppler's boxes fit it as they fit a PDF's page.
  const words = await pdfPageWords(
    task,
    pdf,
    sizes.map((size) => size.rotation),
  );
  const files: PreparedFile[] = [];
  const shown: SheetPreview[] = [];
  let isTextAvailable = false;
  for (const [index, sheet] of sheets.entries()) {
    if (sheet.isHidden) continue;
    const page = shown.length + 1;
    const size = sizes[index] as { width: number; height: number };
    shown.push({
      page,
      name: sheet.name,
      width: roundTo100th(size.width * SHEET_CSS_PIXELS_PER_POINT),
      height: roundTo100th(size.height * SHEET_CSS_PIXELS_PER_POINT),
    });
    const text = texts[index] ?? '';
    if (text.trim() !== '') isTextAvailable = true;
    const textFile = path.join(task.workDir, previewObjectNames.pageText(page));
    await fsp.writeFile(textFile, text);
    files.push({
      name: previewObjectNames.pageText(page),
      path: textFile,
      contentType: PLAIN_TEXT,
      width: null,
      height: null,
    });
    const sheetWords = words[index] ?? [];
    if (sheetWords.length > 0) files.push(await pageWordsObject(task, page, sheetWords));
    const rendered = await renderSheet(task, pdf, index + 1, size);
    files.push(...(await encodeSheet(rendered, page, task)));
    await fsp.rm(rendered);
  }
  files.push(await jsonObject(task, previewObjectNames.sheets(), shown));
  if ((await fsp.stat(pdf)).size <= MAX_PREVIEW_OBJECT_BYTES) {
    // A watermarked download of a workbook is this PDF, stamped (ADR 46), as for any Office file.
    files.push({
      name: previewObjectNames.pdf(),
      path: pdf,
      contentType: 'application/pdf',
      width: null,
      height: null,
    });
  }
  return { status: 'ready', pageCount: shown.length, isTextAvailable, files };
}

/**
 * Calc's PDF export with "whole sheet export" (SinglePageSheets, LibreOffice 6.4 and later): one page
 * per sheet, as large as its used range at 100%, without headers or margins. LibreOffice itself shrinks
 * a sheet larger than a PDF page may be (200 inches a side) to fit.
 */
const WHOLE_SHEET_PDF_EXPORT = 'pdf:calc_pdf_Export:{"SinglePageSheets":{"type":"boolean","value":"true"}}';

function roundTo100th(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * One sheet's page rendered at 2 device pixels per CSS pixel, less if its used range would pass a cap
 * (MAX_SHEET_IMAGE_SIDE, MAX_SHEET_IMAGE_PIXELS): the viewer shows it at its size in CSS pixels either way.
 */
async function renderSheet(
  task: PreparationTask,
  pdf: string,
  page: number,
  size: { width: number; height: number },
): Promise<string> {
  const pixelsPerPoint = SHEET_CSS_PIXELS_PER_POINT * 2;
  const width = size.width * pixelsPerPoint;
  const height = size.height * pixelsPerPoint;
  const fit = Math.min(
    1,
    MAX_SHEET_IMAGE_SIDE / width,
    MAX_SHEET_IMAGE_SIDE / height,
    Math.sqrt(MAX_SHEET_IMAGE_PIXELS / (width * height)),
  );
  const dir = path.join(task.workDir, 'rendered');
  await fsp.mkdir(dir, { recursive: true });
  const prefix = path.join(dir, `sheet-${page}`);
  try {
    await runHelper(task, 'pdftoppm', [
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      '-scale-to-x',
      String(Math.max(1, Math.floor(width * fit))),
      '-scale-to-y',
      String(Math.max(1, Math.floor(height * fit))),
      pdf,
      prefix,
    ]);
  } catch (error) {
    throw new PreparationRefused('corrupt', `pdftoppm failed: ${firstLine(error)}`);
  }
  return `${prefix}.ppm`;
}

/** The widest rendering as it is, the others (and the thumbnail) resized from it. */
async function encodeSheet(rendered: string, page: number, task: PreparationTask): Promise<PreparedFile[]> {
  const { width, height, pixels } = await readPpm(rendered);
  const image = () => sharp(pixels, { raw: { width, height, channels: 3 } });
  const widest = Math.max(...task.widths);
  const files: PreparedFile[] = [];
  for (const target of task.widths) {
    // A width names a density here: 1600 is 2 device pixels per CSS pixel, 800 is 1.
    const scaled = Math.max(1, Math.round((width * target) / widest));
    files.push(
      await writeWebp(
        image().resize({ width: scaled }),
        previewObjectNames.pageImage(page, target),
        task.workDir,
      ),
    );
  }
  files.push(
    await writeWebp(
      image().resize({ width: task.thumbnailWidth, withoutEnlargement: true }),
      previewObjectNames.thumbnail(page),
      task.workDir,
    ),
  );
  return files;
}
