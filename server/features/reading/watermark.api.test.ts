import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { processWorkRoot } from '#server/features/preparation/index';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { previewRoutes } from '#shared/contracts/previews';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  createFounder,
  founderWithEditor,
  founderWithInvestor,
  invite,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
  uploadFile,
} from '#tests/support/factories';
import { storePreparingPreview, storeReadyPreview } from '#tests/support/previews';
import { expectRefusal } from '#tests/support/refusals';
import { encryptedPdf, realPng, sampleDocx, writtenPdf, zipArchive } from '#tests/support/sample-documents';
import { fetchBytes, startTestApp, type TestApp } from '#tests/support/test-app';

// The dynamic watermark (docs/decisions/0046-dynamic-watermark.md): the room's setting, the
// page images and images each investor is served, and what their downloads are.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const setWatermark = (who: SignedIn | undefined, json: unknown) =>
  t.call(roomRoutes.setWatermark, { rawBody: json, headers: who?.auth ?? {} });

const get = (who: SignedIn | undefined, urlPath: string) =>
  t.request('GET', urlPath, { headers: { ...who?.auth } });

/** The raw bytes and headers of a GET, as a browser receives them. */
const fetchBytesAs = (who: SignedIn | undefined, urlPath: string, headers: Record<string, string> = {}) =>
  fetchBytes(t, urlPath, { ...who?.auth, ...headers });

async function uploaded(founder: SignedIn, name: string, bytes: Buffer): Promise<string> {
  const response = await uploadFile(t, founder, { name, bytes });
  expect(response.status, response.text).toBe(201);
  return (response.json as { document: { id: string } }).document.id;
}

/** A founder, two members of the room, and the watermark as given. */
async function roomWithTwoReaders(isWatermarkEnabled: boolean) {
  const { founder, investor, investorEmail } = await founderWithInvestor(t);
  const otherEmail = uniqueEmail('partner');
  await invite(t, founder, otherEmail);
  const other = await signInWithMagicLink(t, otherEmail);
  if (isWatermarkEnabled) expect((await setWatermark(founder, { isWatermarkEnabled })).status).toBe(200);
  return { founder, investor, investorEmail, other, otherEmail };
}

/** Each page's text of a PDF, by poppler's pdftotext, with white space removed (rotated lines wrap). */
function pdfPageTexts(pdf: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'watermark-test-'));
  try {
    const file = path.join(dir, 'download.pdf');
    fs.writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    return text
      .split('\f')
      .slice(0, -1)
      .map((page) => page.replace(/\s+/g, ''));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const today = () => new Date().toISOString().slice(0, 10);

describe('POST /api/my-data-room/watermark (the room\'s "Watermark")', () => {
  test('a new room has it off; the founder turns it on and off, and GET /api/my-data-room says so', async () => {
    const founder = await createFounder(t);
    expect((await get(founder, apiPath(roomRoutes.mine))).json).toMatchObject({ isWatermarkEnabled: false });
    const on = await setWatermark(founder, { isWatermarkEnabled: true });
    expect(on.status, on.text).toBe(200);
    expect(on.json).toMatchObject({ isWatermarkEnabled: true, isDownloadAllowed: true });
    expect((await get(founder, apiPath(roomRoutes.mine))).json).toMatchObject({ isWatermarkEnabled: true });
    expect((await setWatermark(founder, { isWatermarkEnabled: false })).json).toMatchObject({
      isWatermarkEnabled: false,
    });
  });

  test('an investor gets 403, nobody 401, and the room stays as it was', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    expect((await setWatermark(investor, { isWatermarkEnabled: true })).status).toBe(403);
    expect((await setWatermark(undefined, { isWatermarkEnabled: true })).status).toBe(401);
    expect((await get(founder, apiPath(roomRoutes.mine))).json).toMatchObject({ isWatermarkEnabled: false });
  });

  test.each([
    [{}, 'isWatermarkEnabled', /^isWatermarkEnabled: must be true or false$/],
    [{ isWatermarkEnabled: 'true' }, 'isWatermarkEnabled', /^isWatermarkEnabled: must be true or false$/],
    [{ isWatermarkEnabled: 1 }, 'isWatermarkEnabled', /^isWatermarkEnabled: must be true or false$/],
    [{ isWatermarkEnabled: null }, 'isWatermarkEnabled', /^isWatermarkEnabled: must be true or false$/],
    [{ isWatermarkEnabled: [true] }, 'isWatermarkEnabled', /^isWatermarkEnabled: must be true or false$/],
    [
      { isWatermarkEnabled: { on: true } },
      'isWatermarkEnabled',
      /^isWatermarkEnabled: must be true or false$/,
    ],
    [{ isWatermarkEnabled: true, text: '<b>x</b>' }, 'text', /^Unexpected field: text$/],
    [[true], 'body', /^The request body must be a JSON object\.$/],
  ])('%j is a 400 naming %s, and changes nothing', async (json, field, message) => {
    const founder = await createFounder(t);
    expectRefusal(await setWatermark(founder, json), 400, { message, field });
    expect((await get(founder, apiPath(roomRoutes.mine))).json).toMatchObject({ isWatermarkEnabled: false });
  });
});

