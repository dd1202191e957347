import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { healthRoutes } from '#shared/contracts/health';
import { previewRoutes } from '#shared/contracts/previews';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  createFounder,
  founderWithInvestor,
  type SignedIn,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { storeReadyPreview } from '#tests/support/previews';
import { type RawResponse, rawGet } from '#tests/support/raw-http';
import { startTestApp, type TestApp } from '#tests/support/test-app';

// What travels over the wire, before any client decodes it: fetch would decompress behind our back.
// (That every built asset is sent compressed, and decodes to its own bytes, is checked against the
// real build in tests/e2e/first-screen.spec.ts.)

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (urlPath: string, headers: Record<string, string>) => rawGet(`${t.baseUrl}${urlPath}`, headers);

const decoded = (response: RawResponse) =>
  response.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(response.bytes)
    : response.headers['content-encoding'] === 'gzip'
      ? zlib.gunzipSync(response.bytes)
      : response.bytes;

/** A founder whose room's JSON is well above the compression threshold. */
async function longRoomSections(): Promise<{ founder: SignedIn; urlPath: string }> {
  const founder = await createFounder(t);
  const sections = Array.from(
    { length: 40 },
    (_, index) =>
      `## Section ${index + 1}\nThe metrics of quarter ${index + 1}, in full, for the partners.\n`,
  ).join('\n');
  const saved = await t.call(roomRoutes.saveSections, {
    as: founder,
    body: { content: `# Company Information\nname: Acme\n\n${sections}` },
  });
  expect(saved.status, saved.text).toBe(200);
  const room = await t.call(roomRoutes.mine, { as: founder });
  return {
    founder,
    urlPath: apiPath(roomRoutes.sections, { params: { id: room.json.id } }),
  };
}

describe('JSON answers', () => {
  test.each(['br', 'gzip'])(
    'are sent with content-encoding %s when the client accepts it, and decode to the same JSON',
    async (encoding) => {
      const { founder, urlPath } = await longRoomSections();
      const plain = await get(urlPath, founder.auth);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.bytes.length).toBeGreaterThan(1024);

      const compressed = await get(urlPath, { ...founder.auth, 'accept-encoding': encoding });
      expect(compressed.status).toBe(200);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      expect(compressed.bytes.length).toBeLessThan(plain.bytes.length / 2);
      expect(JSON.parse(decoded(compressed).toString('utf8'))).toEqual(
        JSON.parse(plain.bytes.toString('utf8')),
      );
    },
  );

  test('a small answer is sent as it is: compressing a packet saves nothing', async () => {
    const response = await get(apiPath(healthRoutes.health), { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('page images and downloads', () => {
  test('are never compressed, even when the client accepts it: bytes and ranges stay as stored', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const uploaded = await uploadFile(t, founder, { name: 'Deck.pdf', bytes: uniquePdf() });
    expect(uploaded.status, uploaded.text).toBe(201);
    const documentId = (uploaded.json as { document: { id: string } }).document.id;
    await storeReadyPreview(t, documentId, { kind: 'pages', pages: 2 });
    const asks = { ...investor.auth, 'accept-encoding': 'br, gzip' };
    for (const urlPath of [
      apiPath(previewRoutes.page, { params: { id: documentId, page: '1' } }),
      apiPath(previewRoutes.thumbnail, { params: { id: documentId, page: '1' } }),
      apiPath(documentRoutes.download, { params: { id: documentId } }),
    ]) {
      const response = await get(urlPath, asks);
      expect(response.status, urlPath).toBe(200);
      expect(response.headers['content-encoding'], urlPath).toBeUndefined();
      expect(Number(response.headers['content-length']), urlPath).toBe(response.bytes.length);
    }
    // A text file is what compression would take, were downloads not left out.
    const rows = Array.from({ length: 200 }, (_, index) => `Quarter ${index},${index * 1000},${index * 7}`);
    const csv = Buffer.from(`Period,Revenue,Customers\n${rows.join('\n')}\n`);
    const sheet = await uploadFile(t, founder, { name: 'Metrics.csv', bytes: csv });
    expect(sheet.status, sheet.text).toBe(201);
    const sheetId = (sheet.json as { document: { id: string } }).document.id;
    const download = await get(apiPath(documentRoutes.download, { params: { id: sheetId } }), asks);
    expect(download.status).toBe(200);
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.bytes.equals(csv)).toBe(true);

    const range = await get(apiPath(documentRoutes.download, { params: { id: documentId } }), {
      ...asks,
      range: 'bytes=0-3',
    });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.bytes.toString('latin1')).toBe('%PDF');
  });
});
