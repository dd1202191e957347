import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findPreview, listPreviewObjects } from '#server/features/documents/previews.repository';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import {
  MAX_PREVIEW_SHEETS,
  previewRoutes,
  SHEET_CSS_PIXELS_PER_POINT,
  type SheetPreview,
} from '#shared/contracts/previews';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  createFounder,
  founderWithInvestor,
  invite,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
  uploadFile,
} from '#tests/support/factories';
import { handWrittenXlsx, sampleDocx, sampleWorkbook } from '#tests/support/sample-documents';
import { storedBytes } from '#tests/support/stored-objects';
import { fetchBytes, startTestApp, type TestApp } from '#tests/support/test-app';
import { startMissingPreviews } from './preparation.service';
import { MAX_SHEET_IMAGE_PIXELS, MAX_SHEET_IMAGE_SIDE } from './preparation-limits';

// Workbooks read on a phone (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md): one page image
// per visible sheet, whole, at 100%, with the sheets' names; served, authorised and watermarked exactly
// like page images.

let t: TestApp;
/** Made by LibreOffice before the server starts: a synchronous conversion in a test would stall it. */
let fixtures: { xlsx: Buffer; ods: Buffer; docx: Buffer };
beforeAll(async () => {
  fixtures = { xlsx: sampleWorkbook('xlsx'), ods: sampleWorkbook('ods'), docx: sampleDocx(1) };
  t = await startTestApp({ environment: { PREVIEW_TIME_LIMIT_MS: '120000', JOB_POLL_INTERVAL_MS: '50' } });
}, 300_000);
afterAll(() => t?.close());

const get = (who: SignedIn | undefined, urlPath: string) =>
  t.request('GET', urlPath, { headers: { ...who?.auth } });

const fetchBytesAs = (who: SignedIn | undefined, urlPath: string) => fetchBytes(t, urlPath, { ...who?.auth });

async function uploadAndPrepare(founder: SignedIn, name: string, bytes: Buffer): Promise<string> {
  const response = await uploadFile(t, founder, { name, bytes });
  expect(response.status, response.text).toBe(201);
  await t.app.jobs.whenIdle();
  return (response.json as { document: { id: string } }).document.id;
}

interface PreviewBody {
  status: string;
  kind: string;
  failure: { code: string } | null;
  pages: { number: number; width: number; height: number }[];
  sheets: SheetPreview[] | null;
  isDownloadAllowed: boolean;
}

const previewOf = async (who: SignedIn, documentId: string) => {
  const response = await get(who, apiPath(previewRoutes.preview, { params: { id: documentId } }));
  expect(response.status, response.text).toBe(200);
  return response.json as PreviewBody;
};

/** A founder's room, a member reading it, and the sample model (four sheets, one hidden) as an XLSX. */
let room: Awaited<ReturnType<typeof founderWithInvestor>> & { workbookId: string; workbook: Buffer };
beforeAll(async () => {
  const people = await founderWithInvestor(t);
  const workbook = fixtures.xlsx;
  room = { ...people, workbook, workbookId: await uploadAndPrepare(people.founder, 'Model.xlsx', workbook) };
}, 180_000);

