import { type ExecFileOptions, execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { decode as decodeBmp } from 'bmp-ts';
import { parse as parseCsv } from 'csv-parse';
import { unzipSync } from 'fflate';
import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  MAX_PREVIEW_SHEETS,
  MAX_TEXT_PREVIEW_BYTES,
  NARROW_PAGE,
  type NarrowPagePreview,
  type PreviewFailureCode,
  previewObjectNames,
  SHEET_CSS_PIXELS_PER_POINT,
  type SheetPreview,
} from '#shared/contracts/previews';
import {
  isSpreadsheet,
  isWordDocument,
  MAX_CSV_RECORD_CHARACTERS,
  MAX_IMAGE_PIXELS,
  MAX_PAGE_ASPECT_RATIO,
  MAX_PAGE_TEXT_CHARACTERS,
  MAX_PREVIEW_OBJECT_BYTES,
  MAX_SHEET_IMAGE_PIXELS,
  MAX_SHEET_IMAGE_SIDE,
  MAX_TABLE_CELL_CHARACTERS,
  MAX_TABLE_PREVIEW_ROWS,
  MAX_WORKBOOK_XML_BYTES,
  type PreparationOutcome,
  type PreparationTask,
  type PreparedFile,
} from './preparation-limits';

/**
 * The work of preparing one document, run only in the preparation's child process
 * (prepare-document.child.ts): LibreOffice, poppler and sharp never run on the server's event loop.
 * Every file it writes is under the task's work directory, which the parent removes afterwards.
 */

const run = promisify(execFile);

/**
 * Runs one helper program (LibreOffice, poppler) under `prlimit --as`, with its temporary files in the
 * work directory: a hostile file ends that program, and whatever a killed one leaves goes with the work
 * directory rather than into the system's /tmp.
 */
async function runHelper(
  task: PreparationTask,
  command: string,
  args: string[],
  options: ExecFileOptions = {},
): Promise<{ stdout: string; stderr: string }> {
  const tmp = path.join(task.workDir, 'tmp');
  await fsp.mkdir(tmp, { recursive: true });
  const { stdout, stderr } = await run('prlimit', [`--as=${task.memoryLimitBytes}`, '--', command, ...args], {
    maxBuffer: 1024 * 1024,
    ...options,
    env: { ...process.env, ...options.env, TMPDIR: tmp },
    encoding: 'utf8',
  });
  return { stdout, stderr };
}
// One core for libvips: the other stays with the server answering requests.
sharp.concurrency(1);

/** A hostile or broken file: a final state for the founder, not an error to retry. */
class PreparationRefused extends Error {
  constructor(
    readonly code: PreviewFailureCode,
    detail: string,
  ) {
    super(detail);
  }
}

