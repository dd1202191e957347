import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findPreview, listPreviewObjects } from '#server/features/documents/previews.repository';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { NARROW_PAGE, type NarrowPagePreview, previewRoutes } from '#shared/contracts/previews';
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
import {
  deckPdf,
  MEMO_BODY_POINTS,
  sampleDocx,
  sampleMemoDocx,
  sampleOdt,
  sampleRtf,
} from '#tests/support/sample-documents';
import { storedBytes } from '#tests/support/stored-objects';
import { fetchBytes, startTestApp, type TestApp } from '#tests/support/test-app';
import { startMissingPreviews } from './preparation.service';

// Word documents read on a phone (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md): the same
// text laid out again on a narrow page, served, authorised and watermarked exactly like page images.

let t: TestApp;
/** Made by LibreOffice before the server starts: a synchronous conversion in a test would stall it. */
let memo: Buffer;
let odt: Buffer;
let docx: Buffer;
beforeAll(async () => {
  memo = sampleMemoDocx();
  odt = sampleOdt(2);
  docx = sampleDocx(1);
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
  pages: { number: number; width: number; height: number }[];
  narrowPages: NarrowPagePreview[] | null;
  isDownloadAllowed: boolean;
}

const previewOf = async (who: SignedIn, documentId: string) => {
  const response = await get(who, apiPath(previewRoutes.preview, { params: { id: documentId } }));
  expect(response.status, response.text).toBe(200);
  return response.json as PreviewBody;
};

/**
 * The distance between the tops of consecutive lines of text in a page image, in its pixels: the rows
 * with ink are grouped into lines, and the most common gap between the tops of lines of equal height
 * (the body text's lines) is its line pitch.
 */
async function bodyLinePitch(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const lines: { top: number; height: number }[] = [];
  let top = -1;
  for (let y = 0; y <= info.height; y++) {
    let hasInk = false;
    if (y < info.height)
      for (let x = 0; x < info.width; x++)
        if ((data[y * info.width + x] ?? 255) < 128) {
          hasInk = true;
          break;
        }
    if (hasInk && top < 0) top = y;
    if (!hasInk && top >= 0) {
      lines.push({ top, height: y - top });
      top = -1;
    }
  }
  const gaps = new Map<number, number>();
  for (let index = 1; index < lines.length; index++) {
    const above = lines[index - 1] as { top: number; height: number };
    const line = lines[index] as { top: number; height: number };
    if (Math.abs(above.height - line.height) > 2) continue;
    const gap = line.top - above.top;
    gaps.set(gap, (gaps.get(gap) ?? 0) + 1);
  }
  const [pitch] = [...gaps.entries()].sort((a, b) => b[1] - a[1])[0] ?? [0];
  return pitch;
}

/** Single-spaced lines are about 1.15 times their font's size apart (Liberation Serif, Times New Roman). */
const LINE_PITCH_PER_EM = 1.15;
/** The phone the rule is written for: 390 CSS px wide, the narrow page drawn across it. */
const PHONE_CSS_WIDTH = 390;

let room: Awaited<ReturnType<typeof founderWithInvestor>> & { memoId: string };
beforeAll(async () => {
  const people = await founderWithInvestor(t);
  room = { ...people, memoId: await uploadAndPrepare(people.founder, 'Memo.docx', memo) };
}, 180_000);

describe('a Word document is laid out again on narrow pages for phones', () => {
  test('the narrow pages are 9 by 16 cm, each with the real page it starts on, in order', async () => {
    const preview = await previewOf(room.investor, room.memoId);
    expect(preview).toMatchObject({ status: 'ready', kind: 'pages' });
    expect(preview.pages).toHaveLength(2);
    const narrow = preview.narrowPages ?? [];
    // The first page's nine paragraphs take several narrow pages; the second chapter starts a new one.
    expect(narrow.length).toBeGreaterThanOrEqual(3);
    expect(narrow.map((page) => page.number)).toEqual(narrow.map((_, index) => index + 1));
    const starts = narrow.map((page) => page.startsOnPage);
    expect(starts[0]).toBe(1);
    expect(starts.filter((page) => page === 1).length).toBeGreaterThanOrEqual(2);
    expect(starts.at(-1)).toBe(2);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    for (const page of narrow) {
      expect(page.width).toBe(1600);
      expect(page.height / page.width).toBeCloseTo(NARROW_PAGE.heightCm / NARROW_PAGE.widthCm, 2);
    }
  });

  test(`its ${MEMO_BODY_POINTS} pt body text is at least 11 CSS px on a 390 px phone, where the real page's is not`, async () => {
    const narrow = await fetchBytesAs(
      room.investor,
      apiPath(previewRoutes.page, {
        params: { id: room.memoId, page: '1' },
        query: { layout: 'narrow', width: '1600' },
      }),
    );
    expect(narrow.status).toBe(200);
    expect(narrow.headers.get('content-type')).toBe('image/webp');
    const real = await fetchBytesAs(
      room.investor,
      apiPath(previewRoutes.page, { params: { id: room.memoId, page: '1' }, query: { width: '1600' } }),
    );
    const cssPixelsOfText = async (image: Buffer) => {
      const { width = 1 } = await sharp(image).metadata();
      return ((await bodyLinePitch(image)) * (PHONE_CSS_WIDTH / width)) / LINE_PITCH_PER_EM;
    };
    const narrowText = await cssPixelsOfText(narrow.bytes);
    const realText = await cssPixelsOfText(real.bytes);
    expect(narrowText).toBeGreaterThanOrEqual(11);
    // 11 pt across 9 cm of a 390 px screen: 390 / 255 pt * 11 pt, about 16.8 px.
    expect(narrowText).toBeCloseTo(
      (PHONE_CSS_WIDTH / ((NARROW_PAGE.widthCm / 2.54) * 72)) * MEMO_BODY_POINTS,
      0,
    );
    // The real A4 page drawn across the same phone: about 7 px, which is why the narrow pages exist.
    expect(realText).toBeLessThan(8);
    const plain = await fetchBytesAs(
      room.investor,
      apiPath(previewRoutes.page, {
        params: { id: room.memoId, page: '1' },
        query: { layout: 'narrow', width: '800' },
      }),
    );
    expect((await sharp(plain.bytes).metadata()).width).toBe(800);
  });

  test('a page past the narrow layout, or the narrow layout of a PDF, is a 404 naming the page', async () => {
    const count = (await previewOf(room.investor, room.memoId)).narrowPages?.length ?? 0;
    const past = await get(
      room.investor,
      apiPath(previewRoutes.page, {
        params: { id: room.memoId, page: count + 1 },
        query: { layout: 'narrow' },
      }),
    );
    expect(past.status).toBe(404);
    expect(past.json).toMatchObject({ error: 'page_not_found', field: 'page' });
    const pdfId = await uploadAndPrepare(room.founder, 'Deck.pdf', deckPdf(2));
    expect((await previewOf(room.investor, pdfId)).narrowPages).toBeNull();
    expect(
      (
        await get(
          room.investor,
          apiPath(previewRoutes.page, { params: { id: pdfId, page: '1' }, query: { layout: 'narrow' } }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await get(
          room.investor,
          apiPath(previewRoutes.page, { params: { id: pdfId, page: '1' }, query: { layout: 'wide' } }),
        )
      ).status,
    ).toBe(400);
  }, 120_000);
});

describe('an OpenDocument text and an RTF are read as Word documents are', () => {
  test('each is accepted by its content, converted to its pages, and laid out again on narrow pages', async () => {
    const founder = await createFounder(t);
    for (const [name, bytes] of [
      ['Memo.odt', odt],
      ['Memo.rtf', sampleRtf(2)],
    ] as const) {
      const documentId = await uploadAndPrepare(founder, name, bytes);
      const preview = await previewOf(founder, documentId);
      expect(preview, name).toMatchObject({ status: 'ready', kind: 'pages' });
      expect(
        preview.pages.map((page) => page.number),
        name,
      ).toEqual([1, 2]);
      expect(preview.narrowPages?.length, name).toBeGreaterThanOrEqual(2);
      const listed = (await t.call(documentRoutes.mine, { as: founder })).json;
      expect(listed.find((document) => document.id === documentId)).toMatchObject({ fileType: 'word' });
    }
  }, 120_000);

  test('a Word file renamed .odt, or text renamed .rtf, is refused as not what its name says', async () => {
    const founder = await createFounder(t);
    for (const [name, bytes] of [
      ['Memo.odt', docx],
      ['Memo.rtf', Buffer.from('Not a rich text file')],
    ] as const) {
      const response = await uploadFile(t, founder, { name, bytes });
      expect(response.status, name).toBe(415);
      expect(response.json, name).toMatchObject({ error: 'content_mismatch', field: 'file' });
    }
  });
});

describe('narrow pages are authorised, watermarked and view-only exactly like page images', () => {
  const narrowPaths = (id: string) =>
    [
      apiPath(previewRoutes.page, { params: { id, page: 1 }, query: { layout: 'narrow', width: 800 } }),
      apiPath(previewRoutes.page, { params: { id, page: 2 }, query: { layout: 'narrow', width: 1600 } }),
    ] as const;

  test('an investor of another room, a member once the room is closed and a stranger get the 404 of a missing document', async () => {
    const outsider = await founderWithInvestor(t);
    const missing = await get(
      outsider.investor,
      apiPath(previewRoutes.preview, { params: { id: crypto.randomUUID() } }),
    );
    for (const path of narrowPaths(room.memoId)) {
      const response = await get(outsider.investor, path);
      expect([path, response.status, response.json]).toEqual([path, 404, missing.json]);
    }
    const email = uniqueEmail('stranger');
    await invite(t, await createFounder(t), email);
    const stranger = await signInWithMagicLink(t, email);
    for (const path of narrowPaths(room.memoId)) {
      expect([path, (await get(stranger, path)).status]).toEqual([path, 404]);
      expect([path, (await get(undefined, path)).status]).toEqual([path, 401]);
    }

    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploadAndPrepare(founder, 'Closed.docx', memo);
    expect((await get(investor, narrowPaths(documentId)[0])).status).toBe(200);
    const closed = await t.call(roomRoutes.setStatus, { body: { isActive: false }, as: founder });
    expect(closed.status).toBe(200);
    for (const path of narrowPaths(documentId)) {
      const response = await get(investor, path);
      expect([path, response.status, response.json]).toEqual([path, 404, missing.json]);
    }
    expect((await get(founder, narrowPaths(documentId)[0])).status).toBe(200);
  }, 120_000);

  test("with the room's watermark on, every narrow page an investor gets carries it; the owner's does not", async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploadAndPrepare(founder, 'Watermarked.docx', memo);
    const on = await t.call(roomRoutes.setWatermark, { body: { isWatermarkEnabled: true }, as: founder });
    expect(on.status).toBe(200);
    const preview = await previewOf(investor, documentId);
    for (const page of preview.narrowPages ?? []) {
      for (const width of [800, 1600]) {
        const url = apiPath(previewRoutes.page, {
          params: { id: documentId, page: page.number },
          query: { layout: 'narrow', width },
        });
        const original = await fetchBytesAs(founder, url);
        const stamped = await fetchBytesAs(investor, url);
        expect(stamped.status).toBe(200);
        expect(stamped.headers.get('cache-control')).toMatch(/^private/);
        expect(stamped.headers.get('etag')).not.toBe(original.headers.get('etag'));
        const [plainPixels, stampedPixels] = await Promise.all([
          sharp(original.bytes).raw().toBuffer({ resolveWithObject: true }),
          sharp(stamped.bytes).raw().toBuffer({ resolveWithObject: true }),
        ]);
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

  test('a view-only Word document is read on narrow pages, and nothing the investor can ask for is the original', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploadAndPrepare(founder, 'Private.docx', memo);
    const viewOnly = await t.call(documentRoutes.setDownloadPolicy, {
      params: { id: documentId },
      body: { policy: 'view_only' },
      as: founder,
    });
    expect(viewOnly.status, viewOnly.text).toBe(200);
    const preview = await previewOf(investor, documentId);
    expect(preview.isDownloadAllowed).toBe(false);
    expect(preview.narrowPages?.length).toBeGreaterThanOrEqual(3);
    expect(
      (await get(investor, apiPath(documentRoutes.download, { params: { id: documentId } }))).status,
    ).toBe(403);
    expect((await get(investor, apiPath(previewRoutes.content, { params: { id: documentId } }))).status).toBe(
      404,
    );
    const head = memo.subarray(0, 64);
    for (const url of [
      ...(preview.narrowPages ?? []).map((page) =>
        apiPath(previewRoutes.page, {
          params: { id: documentId, page: page.number },
          query: { layout: 'narrow', width: '1600' },
        }),
      ),
      apiPath(previewRoutes.page, { params: { id: documentId, page: '1' }, query: { width: '800' } }),
      apiPath(previewRoutes.text, { params: { id: documentId } }),
    ]) {
      const served = await fetchBytesAs(investor, url);
      expect(served.status).toBe(200);
      expect(served.bytes.includes(head)).toBe(false);
      expect(served.bytes.subarray(0, 2).toString()).not.toBe('PK');
    }
  }, 120_000);
});

test('a Word document prepared before narrow pages were made is prepared again once at the next start', async () => {
  const documentId = await uploadAndPrepare(room.founder, 'Older.docx', memo);
  const db = t.app.database.db;
  // As an installation from before the upgrade has it: a ready preview of pages, without narrow pages.
  const narrowObjects = await db
    .deleteFrom('preview_objects')
    .where('document_id', '=', documentId)
    .where((eb) => eb.or([eb('name', '=', 'narrow-pages'), eb('name', 'like', 'narrow-page-%')]))
    .returning('storage_key')
    .execute();
  for (const object of narrowObjects) await t.app.ctx.storage.remove(object.storage_key);
  expect((await previewOf(room.investor, documentId)).narrowPages).toBeNull();
  const before = await findPreview(db, documentId);

  await startMissingPreviews(t.app.ctx);
  await startMissingPreviews(t.app.ctx);
  const jobs = () =>
    db
      .selectFrom('jobs')
      .where('dedupe_key', 'like', `prepare-document:${documentId}:%`)
      .select('id')
      .execute();
  expect(await jobs()).toHaveLength(2);
  await t.app.jobs.whenIdle();
  expect(await findPreview(db, documentId)).toMatchObject({
    status: 'ready',
    generation: (before?.generation ?? 0) + 1,
  });
  expect((await previewOf(room.investor, documentId)).narrowPages?.length).toBeGreaterThanOrEqual(3);
  for (const object of await listPreviewObjects(db, documentId))
    expect(await storedBytes(t.config, object.storageKey)).toBeTruthy();
  await startMissingPreviews(t.app.ctx);
  expect(await jobs()).toHaveLength(2);
}, 180_000);