describe('a workbook is shown as its sheets', () => {
  test("an XLSX's visible sheets are its pages, named and in the workbook's order; the hidden one is not shown", async () => {
    const preview = await previewOf(room.investor, room.workbookId);
    expect(preview).toMatchObject({ status: 'ready', kind: 'pages' });
    expect(preview.sheets?.map((sheet) => [sheet.page, sheet.name])).toEqual([
      [1, 'Summary'],
      [2, 'P&L 2027'],
      [3, 'Cap table'],
    ]);
    expect(preview.pages.map((page) => page.number)).toEqual([1, 2, 3]);
    const text = (await get(room.investor, apiPath(previewRoutes.text, { params: { id: room.workbookId } })))
      .json as {
      pages: { number: number; text: string }[];
    };
    expect(text.pages).toHaveLength(3);
    expect(JSON.stringify(text)).not.toContain('Not for investors');
    expect(
      (await get(room.investor, apiPath(previewRoutes.page, { params: { id: room.workbookId, page: '4' } })))
        .status,
    ).toBe(404);
  });

  test('each sheet is whole on its one image: every column of the summary, every row of the P&L, at 100%', async () => {
    const preview = await previewOf(room.investor, room.workbookId);
    const text = (await get(room.investor, apiPath(previewRoutes.text, { params: { id: room.workbookId } })))
      .json as {
      pages: { number: number; text: string }[];
    };
    expect(text.pages[0]?.text).toContain('Metric');
    expect(text.pages[0]?.text).toContain('M25');
    expect(text.pages[1]?.text).toContain('Line item 1');
    expect(text.pages[1]?.text).toContain('Line item 40');
    for (const sheet of preview.sheets ?? []) {
      const sharpest = await fetchBytesAs(
        room.investor,
        apiPath(previewRoutes.page, {
          params: { id: room.workbookId, page: sheet.page },
          query: { width: '1600' },
        }),
      );
      const plain = await fetchBytesAs(
        room.investor,
        apiPath(previewRoutes.page, {
          params: { id: room.workbookId, page: sheet.page },
          query: { width: '800' },
        }),
      );
      expect(sharpest.headers.get('content-type')).toBe('image/webp');
      const [big, small] = await Promise.all([
        sharp(sharpest.bytes).metadata(),
        sharp(plain.bytes).metadata(),
      ]);
      // Shown at its CSS size: the 800 rendering is 1 device pixel per CSS pixel, the 1600 one 2.
      expect(big.width).toBe(Math.floor(sheet.width * 2));
      expect(Math.abs((small.width ?? 0) - sheet.width)).toBeLessThanOrEqual(1);
    }
    // 26 columns at about 64 pt each: wider than any phone (it scrolls) and not one A4 page (595 pt) of it.
    const summary = preview.sheets?.[0] as SheetPreview;
    expect(summary.width / SHEET_CSS_PIXELS_PER_POINT).toBeGreaterThan(1500);
  });

  test("the console's file list counts the workbook's visible sheets, which the row names sheets", async () => {
    const listed = await t.call(documentRoutes.mine, { as: room.founder });
    const workbook = listed.json.find((document) => document.id === room.workbookId);
    expect(workbook).toMatchObject({ fileType: 'excel', pageCount: 3 });
  });

  test('an ODS reads the same sheets', async () => {
    const documentId = await uploadAndPrepare(room.founder, 'Model.ods', fixtures.ods);
    const preview = await previewOf(room.investor, documentId);
    expect(preview.sheets?.map((sheet) => sheet.name)).toEqual(['Summary', 'P&L 2027', 'Cap table']);
  }, 120_000);

  test('a PDF, or a Word file, has no sheets', async () => {
    const documentId = await uploadAndPrepare(room.founder, 'Memo.docx', fixtures.docx);
    expect((await previewOf(room.investor, documentId)).sheets).toBeNull();
  }, 120_000);
});