const WEBP = 'image/webp';
const PLAIN_TEXT = 'text/plain; charset=utf-8';
/** Pages rendered per pdftoppm run: bounds the raw pixels on disk at once (about 11 MB a page at 1600 px). */
const PAGES_PER_RENDER = 8;

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
  if (isSpreadsheet(task.extension)) return await prepareSheets(task);
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
  const files: PreparedFile[] = [];
  const texts = await pageTexts(task, pdf, pageCount);
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
  }
  const widest = Math.max(...task.widths);
  for (let first = 1; first <= pageCount; first += PAGES_PER_RENDER) {
    const last = Math.min(pageCount, first + PAGES_PER_RENDER - 1);
    for (const rendered of await renderPages(task, pdf, first, last, widest)) {
      files.push(...(await encodePage(rendered, task)));
      await fsp.rm(rendered.path);
    }
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
 * A workbook (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md): LibreOffice exports each sheet
 * as one page sized to its used range at 100% ("whole sheet export"), so no column is split and no text
 * is shrunk; each visible sheet is rendered at a fixed scale (2 device pixels per CSS pixel at 96 CSS px
 * an inch) within the pixel caps, and the sheets' names and sizes are kept as the `sheets` object. The
 * names come from the workbook itself (an XLS or ODS is first converted to XLSX to read them): the PDF
 * has no sheet names, but has one page per sheet, hidden ones included, in the workbook's order.
 */
async function prepareSheets(task: PreparationTask): Promise<PreparationOutcome> {
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

interface WorkbookSheet {
  name: string;
  isHidden: boolean;
}

/**
 * The sheets of an XLSX in order, from xl/workbook.xml alone: the sheets' own parts (which may hold a
 * million rows) are never inflated. Its `<sheet name=… state=…>` elements are read by a pattern, as
 * they are flat elements with quoted attributes; a list larger than MAX_WORKBOOK_XML_BYTES is refused.
 */
async function workbookSheets(xlsx: string): Promise<WorkbookSheet[]> {
  let workbookXml: Uint8Array | undefined;
  let isTooLarge = false;
  try {
    const entries = unzipSync(await fsp.readFile(xlsx), {
      filter: (entry) => {
        if (entry.name !== 'xl/workbook.xml') return false;
        isTooLarge = entry.originalSize > MAX_WORKBOOK_XML_BYTES;
        return !isTooLarge;
      },
    });
    workbookXml = entries['xl/workbook.xml'];
  } catch (error) {
    throw new PreparationRefused('corrupt', `unreadable workbook: ${firstLine(error)}`);
  }
  if (isTooLarge) throw new PreparationRefused('corrupt', 'the list of sheets is too large');
  if (!workbookXml) throw new PreparationRefused('corrupt', 'the workbook has no list of sheets');
  const xml = Buffer.from(workbookXml).toString('utf8');
  const sheets: WorkbookSheet[] = [];
  for (const element of xml.matchAll(/<(?:[\w.-]+:)?sheet\s([^>]*)>/g)) {
    const attributes = new Map<string, string>();
    for (const attribute of (element[1] ?? '').matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      attributes.set(attribute[1] ?? '', decodeXmlText(attribute[2] ?? attribute[3] ?? ''));
    }
    const state = attributes.get('state') ?? 'visible';
    sheets.push({
      name: attributes.get('name') ?? `Sheet ${sheets.length + 1}`,
      isHidden: state !== 'visible',
    });
  }
  if (sheets.length === 0) throw new PreparationRefused('corrupt', 'the workbook has no sheets');
  return sheets;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return XML_ENTITIES[entity] ?? whole;
  });
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

/**
 * A Word document laid out again on a narrow page for phones
 * (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md): LibreOffice converts it to flat ODT (one
 * XML file), every page layout in it is set to NARROW_PAGE, and that is exported as a second PDF whose
 * pages are rendered like the real ones under their own names. Each narrow page records the real page
 * its text starts on (by its place in the document's letters and digits, pages' texts laid end to end),
 * which is what the viewer reports for it. A layout of more pages than the preparation's page cap is not
 * made: phones then get the real pages. The list (`narrow-pages`) is written either way, so a document
 * is never taken again at start for want of it.
 */
async function prepareNarrowPages(task: PreparationTask, realTexts: string[]): Promise<PreparedFile[]> {
  const flat = await convertWithOffice(task, 'fodt', 'fodt');
  const narrowFlat = path.join(task.workDir, 'narrow', 'narrow.fodt');
  await fsp.mkdir(path.dirname(narrowFlat), { recursive: true });
  await fsp.writeFile(narrowFlat, withNarrowPages(await fsp.readFile(flat, 'utf8')));
  await fsp.rm(flat);
  const pdf = await convertWithOffice(task, 'pdf', 'pdf', narrowFlat);
  const files: PreparedFile[] = [];
  const narrowPages: NarrowPagePreview[] = [];
  const pageCount = Number(/^Pages:\s+(\d+)/m.exec(await pdfinfo(task, pdf, []))?.[1] ?? 0);
  if (pageCount >= 1 && pageCount <= task.maxPages) {
    const startsOn = realPagesWhereEachStarts(realTexts, await pageTexts(task, pdf, pageCount));
    const widest = Math.max(...task.widths);
    for (let first = 1; first <= pageCount; first += PAGES_PER_RENDER) {
      const last = Math.min(pageCount, first + PAGES_PER_RENDER - 1);
      for (const rendered of await renderPages(task, pdf, first, last, widest)) {
        const { width, height, pixels } = await readPpm(rendered.path);
        for (const target of task.widths) {
          const image = sharp(pixels, { raw: { width, height, channels: 3 } });
          const name = previewObjectNames.narrowPageImage(rendered.page, target);
          const file = await writeWebp(
            image.resize({ width: target, withoutEnlargement: true }),
            name,
            task.workDir,
          );
          files.push(file);
          if (target === widest)
            narrowPages.push({
              number: rendered.page,
              startsOnPage: startsOn[rendered.page - 1] ?? 1,
              width: file.width ?? widest,
              height: file.height ?? widest,
            });
        }
        await fsp.rm(rendered.path);
      }
    }
  }
  await fsp.rm(pdf);
  files.push(await jsonObject(task, previewObjectNames.narrowPages(), narrowPages));
  return files;
}

/**
 * Every page layout of a flat ODT set to NARROW_PAGE, upright, whatever its size and margins were; every
 * table fitted between the margins (its columns keep their proportions, their text wraps) and every
 * picture or frame wider than the line scaled down to it, so nothing is cut at the narrow page's edge.
 */
export function withNarrowPages(flatOdt: string): string {
  const { widthCm, heightCm, marginCm } = NARROW_PAGE;
  const lineCm = widthCm - 2 * marginCm;
  return flatOdt
    .replace(/<style:page-layout-properties\b[^>]*>/g, (element) =>
      withAttributes(element, [
        ['fo:page-width', `${widthCm}cm`],
        ['fo:page-height', `${heightCm}cm`],
        ['style:print-orientation', 'portrait'],
        ['fo:margin-top', `${marginCm}cm`],
        ['fo:margin-bottom', `${marginCm}cm`],
        ['fo:margin-left', `${marginCm}cm`],
        ['fo:margin-right', `${marginCm}cm`],
        ['loext:margin-gutter', '0cm'],
      ]),
    )
    .replace(/<style:table-properties\b[^>]*>/g, (element) =>
      withAttributes(
        element,
        [['table:align', 'margins']],
        ['style:width', 'style:rel-width', 'fo:margin-left', 'fo:margin-right'],
      ),
    )
    .replace(/<draw:frame\b[^>]*>/g, (element) => {
      const width = centimetres(/\ssvg:width="([^"]*)"/.exec(element)?.[1]);
      const height = centimetres(/\ssvg:height="([^"]*)"/.exec(element)?.[1]);
      if (width === null || width <= lineCm) return element;
      const scale = lineCm / width;
      return withAttributes(element, [
        ['svg:width', `${lineCm}cm`],
        ...(height === null
          ? []
          : ([['svg:height', `${(height * scale).toFixed(3)}cm`]] as [string, string][])),
      ]);
    });
}