describe('page images and thumbnails', () => {
  test('with the watermark off, every reader gets the stored page image, with its one ETag', async () => {
    const { founder, investor, other } = await roomWithTwoReaders(false);
    const documentId = await uploaded(founder, 'Deck.pdf', writtenPdf({ pages: 2 }));
    await storeReadyPreview(t, documentId, { kind: 'pages', pages: 2 });
    const url = apiPath(previewRoutes.page, {
      params: { id: documentId, page: '1' },
      query: { width: '800' },
    });
    const own = await fetchBytesAs(founder, url);
    const first = await fetchBytesAs(investor, url);
    const second = await fetchBytesAs(other, url);
    expect(own.status).toBe(200);
    expect(first.bytes.equals(own.bytes)).toBe(true);
    expect(second.bytes.equals(own.bytes)).toBe(true);
    expect(first.headers.get('etag')).toBe(own.headers.get('etag'));
    expect(
      (await get(investor, apiPath(previewRoutes.preview, { params: { id: documentId } }))).json,
    ).toMatchObject({
      watermark: null,
      downloadRefusal: null,
    });
  });

  test('with it on, each investor gets their own page image and ETag; the owner gets the page as it is', async () => {
    const { founder, investor, investorEmail, other } = await roomWithTwoReaders(true);
    const documentId = await uploaded(founder, 'Deck.pdf', writtenPdf({ pages: 2 }));
    await storeReadyPreview(t, documentId, { kind: 'pages', pages: 2 });
    for (const url of [
      apiPath(previewRoutes.page, { params: { id: documentId, page: '1' }, query: { width: '800' } }),
      apiPath(previewRoutes.page, { params: { id: documentId, page: '2' }, query: { width: '1600' } }),
      apiPath(previewRoutes.thumbnail, { params: { id: documentId, page: '1' } }),
    ]) {
      const original = await fetchBytesAs(founder, url);
      const mine = await fetchBytesAs(investor, url);
      const theirs = await fetchBytesAs(other, url);
      expect(mine.status).toBe(200);
      expect(theirs.status).toBe(200);
      expect(mine.bytes.equals(original.bytes)).toBe(false);
      expect(theirs.bytes.equals(original.bytes)).toBe(false);
      expect(mine.bytes.equals(theirs.bytes)).toBe(false);
      expect(mine.headers.get('etag')).not.toBe(theirs.headers.get('etag'));
      expect(mine.headers.get('etag')).not.toBe(original.headers.get('etag'));
      expect(mine.headers.get('cache-control')).toMatch(/^private/);
      expect(mine.headers.get('vary')).toBe('Cookie, Authorization');
      expect(mine.headers.get('content-type')).toBe('image/webp');
      // The same size as the page: the watermark is burned into it, not beside it.
      const [stamped, plain] = await Promise.all([
        sharp(mine.bytes).metadata(),
        sharp(original.bytes).metadata(),
      ]);
      expect([stamped.width, stamped.height]).toEqual([plain.width, plain.height]);

      // Asked again: the reader's own copy (from the cache), byte for byte, with the same ETag.
      const again = await fetchBytesAs(investor, url);
      expect(again.bytes.equals(mine.bytes)).toBe(true);
      expect(again.headers.get('etag')).toBe(mine.headers.get('etag'));
      // Their ETag revalidates their copy only: another reader presenting it gets their own image.
      const etag = mine.headers.get('etag') ?? '';
      expect((await fetchBytesAs(investor, url, { 'if-none-match': etag })).status).toBe(304);
      const stranger = await fetchBytesAs(other, url, { 'if-none-match': etag });
      expect(stranger.status).toBe(200);
      expect(stranger.bytes.equals(theirs.bytes)).toBe(true);
    }
    const preview = (await get(investor, apiPath(previewRoutes.preview, { params: { id: documentId } })))
      .json as {
      watermark: string;
    };
    expect(preview.watermark).toBe(`${investorEmail} · ${today()} · Confidential`);
    expect(
      (await get(founder, apiPath(previewRoutes.preview, { params: { id: documentId } }))).json,
    ).toMatchObject({
      watermark: null,
    });
  });

  test('an image document is watermarked in the viewer too; turning the watermark off serves the original again', async () => {
    const { founder, investor } = await roomWithTwoReaders(true);
    const documentId = await uploaded(founder, 'Chart.png', await realPng(640, 400));
    await storeReadyPreview(t, documentId, { kind: 'image', width: 640, height: 400 });
    const url = apiPath(previewRoutes.content, { params: { id: documentId }, query: { width: '800' } });
    const original = await fetchBytesAs(founder, url);
    const stamped = await fetchBytesAs(investor, url);
    expect(stamped.status).toBe(200);
    expect(stamped.bytes.equals(original.bytes)).toBe(false);
    await setWatermark(founder, { isWatermarkEnabled: false });
    const plain = await fetchBytesAs(investor, url);
    expect(plain.bytes.equals(original.bytes)).toBe(true);
    expect(plain.headers.get('etag')).toBe(original.headers.get('etag'));
  });

  test('text has no image to burn into: it is served as it is, and the preview gives the viewer the watermark to lay over it', async () => {
    const { founder, investor, investorEmail } = await roomWithTwoReaders(true);
    const documentId = await uploaded(founder, 'Notes.txt', Buffer.from('Our plan, in plain text.\n'));
    await storeReadyPreview(t, documentId, { kind: 'text', text: 'Our plan, in plain text.\n' });
    const content = await fetchBytesAs(
      investor,
      apiPath(previewRoutes.content, { params: { id: documentId } }),
    );
    expect(content.bytes.toString()).toBe('Our plan, in plain text.\n');
    expect(
      (await get(investor, apiPath(previewRoutes.preview, { params: { id: documentId } }))).json,
    ).toMatchObject({
      watermark: `${investorEmail} · ${today()} · Confidential`,
      isDownloadAllowed: false,
      downloadRefusal: 'watermark_unsupported',
    });
  });

  test('a video cannot carry it: investors are refused its stream with 403 watermark_unsupported; the owner plays it', async () => {
    const { founder, investor } = await roomWithTwoReaders(true);
    const video = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.alloc(1000, 7),
    ]);
    const documentId = await uploaded(founder, 'Demo.mp4', video);
    await storeReadyPreview(t, documentId, { kind: 'video' });
    const path = apiPath(previewRoutes.content, { params: { id: documentId } });
    const refused = await get(investor, path);
    expectRefusal(refused, 403, { error: 'watermark_unsupported', message: /video cannot carry one/ });
    expect(refused.text).not.toContain('ftyp');
    const ranged = await fetchBytesAs(investor, path, { range: 'bytes=0-99' });
    expect(ranged.status).toBe(403);
    expect((await fetchBytesAs(founder, path)).bytes.equals(video)).toBe(true);
    expect(await setWatermark(founder, { isWatermarkEnabled: false })).toMatchObject({ status: 200 });
    expect((await fetchBytesAs(investor, path)).bytes.equals(video)).toBe(true);
  });
});