describe("a sheet's images are authorised exactly like page images", () => {
  const paths = (id: string) => [
    apiPath(previewRoutes.preview, { params: { id } }),
    apiPath(previewRoutes.page, { params: { id, page: 1 }, query: { width: 800 } }),
    apiPath(previewRoutes.page, { params: { id, page: 2 }, query: { width: 1600 } }),
    apiPath(previewRoutes.thumbnail, { params: { id, page: 1 } }),
    apiPath(previewRoutes.text, { params: { id } }),
  ];

  test('an investor of another room, a member once the room is closed and a stranger get the 404 of a missing document', async () => {
    const outsider = await founderWithInvestor(t);
    const missing = await get(
      outsider.investor,
      apiPath(previewRoutes.preview, { params: { id: crypto.randomUUID() } }),
    );
    for (const path of paths(room.workbookId)) {
      const response = await get(outsider.investor, path);
      expect([path, response.status, response.json]).toEqual([path, 404, missing.json]);
    }
    const email = uniqueEmail('stranger');
    await invite(t, await createFounder(t), email);
    const stranger = await signInWithMagicLink(t, email);
    for (const path of paths(room.workbookId)) {
      expect([path, (await get(stranger, path)).status]).toEqual([path, 404]);
      expect([path, (await get(undefined, path)).status]).toEqual([path, 401]);
    }

    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploadAndPrepare(founder, 'Closed.xlsx', room.workbook);
    expect(
      (await get(investor, apiPath(previewRoutes.page, { params: { id: documentId, page: '1' } }))).status,
    ).toBe(200);
    const closed = await t.call(roomRoutes.setStatus, { body: { isActive: false }, as: founder });
    expect(closed.status).toBe(200);
    for (const path of paths(documentId)) {
      const response = await get(investor, path);
      expect([path, response.status, response.json]).toEqual([path, 404, missing.json]);
    }
    expect(
      (await get(founder, apiPath(previewRoutes.page, { params: { id: documentId, page: '1' } }))).status,
    ).toBe(200);
  }, 120_000);

  test("with the room's watermark on, every sheet image an investor gets carries it; the owner's does not", async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploadAndPrepare(founder, 'Watermarked.xlsx', room.workbook);
    const on = await t.call(roomRoutes.setWatermark, { body: { isWatermarkEnabled: true }, as: founder });
    expect(on.status).toBe(200);
    const preview = await previewOf(investor, documentId);
    expect(preview.sheets).toHaveLength(3);
    for (const sheet of preview.sheets ?? []) {
      for (const url of [
        apiPath(previewRoutes.page, {
          params: { id: documentId, page: sheet.page },
          query: { width: '800' },
        }),
        apiPath(previewRoutes.page, {
          params: { id: documentId, page: sheet.page },
          query: { width: '1600' },
        }),
        apiPath(previewRoutes.thumbnail, { params: { id: documentId, page: sheet.page } }),
      ]) {
        const original = await fetchBytesAs(founder, url);
        const stamped = await fetchBytesAs(investor, url);
        expect(stamped.status).toBe(200);
        expect(stamped.headers.get('cache-control')).toMatch(/^private/);
        const [plainPixels, stampedPixels] = await Promise.all([
          sharp(original.bytes).raw().toBuffer({ resolveWithObject: true }),
          sharp(stamped.bytes).raw().toBuffer({ resolveWithObject: true }),
        ]);
        // Burned into the sheet's own pixels, at its size.
        expect([stampedPixels.info.width, stampedPixels.info.height]).toEqual([
          plainPixels.info.width,
          plainPixels.info.height,
        ]);
        let changed = 0;
        for (let index = 0; index < plainPixels.data.length; index++)
          if (plainPixels.data[index] !== stampedPixels.data[index]) changed += 1;
        expect(changed, url).toBeGreaterThan(0);
      }
    }
  }, 120_000);

  test('a view-only workbook is read in the viewer, and nothing the investor can ask for is the original', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploadAndPrepare(founder, 'Private.xlsx', room.workbook);
    const viewOnly = await t.call(documentRoutes.setDownloadPolicy, {
      params: { id: documentId },
      body: { policy: 'view_only' },
      as: founder,
    });
    expect(viewOnly.status, viewOnly.text).toBe(200);
    const preview = await previewOf(investor, documentId);
    expect(preview).toMatchObject({ isDownloadAllowed: false });
    expect(preview.sheets).toHaveLength(3);
    expect(
      (await get(investor, apiPath(documentRoutes.download, { params: { id: documentId } }))).status,
    ).toBe(403);
    expect((await get(investor, apiPath(previewRoutes.content, { params: { id: documentId } }))).status).toBe(
      404,
    );
    const head = room.workbook.subarray(0, 64);
    for (const url of [
      apiPath(previewRoutes.page, { params: { id: documentId, page: '1' }, query: { width: '800' } }),
      apiPath(previewRoutes.page, { params: { id: documentId, page: '1' }, query: { width: '1600' } }),
      apiPath(previewRoutes.thumbnail, { params: { id: documentId, page: '1' } }),
      apiPath(previewRoutes.text, { params: { id: documentId } }),
    ]) {
      const served = await fetchBytesAs(investor, url);
      expect(served.status).toBe(200);
      expect(served.bytes.includes(head)).toBe(false);
      expect(served.bytes.subarray(0, 2).toString()).not.toBe('PK');
    }
  }, 120_000);
});