/** An XML start tag with `set` attributes set (replacing any of the same name) and `removed` ones gone. */
function withAttributes(element: string, set: [string, string][], removed: string[] = []): string {
  const [, name = '', rest = '', end = '>'] = /^<([\w:.-]+)([\s\S]*?)(\/?>)$/.exec(element) ?? [];
  let attributes = rest;
  for (const attribute of [...set.map(([attributeName]) => attributeName), ...removed])
    attributes = attributes.replace(new RegExp(`\\s${attribute}="[^"]*"`, 'g'), '');
  return `<${name}${set.map(([attributeName, value]) => ` ${attributeName}="${value}"`).join('')}${attributes}${end}`;
}

const CENTIMETRES_PER_UNIT: Record<string, number> = {
  cm: 1,
  mm: 0.1,
  in: 2.54,
  pt: 2.54 / 72,
  pc: 2.54 / 6,
};

/** An ODF length (e.g. "9.375in") in centimetres; null for a relative one (%) or none. */
function centimetres(length: string | undefined): number | null {
  const match = /^([\d.]+)(cm|mm|in|pt|pc)$/.exec(length ?? '');
  if (!match) return null;
  return Number(match[1]) * (CENTIMETRES_PER_UNIT[match[2] ?? 'cm'] ?? 1);
}

/**
 * For each narrow page, the real page its first letter or digit is on: both layouts hold the same text,
 * so a narrow page's offset into the document's letters and digits falls within one real page's.
 */
export function realPagesWhereEachStarts(realTexts: string[], narrowTexts: string[]): number[] {
  const lengthOf = (text: string) => text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  const realEnds: number[] = [];
  let total = 0;
  for (const text of realTexts) {
    total += lengthOf(text);
    realEnds.push(total);
  }
  const starts: number[] = [];
  let offset = 0;
  for (const text of narrowTexts) {
    const index = realEnds.findIndex((end) => offset < end);
    starts.push(index === -1 ? Math.max(1, realTexts.length) : index + 1);
    offset += lengthOf(text);
  }
  return starts;
}