describe('downloads with the watermark on', () => {
  test("a PDF downloads stamped: the reader's e-mail is on every page, and it is logged as a download", async () => {
    const { founder, investor, investorEmail, other, otherEmail } = await roomWithTwoReaders(true);
    const original = writtenPdf({ pages: 4 });
    const documentId = await uploaded(founder, 'Deck.pdf', original);
    const download = await fetchBytesAs(
      investor,
      apiPath(documentRoutes.download, { params: { id: documentId } }),
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    expect(download.headers.get('etag')).toBeNull();
    expect(download.headers.get('content-disposition')).toContain('Deck.pdf');
    expect(download.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdfPageTexts(download.bytes);
    expect(pages).toHaveLength(4);
    for (const page of pages) {
      expect(page).toContain(investorEmail);
      expect(page).toContain(today());
      expect(page).toContain('Confidential');
      expect(page).not.toContain(otherEmail);
    }
    const theirs = pdfPageTexts(
      (await fetchBytesAs(other, apiPath(documentRoutes.download, { params: { id: documentId } }))).bytes,
    );
    for (const page of theirs) expect(page).toContain(otherEmail);

    // The owner downloads the original, byte for byte (their own download is not investor activity).
    const own = await fetchBytesAs(founder, apiPath(documentRoutes.download, { params: { id: documentId } }));
    expect(own.bytes.equals(original)).toBe(true);
    const logged = await t.app.database.db
      .selectFrom('access_events')
      .select('user_id')
      .where('document_id', '=', documentId)
      .where('action', '=', 'downloaded')
      .execute();
    expect(logged.map((row) => row.user_id).sort()).toEqual([investor.user.id, other.user.id].sort());
    // qpdf's work directory (with the copy of the original that S3 storage needs: qpdf seeks in the
    // file it stamps) is gone once each download has ended.
    await vi.waitFor(() =>
      expect(
        fs.readdirSync(processWorkRoot(t.config.dataDir)).filter((name) => name.startsWith('watermark-')),
      ).toEqual([]),
    );
  });

  test('a DOCX downloads as its converted PDF, stamped', async () => {
    const { founder, investor, investorEmail } = await roomWithTwoReaders(true);
    const documentId = await uploaded(founder, 'Memo.docx', sampleDocx(2));
    await t.app.jobs.whenIdle();
    const download = await fetchBytesAs(
      investor,
      apiPath(documentRoutes.download, { params: { id: documentId } }),
    );
    expect(download.status, download.bytes.toString().slice(0, 300)).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename=Memo.pdf');
    const pages = pdfPageTexts(download.bytes);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages) expect(page).toContain(investorEmail);
    // Without the watermark the reader gets the DOCX itself.
    await setWatermark(founder, { isWatermarkEnabled: false });
    const plain = await fetchBytesAs(
      investor,
      apiPath(documentRoutes.download, { params: { id: documentId } }),
    );
    expect(plain.bytes.subarray(0, 2).toString()).toBe('PK');
  }, 120_000);

  test("a DOCX still being prepared is a 409 saying so; a PDF's own download needs no preparation", async () => {
    const { founder, investor } = await roomWithTwoReaders(true);
    const documentId = await uploaded(founder, 'Memo.docx', sampleDocx(1));
    await storePreparingPreview(t, documentId);
    expectRefusal(
      await get(investor, apiPath(documentRoutes.download, { params: { id: documentId } })),
      409,
      {
        error: 'watermark_not_ready',
        message: /^This document is still being prepared/,
      },
    );
  }, 120_000);

  test('an image downloads watermarked: a PNG, not the original bytes', async () => {
    const { founder, investor } = await roomWithTwoReaders(true);
    const original = await realPng(900, 600, 'Chart');
    const documentId = await uploaded(founder, 'Chart.png', original);
    await t.app.jobs.whenIdle();
    const download = await fetchBytesAs(
      investor,
      apiPath(documentRoutes.download, { params: { id: documentId } }),
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.bytes.equals(original)).toBe(false);
    // The same picture, with the watermark's pixels changed in it (not a re-encoding's noise).
    const [stamped, plain] = await Promise.all([
      sharp(download.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true }),
      sharp(original).removeAlpha().raw().toBuffer({ resolveWithObject: true }),
    ]);
    expect([stamped.info.width, stamped.info.height]).toEqual([900, 600]);
    let changed = 0;
    for (let i = 0; i < plain.data.length; i++) {
      if (Math.abs((stamped.data[i] ?? 0) - (plain.data[i] ?? 0)) > 12) changed++;
    }
    expect(changed / plain.data.length).toBeGreaterThan(0.005);
    expect(
      (
        await fetchBytesAs(founder, apiPath(documentRoutes.download, { params: { id: documentId } }))
      ).bytes.equals(original),
    ).toBe(true);
  });

  test('a ZIP or a CSV cannot carry it: investors get 403 watermark_unsupported, and nothing is logged; the owner downloads', async () => {
    const { founder, investor } = await roomWithTwoReaders(true);
    const zip = zipArchive([{ name: 'a.txt', chunk: 'hello' }]);
    const zipId = await uploaded(founder, 'Data.zip', zip);
    const csvId = await uploaded(founder, 'Cap table.csv', Buffer.from('Holder,Shares\nAda,100\n'));
    for (const documentId of [zipId, csvId]) {
      expectRefusal(
        await get(investor, apiPath(documentRoutes.download, { params: { id: documentId } })),
        403,
        {
          error: 'watermark_unsupported',
          message: /^This file can be read in the viewer only: downloads in this room carry a watermark/,
        },
      );
    }
    const roomId = ((await get(founder, apiPath(roomRoutes.mine))).json as { id: string }).id;
    const memberList = (await get(investor, apiPath(documentRoutes.inRoom, { params: { id: roomId } })))
      .json as {
      id: string;
      isDownloadAllowed: boolean;
    }[];
    expect(memberList.find((document) => document.id === zipId)?.isDownloadAllowed).toBe(false);
    const logged = await t.app.database.db
      .selectFrom('access_events')
      .select('id')
      .where('document_id', 'in', [zipId, csvId])
      .execute();
    expect(logged).toHaveLength(0);
    expect(
      (await fetchBytesAs(founder, apiPath(documentRoutes.download, { params: { id: zipId } }))).bytes.equals(
        zip,
      ),
    ).toBe(true);
  });

  test('a PDF of more pages than the viewer prepares is a 403 watermark_unsupported, refused before qpdf runs; nothing is logged', async () => {
    const { founder, investor } = await roomWithTwoReaders(true);
    const documentId = await uploaded(founder, 'Long.pdf', writtenPdf({ pages: 501 }));
    await t.app.jobs.whenIdle();
    expectRefusal(
      await get(investor, apiPath(documentRoutes.download, { params: { id: documentId } })),
      403,
      {
        error: 'watermark_unsupported',
        message: /more than 500 pages/,
      },
    );
    const logged = await t.app.database.db
      .selectFrom('access_events')
      .select('id')
      .where('document_id', '=', documentId)
      .where('action', '=', 'downloaded')
      .execute();
    expect(logged).toEqual([]);
  });

  test('a PDF qpdf cannot open (password-protected) is a 403 watermark_unsupported, not a broken download', async () => {
    const { founder, investor } = await roomWithTwoReaders(true);
    const documentId = await uploaded(founder, 'Locked.pdf', encryptedPdf());
    expectRefusal(
      await get(investor, apiPath(documentRoutes.download, { params: { id: documentId } })),
      403,
      {
        error: 'watermark_unsupported',
        message: /^This PDF cannot carry a watermark/,
      },
    );
  });

  test('a view-only document stays view-only with the watermark on', async () => {
    const { founder, investor } = await roomWithTwoReaders(true);
    const documentId = await uploaded(founder, 'Deck.pdf', writtenPdf({ pages: 1 }));
    await t.call(documentRoutes.setDownloadPolicy, {
      params: { id: documentId },
      body: { policy: 'view_only' },
      as: founder,
    });
    expectRefusal(
      await get(investor, apiPath(documentRoutes.download, { params: { id: documentId } })),
      403,
      {
        error: 'view_only',
        message: /^This document can be read in the viewer only/,
      },
    );
  });
});