describe('hostile workbooks end within the caps', () => {
  test(`a workbook of 1,000 sheets is refused (more than ${MAX_PREVIEW_SHEETS}), and can still be downloaded`, async () => {
    const sheets = Array.from({ length: 1_000 }, (_, index) => ({ name: `Sheet ${index + 1}` }));
    const bytes = handWrittenXlsx(sheets);
    const documentId = await uploadAndPrepare(room.founder, 'Thousand.xlsx', bytes);
    const preview = await previewOf(room.investor, documentId);
    expect(preview).toMatchObject({
      status: 'failed',
      failure: { code: 'too_many_sheets', message: 'This workbook has too many sheets to preview' },
      sheets: null,
    });
    const download = await fetchBytesAs(
      room.investor,
      apiPath(documentRoutes.download, { params: { id: documentId } }),
    );
    expect(download.status).toBe(200);
    expect(download.bytes.equals(bytes)).toBe(true);
  }, 120_000);

  test('a sheet of 1,048,576 rows and a sheet of columns 255 characters wide are shown within the pixel caps', async () => {
    const documentId = await uploadAndPrepare(
      room.founder,
      'Huge.xlsx',
      handWrittenXlsx([
        { name: 'Tall', lastRow: 1_048_576 },
        { name: 'Wide', columns: 20, columnWidth: 255 },
      ]),
    );
    const preview = await previewOf(room.investor, documentId);
    expect(preview.status).toBe('ready');
    expect(preview.sheets?.map((sheet) => sheet.name)).toEqual(['Tall', 'Wide']);
    for (const object of await listPreviewObjects(t.app.database.db, documentId)) {
      if (object.contentType !== 'image/webp') continue;
      expect(object.width).toBeLessThanOrEqual(MAX_SHEET_IMAGE_SIDE);
      expect(object.height).toBeLessThanOrEqual(MAX_SHEET_IMAGE_SIDE);
      expect((object.width ?? 0) * (object.height ?? 0)).toBeLessThanOrEqual(MAX_SHEET_IMAGE_PIXELS);
    }
  }, 120_000);
});

test('a workbook prepared before sheets were read (as printed pages) is prepared again once at the next start', async () => {
  const documentId = await uploadAndPrepare(room.founder, 'Older.xlsx', room.workbook);
  const db = t.app.database.db;
  // As an installation from before the upgrade has it: a ready preview of pages, without `sheets`.
  const sheetsObject = await db
    .deleteFrom('preview_objects')
    .where('document_id', '=', documentId)
    .where('name', '=', 'sheets')
    .returning('storage_key')
    .executeTakeFirstOrThrow();
  await t.app.ctx.storage.remove(sheetsObject.storage_key);
  expect((await previewOf(room.investor, documentId)).sheets).toBeNull();
  const before = await findPreview(db, documentId);

  await startMissingPreviews(t.app.ctx);
  await startMissingPreviews(t.app.ctx);
  const jobs = await db
    .selectFrom('jobs')
    .where('dedupe_key', 'like', `prepare-document:${documentId}:%`)
    .select('dedupe_key')
    .execute();
  expect(jobs).toHaveLength(2);
  await t.app.jobs.whenIdle();
  const after = await findPreview(db, documentId);
  expect(after).toMatchObject({ status: 'ready', generation: (before?.generation ?? 0) + 1 });
  expect((await previewOf(room.investor, documentId)).sheets).toHaveLength(3);
  // The old objects went with it: every object of the preview is stored, none is left over.
  for (const object of await listPreviewObjects(db, documentId))
    expect(await storedBytes(t.config, object.storageKey)).toBeTruthy();
  // A third start finds nothing to do.
  await startMissingPreviews(t.app.ctx);
  expect(
    await db
      .selectFrom('jobs')
      .where('dedupe_key', 'like', `prepare-document:${documentId}:%`)
      .select('id')
      .execute(),
  ).toHaveLength(2);
}, 180_000);