/** Office to PDF with LibreOffice (convertWithOffice). */
async function convertToPdf(task: PreparationTask): Promise<string> {
  return convertWithOffice(task, 'pdf', 'pdf');
}

/**
 * One LibreOffice conversion, headless, in a profile of its own (parallel runs would block on a shared
 * one) whose settings forbid macros: a document's macros never run, whatever it asks. Its address space
 * is capped, so a zip bomb ends LibreOffice rather than filling the machine's memory. `convertTo` is
 * LibreOffice's target (an extension, with a filter and its options after a colon); `source` is the
 * file to convert (the original by default); returns the file it wrote, named as its source with
 * <extension>.
 */
async function convertWithOffice(
  task: PreparationTask,
  convertTo: string,
  extension: string,
  source?: string,
): Promise<string> {
  const profile = path.join(task.workDir, 'office-profile');
  await fsp.mkdir(path.join(profile, 'user'), { recursive: true });
  await fsp.writeFile(path.join(profile, 'user', 'registrymodifications.xcu'), LOCKED_DOWN_OFFICE_SETTINGS);
  const outDir = path.join(task.workDir, 'converted');
  const input = source ?? path.join(task.workDir, `document.${task.extension}`);
  // LibreOffice names its output after its input: the original gets its extension back, once.
  if (!fs.existsSync(input)) await fsp.rename(task.inputPath, input);
  try {
    await runHelper(
      task,
      'soffice',
      [
        '--headless',
        '--norestore',
        '--nologo',
        '--nolockcheck',
        '--nodefault',
        `-env:UserInstallation=file://${profile}`,
        '--convert-to',
        convertTo,
        '--outdir',
        outDir,
        input,
      ],
      { cwd: task.workDir, env: { HOME: profile } },
    );
  } catch (error) {
    throw new PreparationRefused('conversion_failed', `LibreOffice failed: ${firstLine(error)}`);
  }
  const converted = path.join(outDir, `${path.parse(input).name}.${extension}`);
  // LibreOffice exits 0 when it could not load a file; only the file it wrote says it converted.
  if (!fs.existsSync(converted))
    throw new PreparationRefused('conversion_failed', `LibreOffice wrote no ${extension.toUpperCase()}`);
  return converted;
}

