import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { groupRoutes } from '#shared/contracts/groups';
import { invitationRoutes } from '#shared/contracts/invitations';
import { MAX_TEXT_PREVIEW_BYTES, previewRoutes } from '#shared/contracts/previews';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  createFounder,
  founderWithInvestor,
  invite,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { storeFailedPreview, storePreparingPreview, storeReadyPreview } from '#tests/support/previews';
import { deckPdf } from '#tests/support/sample-documents';
import { fetchBytes, startTestApp, type TestApp } from '#tests/support/test-app';
import { SAMPLE_FILES } from '#tests/support/uploads';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function uploaded(founder: SignedIn, name: string, bytes: Buffer = uniquePdf()): Promise<string> {
  const response = await uploadFile(t, founder, { name, bytes });
  expect(response.status, response.text).toBe(201);
  return (response.json as { document: { id: string } }).document.id;
}

/** A founder's room with a signed-in member and one uploaded PDF whose preview is ready. */
async function roomWithReadyDeck(pages = 3, texts?: string[]) {
  const { founder, investor, investorEmail } = await founderWithInvestor(t);
  const documentId = await uploaded(founder, 'Deck.pdf');
  await storeReadyPreview(t, documentId, { kind: 'pages', pages, texts });
  return { founder, investor, investorEmail, documentId };
}

const get = (who: SignedIn, path: string, headers: Record<string, string> = {}) =>
  t.request('GET', path, { headers: { ...who.auth, ...headers } });

const rawGet = (who: SignedIn, path: string) => fetchBytes(t, path, who.auth);

/** An MP4 by its signature (`ftyp` at offset 4), with unique bytes after it. */
const mp4 = () =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), crypto.randomBytes(1000)]);

describe('GET /api/documents/:id/preview', () => {
  test('a document stored before previews existed (no preview row) reads as being prepared, with where it downloads from', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploaded(founder, 'Plan.pdf');
    await t.app.jobs.whenIdle();
    await t.app.database.db.deleteFrom('preview_objects').where('document_id', '=', documentId).execute();
    await t.app.database.db.deleteFrom('document_previews').where('document_id', '=', documentId).execute();
    const response = await get(investor, apiPath(previewRoutes.preview, { params: { id: documentId } }));
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({
      status: 'preparing',
      kind: 'pages',
      failure: null,
      documentId,
      title: 'Plan.pdf',
      fileType: 'pdf',
      pages: [],
      sheets: null,
      narrowPages: null,
      hasText: false,
      isTextCut: false,
      downloadUrl: apiPath(documentRoutes.download, { params: { id: documentId } }),
      replacedAt: null,
      isDownloadAllowed: true,
      downloadRefusal: null,
      watermark: null,
    });
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
  });

  test('a ready deck lists its pages in order with their size at the widest rendering', async () => {
    const { investor, documentId } = await roomWithReadyDeck(3, ['Intro', '', 'Team']);
    const response = await get(investor, apiPath(previewRoutes.preview, { params: { id: documentId } }));
    expect(response.json).toMatchObject({
      status: 'ready',
      kind: 'pages',
      hasText: true,
      isTextCut: false,
      pages: [1, 2, 3].map((number) => ({ number, width: 1600, height: 2263 })),
    });
  });

  test('a failed preparation reads with its failure in words', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploaded(founder, 'Locked.pdf');
    await storeFailedPreview(t, documentId, 'password_protected');
    const response = await get(investor, apiPath(previewRoutes.preview, { params: { id: documentId } }));
    expect(response.json).toMatchObject({
      status: 'failed',
      failure: { code: 'password_protected', message: 'This PDF is password-protected' },
    });
  });

  test('an archive is download-only from the start', async () => {
    const founder = await createFounder(t);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(64)]);
    const documentId = await uploaded(founder, 'Data.zip', zip);
    const response = await get(founder, apiPath(previewRoutes.preview, { params: { id: documentId } }));
    expect(response.json).toMatchObject({ kind: 'download-only', fileType: 'archive' });
  });
});

