import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, expect, test } from 'vitest';
import {
  MAX_PREVIEW_PAGES,
  PAGE_IMAGE_WIDTHS,
  SHEET_CSS_PIXELS_PER_POINT,
  type SheetPreview,
  THUMBNAIL_WIDTH,
} from '#shared/contracts/previews';
import { handWrittenXlsx, sampleWorkbook } from '#tests/support/sample-documents';
import {
  HELPER_MEMORY_LIMIT_BYTES,
  MAX_SHEET_IMAGE_PIXELS,
  MAX_SHEET_IMAGE_SIDE,
  type PreparationOutcome,
  type PreparationTask,
} from './preparation-limits';
import { prepareFiles } from './prepare-files';

// Workbooks become one page per visible sheet (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md).

let workDir: string;
beforeEach(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prepare-sheets-test-'));
}, 120_000);
afterEach(() => fs.rmSync(workDir, { recursive: true, force: true }));

function taskFor(extension: string, bytes: Buffer): PreparationTask {
  const inputPath = path.join(workDir, 'original');
  fs.writeFileSync(inputPath, bytes);
  return {
    kind: 'pages',
    extension,
    inputPath,
    workDir,
    widths: PAGE_IMAGE_WIDTHS,
    thumbnailWidth: THUMBNAIL_WIDTH,
    maxPages: MAX_PREVIEW_PAGES,
    memoryLimitBytes: HELPER_MEMORY_LIMIT_BYTES,
    ocrTimeLimitMs: 60_000,
  };
}

function readyFiles(outcome: PreparationOutcome) {
  if (outcome.status !== 'ready') throw new Error(`not ready: ${JSON.stringify(outcome)}`);
  return { ...outcome, byName: new Map(outcome.files.map((file) => [file.name, file])) };
}

function sheetsOf(outcome: ReturnType<typeof readyFiles>): SheetPreview[] {
  return JSON.parse(fs.readFileSync(outcome.byName.get('sheets')?.path ?? '', 'utf8'));
}

test('each visible sheet of an XLSX is one page, named and in order, with its text', async () => {
  const outcome = readyFiles(await prepareFiles(taskFor('xlsx', sampleWorkbook('xlsx'))));
  const sheets = sheetsOf(outcome);
  expect(sheets.map((sheet) => [sheet.page, sheet.name])).toEqual([
    [1, 'Summary'],
    [2, 'P&L 2027'],
    [3, 'Cap table'],
  ]);
  expect(outcome.pageCount).toBe(3);
  // The summary's 26 columns are on its one page: the last month is there, beside the first column.
  const summaryText = fs.readFileSync(outcome.byName.get('text-1')?.path ?? '', 'utf8');
  expect(summaryText).toContain('Metric');
  expect(summaryText).toContain('M25');
  expect(fs.readFileSync(outcome.byName.get('text-2')?.path ?? '', 'utf8')).toContain('Line item 40');
  // The hidden sheet is not shown at all.
  for (const file of outcome.files.filter((file) => file.name.startsWith('text-')))
    expect(fs.readFileSync(file.path, 'utf8')).not.toContain('Not for investors');
  expect(outcome.byName.has('page-4-800')).toBe(false);
  expect(outcome.byName.get('pdf')?.contentType).toBe('application/pdf');
}, 120_000);

test('an ODS and an XLS read the same sheets', async () => {
  for (const extension of ['ods', 'xls'] as const) {
    const outcome = readyFiles(await prepareFiles(taskFor(extension, sampleWorkbook(extension))));
    expect(sheetsOf(outcome).map((sheet) => sheet.name)).toEqual(['Summary', 'P&L 2027', 'Cap table']);
    fs.rmSync(workDir, { recursive: true, force: true });
    fs.mkdirSync(workDir);
  }
}, 120_000);

test("a sheet's 10 pt text is at least 11 CSS px as shown, and its image is twice its CSS size", async () => {
  const outcome = readyFiles(await prepareFiles(taskFor('xlsx', sampleWorkbook('xlsx'))));
  const summary = sheetsOf(outcome)[0] as SheetPreview;
  const sharpest = outcome.byName.get('page-1-1600');
  const plain = outcome.byName.get('page-1-800');
  expect(sharpest?.width).toBe(Math.floor(summary.width * 2));
  expect(Math.abs((plain?.width ?? 0) - summary.width)).toBeLessThanOrEqual(1);
  // Measured in the PDF the sheet was rendered from, where the viewer shows a point as
  // SHEET_CSS_PIXELS_PER_POINT CSS px: pdftotext's box of a word spans the font's ascent to descent,
  // about 1.3 em for the sans fonts LibreOffice uses, so the text's size is at least box / 1.3.
  const boxes = execFileSync(
    'pdftotext',
    ['-f', '1', '-l', '1', '-bbox', outcome.byName.get('pdf')?.path ?? '', '-'],
    {
      encoding: 'utf8',
    },
  );
  const heights = [...boxes.matchAll(/yMin="(-?[\d.]+)" xMax="-?[\d.]+" yMax="(-?[\d.]+)">Metric</g)].map(
    (match) => Number(match[2]) - Number(match[1]),
  );
  expect(heights.length).toBe(1);
  expect(((heights[0] as number) / 1.3) * SHEET_CSS_PIXELS_PER_POINT).toBeGreaterThanOrEqual(11);
  // And the sheet is shown at the size it has in the PDF at 100%, no smaller.
  const pageWidth = Number(
    /Page\s+1 size:\s+([\d.]+)/.exec(
      execFileSync('pdfinfo', ['-f', '1', '-l', '1', outcome.byName.get('pdf')?.path ?? ''], {
        encoding: 'utf8',
      }),
    )?.[1],
  );
  expect(summary.width).toBeCloseTo(pageWidth * SHEET_CSS_PIXELS_PER_POINT, 1);
  // 26 columns of about 64 pt: far wider than a phone, scrolled inside the sheet rather than shrunk.
  expect(summary.width).toBeGreaterThan(1500);
  expect((await sharp(sharpest?.path).metadata()).format).toBe('webp');
}, 120_000);

test('a workbook of more than 100 sheets is refused before it is rendered', async () => {
  const sheets = Array.from({ length: 1_000 }, (_, index) => ({ name: `Sheet ${index + 1}` }));
  const outcome = await prepareFiles(taskFor('xlsx', handWrittenXlsx(sheets)));
  expect(outcome).toMatchObject({ status: 'failed', code: 'too_many_sheets' });
}, 120_000);

test('a sheet of 1,048,576 rows and a sheet of huge columns stay within the pixel caps', async () => {
  const outcome = readyFiles(
    await prepareFiles(
      taskFor(
        'xlsx',
        handWrittenXlsx([
          { name: 'Tall', lastRow: 1_048_576 },
          { name: 'Wide', columns: 20, columnWidth: 255 },
        ]),
      ),
    ),
  );
  expect(sheetsOf(outcome).map((sheet) => sheet.name)).toEqual(['Tall', 'Wide']);
  for (const file of outcome.files.filter((file) => file.contentType === 'image/webp')) {
    expect(file.width).toBeLessThanOrEqual(MAX_SHEET_IMAGE_SIDE);
    expect(file.height).toBeLessThanOrEqual(MAX_SHEET_IMAGE_SIDE);
    expect((file.width ?? 0) * (file.height ?? 0)).toBeLessThanOrEqual(MAX_SHEET_IMAGE_PIXELS);
  }
}, 120_000);