/** Macros off for good (https://help.libreoffice.org/latest/en-US/text/shared/optionen/macrosecurity_ss.html). */
const LOCKED_DOWN_OFFICE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="UseSystemFileDialog" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
`;

/** The page count from the page tree, checked against the cap before any page is rendered. */
async function countPages(task: PreparationTask, pdf: string): Promise<number> {
  const info = await pdfinfo(task, pdf, []);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  if (pages < 1) throw new PreparationRefused('corrupt', 'the PDF has no pages');
  if (pages > task.maxPages) throw new PreparationRefused('too_many_pages', `${pages} pages`);
  return pages;
}

async function pdfinfo(task: PreparationTask, pdf: string, args: string[]): Promise<string> {
  try {
    return (await runHelper(task, 'pdfinfo', [...args, pdf], { maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '');
    if (/incorrect password/i.test(stderr))
      throw new PreparationRefused('password_protected', 'needs a password');
    throw new PreparationRefused('corrupt', `pdfinfo failed: ${firstLine(error)}`);
  }
}

/** Each page's size in points as it is shown (a page rotated by 90 or 270 degrees swaps its sides). */
async function pageSizes(
  task: PreparationTask,
  pdf: string,
  pageCount: number,
): Promise<{ width: number; height: number }[]> {
  const info = await pdfinfo(task, pdf, ['-f', '1', '-l', String(pageCount)]);
  const sizes: { width: number; height: number }[] = [];
  for (const match of info.matchAll(/^Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+)/gm)) {
    sizes[Number(match[1]) - 1] = { width: Number(match[2]), height: Number(match[3]) };
  }
  for (const match of info.matchAll(/^Page\s+(\d+) rot:\s+(\d+)/gm)) {
    const size = sizes[Number(match[1]) - 1];
    if (size && Number(match[2]) % 180 === 90)
      sizes[Number(match[1]) - 1] = { width: size.height, height: size.width };
  }
  if (sizes.length !== pageCount || sizes.some((size) => !size || !(size.width > 0 && size.height > 0)))
    throw new PreparationRefused('corrupt', 'a page has no size');
  return sizes;
}

/** Every page's own text in one pdftotext run: pages are separated by form feeds. */
async function pageTexts(task: PreparationTask, pdf: string, pageCount: number): Promise<string[]> {
  const out = path.join(task.workDir, 'pages.txt');
  try {
    await runHelper(task, 'pdftotext', ['-f', '1', '-l', String(pageCount), '-enc', 'UTF-8', pdf, out]);
  } catch (error) {
    throw new PreparationRefused('corrupt', `pdftotext failed: ${firstLine(error)}`);
  }
  const pages = (await fsp.readFile(out, 'utf8')).split('\f');
  await fsp.rm(out);
  return Array.from({ length: pageCount }, (_, index) =>
    (pages[index] ?? '').slice(0, MAX_PAGE_TEXT_CHARACTERS),
  );
}

interface RenderedPage {
  page: number;
  path: string;
}

/**
 * Renders pages at a fixed width (their height follows their shape), as raw PPM: no compression to
 * pay for, since sharp encodes every size from it.
 */
async function renderPages(
  task: PreparationTask,
  pdf: string,
  first: number,
  last: number,
  width: number,
): Promise<RenderedPage[]> {
  const dir = path.join(task.workDir, 'rendered');
  await fsp.mkdir(dir, { recursive: true });
  try {
    await runHelper(task, 'pdftoppm', [
      '-f',
      String(first),
      '-l',
      String(last),
      '-scale-to-x',
      String(width),
      '-scale-to-y',
      '-1',
      pdf,
      path.join(dir, 'page'),
    ]);
  } catch (error) {
    throw new PreparationRefused('corrupt', `pdftoppm failed: ${firstLine(error)}`);
  }
  const rendered = (await fsp.readdir(dir))
    .map((name) => ({ page: Number(/-(\d+)\.ppm$/.exec(name)?.[1]), path: path.join(dir, name) }))
    .filter((file) => file.page >= first && file.page <= last)
    .sort((a, b) => a.page - b.page);
  if (rendered.length !== last - first + 1)
    throw new PreparationRefused('corrupt', `pages ${first}-${last} did not all render`);
  return rendered;
}

/** A binary PPM (P6): a short text header, then the RGB bytes. */
async function readPpm(file: string): Promise<{ width: number; height: number; pixels: Buffer }> {
  const data = await fsp.readFile(file);
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error(`${file} is not a binary PPM`);
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: data.subarray(header[0].length, header[0].length + width * height * 3) };
}

async function encodePage(rendered: RenderedPage, task: PreparationTask): Promise<PreparedFile[]> {
  const { width, height, pixels } = await readPpm(rendered.path);
  const image = () => sharp(pixels, { raw: { width, height, channels: 3 } });
  const files: PreparedFile[] = [];
  for (const target of task.widths) {
    const name = previewObjectNames.pageImage(rendered.page, target);
    files.push(
      await writeWebp(image().resize({ width: target, withoutEnlargement: true }), name, task.workDir),
    );
  }
  const thumbnail = previewObjectNames.thumbnail(rendered.page);
  files.push(
    await writeWebp(
      image().resize({ width: task.thumbnailWidth, withoutEnlargement: true }),
      thumbnail,
      task.workDir,
    ),
  );
  return files;
}

async function writeWebp(image: Sharp, name: string, workDir: string): Promise<PreparedFile> {
  const file = path.join(workDir, name);
  const info = await image.webp({ quality: 82, effort: 2 }).toFile(file);
  return { name, path: file, contentType: WEBP, width: info.width, height: info.height };
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
 * an image past the pixel cap is refused before a pixel is decoded.
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
  return { status: 'ready', pageCount: null, isTextAvailable: false, files };
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

function firstLine(error: unknown): string {
  const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
  return (
    (stderr || (error instanceof Error ? error.message : String(error))).split('\n')[0]?.slice(0, 300) ?? ''
  );
}

/** A preview object holding `value` as JSON (a table's rows, a workbook's sheets, a Word file's narrow pages). */
async function jsonObject(task: PreparationTask, name: string, value: unknown): Promise<PreparedFile> {
  const file = path.join(task.workDir, name);
  await fsp.writeFile(file, JSON.stringify(value));
  return { name, path: file, contentType: 'application/json', width: null, height: null };
}