describe('GET /api/documents/:id/pages/:page and thumbnails', () => {
  test('a member gets a page as a WebP image at the width asked, cacheable privately, never sniffed', async () => {
    const { investor, documentId } = await roomWithReadyDeck();
    const small = await rawGet(
      investor,
      apiPath(previewRoutes.page, { params: { id: documentId, page: '2' } }),
    );
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('image/webp');
    expect(small.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(small.headers.get('x-content-type-options')).toBe('nosniff');
    expect(small.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(small.headers.get('etag')).toMatch(/^"[0-9a-f-]{36}"$/);
    expect((await sharp(small.bytes).metadata()).width).toBe(800);

    const large = await rawGet(
      investor,
      apiPath(previewRoutes.page, { params: { id: documentId, page: '2' }, query: { width: '1600' } }),
    );
    const metadata = await sharp(large.bytes).metadata();
    expect([metadata.format, metadata.width]).toEqual(['webp', 1600]);
    expect(large.headers.get('etag')).not.toBe(small.headers.get('etag'));
  });

  test('a copy the browser already holds is answered 304 without a body', async () => {
    const { investor, documentId } = await roomWithReadyDeck();
    const first = await get(investor, apiPath(previewRoutes.page, { params: { id: documentId, page: '1' } }));
    const again = await get(
      investor,
      apiPath(previewRoutes.page, { params: { id: documentId, page: '1' } }),
      {
        'if-none-match': first.headers.get('etag') ?? '',
      },
    );
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  test('a thumbnail is a narrow WebP image', async () => {
    const { founder, documentId } = await roomWithReadyDeck();
    const thumbnail = await rawGet(
      founder,
      apiPath(previewRoutes.thumbnail, { params: { id: documentId, page: '3' } }),
    );
    expect(thumbnail.status).toBe(200);
    expect((await sharp(thumbnail.bytes).metadata()).width).toBe(200);
  });

  test('a page past the last is a 404 that names it and the page count', async () => {
    const { investor, documentId } = await roomWithReadyDeck(3);
    for (const path of [
      apiPath(previewRoutes.page, { params: { id: documentId, page: 4 } }),
      apiPath(previewRoutes.thumbnail, { params: { id: documentId, page: 9 } }),
    ]) {
      const response = await get(investor, path);
      expect(response.status).toBe(404);
      expect(response.json).toMatchObject({ error: 'page_not_found', field: 'page' });
      expect((response.json as { message: string }).message).toMatch(
        /^page: there is no page \d; this document has 3 pages\.$/,
      );
    }
  });

  test.each([
    [previewRoutes.page, '0', {}, 'page'],
    [previewRoutes.page, 'two', {}, 'page'],
    [previewRoutes.page, '1.5', {}, 'page'],
    [previewRoutes.page, '1', { width: 1000 }, 'width'],
    [previewRoutes.page, '1', { width: 'big' }, 'width'],
    [previewRoutes.thumbnail, '-1', {}, 'page'],
  ])('a bad $0.path with page $1 and query $2 is a 400 naming $3', async (route, page, query, field) => {
    const { investor, documentId } = await roomWithReadyDeck(1);
    const response = await get(investor, apiPath(route, { params: { id: documentId, page }, query }));
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({ error: 'invalid_request', field });
    expect((response.json as { message: string }).message).toMatch(new RegExp(`^${field}: `));
  });

  test('pages of a document still being prepared, or whose preparation failed, are not there yet', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const preparing = await uploaded(founder, 'Soon.pdf');
    await storePreparingPreview(t, preparing);
    const failed = await uploaded(founder, 'Broken.pdf');
    await storeFailedPreview(t, failed, 'corrupt');
    const soon = await get(investor, apiPath(previewRoutes.page, { params: { id: preparing, page: '1' } }));
    expect([soon.status, (soon.json as { error: string }).error]).toEqual([404, 'preview_not_ready']);
    expect((soon.json as { message: string }).message).toBe(
      'The preview of this document is still being prepared.',
    );
    const broken = await get(
      investor,
      apiPath(previewRoutes.thumbnail, { params: { id: failed, page: '1' } }),
    );
    expect((broken.json as { message: string }).message).toMatch(/could not be prepared/);
  });

  test('pages of an image preview are not found (it has none)', async () => {
    const founder = await createFounder(t);
    const documentId = await uploaded(founder, 'Logo.png', SAMPLE_FILES.png);
    await storeReadyPreview(t, documentId, { kind: 'image', width: 400, height: 300 });
    const response = await get(
      founder,
      apiPath(previewRoutes.page, { params: { id: documentId, page: '1' } }),
    );
    expect(response.status).toBe(404);
  });
});

describe('GET /api/documents/:id/pages/:page/words', () => {
  const wordsPath = (id: string, page: number | string) =>
    apiPath(previewRoutes.words, { params: { id, page } });
  const imagePath = (id: string, page: number | string) =>
    apiPath(previewRoutes.page, { params: { id, page } });

  test("a member gets a page's words with their boxes, cacheable privately as the text is; a page without text has none", async () => {
    const { investor, documentId } = await roomWithReadyDeck(2, ['Intro to Acme\nThe plan', '']);
    const words = await get(investor, wordsPath(documentId, 1));
    expect(words.status, words.text).toBe(200);
    expect(words.json).toEqual({
      page: 1,
      words: [
        ['Intro', 0, 0, 0.1, 0.05],
        ['to', 0.1, 0, 0.2, 0.05],
        ['Acme', 0.2, 0, 0.3, 0.05],
        ['The', 0, 0.05, 0.1, 0.1],
        ['plan', 0.1, 0.05, 0.2, 0.1],
      ],
    });
    const text = await get(investor, apiPath(previewRoutes.text, { params: { id: documentId } }));
    expect(words.headers.get('cache-control')).toBe(text.headers.get('cache-control'));
    expect(words.headers.get('cache-control')).toBe('private, max-age=3600');
    expect((await get(investor, wordsPath(documentId, 2))).json).toEqual({ page: 2, words: [] });
  });

  test('a page past the last, of a document not shown as pages, or not yet prepared, is refused as its image is', async () => {
    const { founder, investor, documentId } = await roomWithReadyDeck(2, ['One', 'Two']);
    const text = await uploaded(founder, 'Notes.txt', Buffer.from('Plain notes'));
    await storeReadyPreview(t, text, { kind: 'text', text: 'Plain notes' });
    const preparing = await uploaded(founder, 'Soon.pdf');
    await storePreparingPreview(t, preparing);
    for (const [id, page] of [
      [documentId, 3],
      [text, 1],
      [preparing, 1],
    ] as const) {
      const words = await get(investor, wordsPath(id, page));
      const image = await get(investor, imagePath(id, page));
      expect([words.status, words.json]).toEqual([404, image.json]);
    }
    const zero = await get(investor, wordsPath(documentId, 0));
    expect([zero.status, zero.json]).toMatchObject([400, { error: 'invalid_request', field: 'page' }]);
  });

  test("another room's investor, a reader of a section hidden from their group and a visitor without a session are refused as the page image is", async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const response = await uploadFile(
      t,
      founder,
      { name: 'Model.pdf', bytes: uniquePdf() },
      { section: 'Financials' },
    );
    expect(response.status, response.text).toBe(201);
    const hiddenId = (response.json as { document: { id: string } }).document.id;
    await storeReadyPreview(t, hiddenId, { kind: 'pages', pages: 1, texts: ['Hidden numbers'] });
    const diligence = await t.call(groupRoutes.create, { body: { name: 'Diligence' }, as: founder });
    expect(diligence.status, diligence.text).toBe(201);
    const shown = await t.call(groupRoutes.setSectionVisibility, {
      body: { section: 'Financials', visibleTo: [(diligence.json as { id: string }).id] },
      as: founder,
    });
    expect(shown.status, shown.text).toBe(200);
    const outsider = (await founderWithInvestor(t)).investor;
    const answers = async (who: SignedIn | undefined) => {
      const headers = who?.auth ?? {};
      const words = await t.request('GET', wordsPath(hiddenId, 1), { headers });
      const image = await t.request('GET', imagePath(hiddenId, 1), { headers });
      return { words: [words.status, words.json], image: [image.status, image.json] };
    };
    for (const [who, status] of [
      [investor, 404],
      [outsider, 404],
      [undefined, 401],
    ] as const) {
      const { words, image } = await answers(who);
      expect(words).toEqual(image);
      expect(words[0]).toBe(status);
    }
    // The founder reads it; the words of a hidden page were never sent to the others.
    expect((await get(founder, wordsPath(hiddenId, 1))).json).toMatchObject({
      words: [
        ['Hidden', 0, 0, 0.1, 0.05],
        ['numbers', 0.1, 0, 0.2, 0.05],
      ],
    });
  });
});

describe('who may read a preview: exactly who may download the document', () => {
  test('an investor of another room, and a member once the room is closed, get the 404 of a missing document', async () => {
    const { founder, investor, documentId } = await roomWithReadyDeck(1, ['Secret page']);
    const outsider = await founderWithInvestor(t);
    const paths = [
      apiPath(previewRoutes.preview, { params: { id: documentId } }),
      apiPath(previewRoutes.page, { params: { id: documentId, page: 1 } }),
      apiPath(previewRoutes.thumbnail, { params: { id: documentId, page: 1 } }),
      apiPath(previewRoutes.words, { params: { id: documentId, page: 1 } }),
      apiPath(previewRoutes.text, { params: { id: documentId } }),
      apiPath(previewRoutes.content, { params: { id: documentId } }),
    ];
    const missing = await get(
      outsider.investor,
      apiPath(previewRoutes.preview, { params: { id: crypto.randomUUID() } }),
    );
    for (const path of paths) {
      const response = await get(outsider.investor, path);
      expect([path, response.status, response.json]).toEqual([path, 404, missing.json]);
    }
    expect((await get(investor, apiPath(previewRoutes.text, { params: { id: documentId } }))).status).toBe(
      200,
    );
    const closed = await t.call(roomRoutes.setStatus, { body: { isActive: false }, as: founder });
    expect(closed.status).toBe(200);
    for (const path of paths) {
      const response = await get(investor, path);
      expect([path, response.status, response.json]).toEqual([path, 404, missing.json]);
    }
    // The owner still reads their own closed room.
    expect(
      (await get(founder, apiPath(previewRoutes.page, { params: { id: documentId, page: '1' } }))).status,
    ).toBe(200);
  });

  test('a signed-in investor with no invitation at all gets 404, a visitor without a session 401', async () => {
    const { documentId } = await roomWithReadyDeck(1);
    const email = uniqueEmail('stranger');
    const founder = await createFounder(t);
    await invite(t, founder, email);
    const stranger = await signInWithMagicLink(t, email);
    expect(
      (await get(stranger, apiPath(previewRoutes.page, { params: { id: documentId, page: '1' } }))).status,
    ).toBe(404);
    expect((await t.call(previewRoutes.page, { params: { id: documentId, page: '1' } })).status).toBe(401);
  });
});

describe('page images are kept in memory, and still authorised on every request', () => {
  /** A member has read page 1 twice (the image and its authorisation are cached); its file is then gone. */
  async function cachedPage() {
    const room = await roomWithReadyDeck(2);
    const path = apiPath(previewRoutes.page, { params: { id: room.documentId, page: '1' } });
    const first = await rawGet(room.investor, path);
    expect((await rawGet(room.investor, path)).status).toBe(200);
    const object = await t.app.database.db
      .selectFrom('preview_objects')
      .select('storage_key')
      .where('document_id', '=', room.documentId)
      .where('name', '=', 'page-1-800')
      .executeTakeFirstOrThrow();
    // Removed from storage, the page can only come from memory from now on.
    await t.app.ctx.storage.remove(object.storage_key);
    const missing = await get(
      room.investor,
      apiPath(previewRoutes.page, { params: { id: crypto.randomUUID(), page: '1' } }),
    );
    return { ...room, path, first, missing };
  }

  test('a page read again is served from memory, the same bytes with the same headers', async () => {
    const { investor, path, first } = await cachedPage();
    const again = await rawGet(investor, path);
    expect(again.status).toBe(200);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(again.headers.get('content-length')).toBe(String(first.bytes.length));
    expect(again.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  test('a revoked investor is refused at once', async () => {
    const { founder, investor, investorEmail, path, missing } = await cachedPage();
    const invitations = (await get(founder, apiPath(invitationRoutes.mine))).json as {
      id: string;
      email: string;
    }[];
    const invitation = invitations.find((candidate) => candidate.email === investorEmail);
    const revoked = await t.call(invitationRoutes.remove, {
      params: { id: String(invitation?.id) },
      as: founder,
    });
    expect(revoked.status).toBe(204);
    const response = await get(investor, path);
    expect([response.status, response.json]).toEqual([404, missing.json]);
  });

  test('a member of a room the founder closes is refused at once; the owner still reads it', async () => {
    const { founder, investor, path, missing } = await cachedPage();
    const closed = await t.call(roomRoutes.setStatus, { body: { isActive: false }, as: founder });
    expect(closed.status).toBe(200);
    const response = await get(investor, path);
    expect([response.status, response.json]).toEqual([404, missing.json]);
    expect((await rawGet(founder, path)).status).toBe(200);
  });

  test('a deleted document is gone at once, for its owner too', async () => {
    const { founder, investor, documentId, path, missing } = await cachedPage();
    const deleted = await t.call(documentRoutes.remove, { params: { id: documentId }, as: founder });
    expect(deleted.status).toBe(204);
    for (const who of [investor, founder]) {
      const response = await get(who, path);
      expect([response.status, response.json]).toEqual([404, missing.json]);
    }
  });
});

describe('GET /api/documents/:id/text', () => {
  test("the document's own text, page by page, empty for a page without", async () => {
    const { investor, documentId } = await roomWithReadyDeck(3, ['Why now', '', 'The team: Ana, Bo']);
    const response = await get(investor, apiPath(previewRoutes.text, { params: { id: documentId } }));
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      pages: [
        { number: 1, text: 'Why now' },
        { number: 2, text: '' },
        { number: 3, text: 'The team: Ana, Bo' },
      ],
    });
  });

  test('a document whose pages are images only has no text: 404 that says so', async () => {
    const { investor, documentId } = await roomWithReadyDeck(2);
    const response = await get(investor, apiPath(previewRoutes.text, { params: { id: documentId } }));
    expect(response.status).toBe(404);
    expect(response.json).toEqual({
      error: 'no_text',
      message: 'This document has no text of its own: its pages are images only.',
    });
  });
});

describe('GET /api/documents/:id/preview/content', () => {
  test('an image preview is the resized image at the width asked, never enlarged', async () => {
    const founder = await createFounder(t);
    const documentId = await uploaded(founder, 'Office.png', SAMPLE_FILES.png);
    await storeReadyPreview(t, documentId, { kind: 'image', width: 1200, height: 900 });
    const small = await rawGet(founder, apiPath(previewRoutes.content, { params: { id: documentId } }));
    expect(small.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(small.bytes).metadata()).width).toBe(800);
    const large = await rawGet(
      founder,
      apiPath(previewRoutes.content, { params: { id: documentId }, query: { width: '1600' } }),
    );
    expect((await sharp(large.bytes).metadata()).width).toBe(1200);
    const bad = await get(
      founder,
      apiPath(previewRoutes.content, { params: { id: documentId }, query: { width: '12' } }),
    );
    expect([bad.status, (bad.json as { field: string }).field]).toEqual([400, 'width']);
  });

  test('a text preview is UTF-8 text', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploaded(founder, 'Notes.md', Buffer.from('# Notes\n'));
    await storeReadyPreview(t, documentId, { kind: 'text', text: '# Notes\nÉtude — 100 %' });
    const response = await get(investor, apiPath(previewRoutes.content, { params: { id: documentId } }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.text).toBe('# Notes\nÉtude — 100 %');
    const state = await get(investor, apiPath(previewRoutes.preview, { params: { id: documentId } }));
    expect(state.json).toMatchObject({ kind: 'text', isTextCut: false });
  });

  test('a text file longer than the preview keeps is prepared cut, and says so', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const line = 'A line of the data-room index, long enough to fill the preview quickly.\n';
    const long = Buffer.from(line.repeat(Math.ceil((MAX_TEXT_PREVIEW_BYTES + 1) / line.length)));
    const documentId = await uploaded(founder, 'Index.txt', long);
    await t.app.jobs.whenIdle();
    const state = await get(investor, apiPath(previewRoutes.preview, { params: { id: documentId } }));
    expect(state.json).toMatchObject({ status: 'ready', kind: 'text', isTextCut: true });
    const text = await rawGet(investor, apiPath(previewRoutes.content, { params: { id: documentId } }));
    expect(text.bytes.length).toBe(MAX_TEXT_PREVIEW_BYTES);
  });

  test('a table preview is its rows as JSON', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploaded(founder, 'Cap table.csv', Buffer.from('name,shares\n'));
    const rows = [
      ['Name', 'Shares'],
      ['Ana', '1000'],
    ];
    await storeReadyPreview(t, documentId, { kind: 'table', rows });
    const response = await get(investor, apiPath(previewRoutes.content, { params: { id: documentId } }));
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.json).toEqual({ rows, truncated: false });
  });

  test('a video plays from the original inline, with byte ranges', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const bytes = mp4();
    const documentId = await uploaded(founder, 'Demo.mp4', bytes);
    await storeReadyPreview(t, documentId, { kind: 'video' });
    const path = apiPath(previewRoutes.content, { params: { id: documentId } });

    const whole = await fetch(`${t.baseUrl}${path}`, { headers: investor.auth });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('content-disposition')).toBe('inline');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await fetch(`${t.baseUrl}${path}`, {
      headers: { ...investor.auth, range: 'bytes=100-199' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);

    const outside = await get(investor, path, { range: `bytes=${bytes.length + 10}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  test('watching a video is not a download: the access log records none', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploaded(founder, 'Walkthrough.mp4', mp4());
    await storeReadyPreview(t, documentId, { kind: 'video' });
    await get(investor, apiPath(previewRoutes.content, { params: { id: documentId } }));
    const events = await t.app.database.db
      .selectFrom('access_events')
      .select('action')
      .where('document_id', '=', documentId)
      .execute();
    expect(events).toEqual([]);
  });

  test('a deck (read page by page) and an archive (download-only) have no content here', async () => {
    const { founder, documentId } = await roomWithReadyDeck(1);
    expect((await get(founder, apiPath(previewRoutes.content, { params: { id: documentId } }))).status).toBe(
      404,
    );
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(64)]);
    const archive = await uploaded(founder, 'Data.zip', zip);
    await storeReadyPreview(t, archive, { kind: 'download-only' });
    const response = await get(founder, apiPath(previewRoutes.content, { params: { id: archive } }));
    expect(response.status).toBe(404);
    expect((response.json as { message: string }).message).toBe(
      "This file can't be previewed. Download it to open it.",
    );
  });
});

describe('POST /api/documents/:id/preview/retry', () => {
  const retry = (who: SignedIn, documentId: string) =>
    t.call(previewRoutes.retry, { params: { id: documentId }, as: who });

  test('the owner retries a failed preparation: it is prepared again, and readable once done', async () => {
    const founder = await createFounder(t);
    const documentId = await uploaded(founder, 'Deck.pdf', deckPdf(2));
    await storeFailedPreview(t, documentId, 'timed_out');
    const response = await retry(founder, documentId);
    expect(response.status, response.text).toBe(202);
    await t.app.jobs.whenIdle();
    const preview = await get(founder, apiPath(previewRoutes.preview, { params: { id: documentId } }));
    expect(preview.json).toMatchObject({ status: 'ready', kind: 'pages', failure: null, hasText: true });
    expect((preview.json as { pages: unknown[] }).pages).toHaveLength(2);
    expect(
      (await get(founder, apiPath(previewRoutes.page, { params: { id: documentId, page: '2' } }))).status,
    ).toBe(200);
  });

  test('another founder gets 404 and a member 403; the failure stays', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploaded(founder, 'Broken.pdf');
    await storeFailedPreview(t, documentId, 'corrupt');
    expect((await retry(await createFounder(t), documentId)).status).toBe(404);
    expect((await retry(investor, documentId)).status).toBe(403);
    const preview = await get(founder, apiPath(previewRoutes.preview, { params: { id: documentId } }));
    expect(preview.json).toMatchObject({ status: 'failed' });
  });
});

describe("the founder's file list shows each file's preview state", () => {
  test('being prepared, ready, and failed in words', async () => {
    const founder = await createFounder(t);
    const preparing = await uploaded(founder, 'Soon.pdf');
    await storePreparingPreview(t, preparing);
    const ready = await uploaded(founder, 'Ready.pdf');
    await storeReadyPreview(t, ready, { kind: 'pages', pages: 1 });
    const failed = await uploaded(founder, 'Broken.pdf');
    await storeFailedPreview(t, failed, 'conversion_failed');
    const listed = (await get(founder, apiPath(documentRoutes.mine))).json as {
      id: string;
      preview: unknown;
    }[];
    const stateOf = (id: string) => listed.find((document) => document.id === id)?.preview;
    expect(stateOf(preparing)).toEqual({ status: 'preparing', kind: 'pages', failure: null });
    expect(stateOf(ready)).toEqual({ status: 'ready', kind: 'pages', failure: null });
    expect(stateOf(failed)).toEqual({
      status: 'failed',
      kind: 'pages',
      failure: { code: 'conversion_failed', message: 'This file could not be converted' },
    });
  });
});