test('a co-founder (an editor of the room) reads and downloads its files as they are, and may turn the watermark off', async () => {
  const { founder, editor } = await founderWithEditor(t);
  expect((await setWatermark(founder, { isWatermarkEnabled: true })).status).toBe(200);
  const original = writtenPdf({ pages: 1 });
  const documentId = await uploaded(founder, 'Deck.pdf', original);
  await storeReadyPreview(t, documentId, { kind: 'pages', pages: 1 });
  const url = apiPath(previewRoutes.page, { params: { id: documentId, page: '1' }, query: { width: '800' } });
  const own = await fetchBytesAs(founder, url);
  expect((await fetchBytesAs(editor, url)).bytes.equals(own.bytes)).toBe(true);
  expect(
    (
      await fetchBytesAs(editor, apiPath(documentRoutes.download, { params: { id: documentId } }))
    ).bytes.equals(original),
  ).toBe(true);
  expect(
    (await get(editor, apiPath(previewRoutes.preview, { params: { id: documentId } }))).json,
  ).toMatchObject({ watermark: null });
  expect((await setWatermark(editor, { isWatermarkEnabled: false })).json).toMatchObject({
    isWatermarkEnabled: false,
  });
});

test("a stranger still gets 404 for a watermarked room's pages and downloads, as for any room", async () => {
  const { founder } = await roomWithTwoReaders(true);
  const documentId = await uploaded(founder, 'Deck.pdf', writtenPdf({ pages: 1 }));
  await storeReadyPreview(t, documentId, { kind: 'pages', pages: 1 });
  const stranger = await createFounder(t);
  expect(
    (await get(stranger, apiPath(previewRoutes.page, { params: { id: documentId, page: '1' } }))).status,
  ).toBe(404);
  expect((await get(stranger, apiPath(documentRoutes.download, { params: { id: documentId } }))).status).toBe(
    404,
  );
});
