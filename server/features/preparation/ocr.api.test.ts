import { afterAll, beforeAll, expect, test } from 'vitest';
import { listPreviewObjects } from '#server/features/documents/previews.repository';
import { apiPath } from '#shared/contracts/api-route';
import { type DocumentText, type PageWordsAnswer, previewRoutes } from '#shared/contracts/previews';
import { roomRoutes } from '#shared/contracts/rooms';
import { searchRoutes } from '#shared/contracts/search';
import { founderWithInvestor, type SignedIn, uploadFile } from '#tests/support/factories';
import { realPng, scannedPdf, writtenPdf } from '#tests/support/sample-documents';
import { startTestApp, type TestApp } from '#tests/support/test-app';

// The text of scanned pages and images, read by tesseract in the preparation, and every page's words
// with their boxes (`words-N`), as a reader gets them through the viewer's routes.

let t: TestApp;
let founder: SignedIn;
let investor: SignedIn;
let scanId: string;
let originalId: string;

/** Three pages of text; the third alone names Zanzibar, on its third line. */
const MEMO = writtenPdf({
  pages: 3,
  lines: (page) => [
    `Page ${page} of the memo`,
    'Revenue grew and margins held as expected.',
    page === 3 ? 'The pelican Zanzibar agreement' : 'The pelican Oslo agreement',
  ],
});

async function uploaded(name: string, bytes: Buffer): Promise<string> {
  const response = await uploadFile(t, founder, { name, bytes });
  expect(response.status, response.text).toBe(201);
  return (response.json as { document: { id: string } }).document.id;
}

const get = (path: string) => t.request('GET', path, { headers: investor.auth });

async function wordsOf(id: string, page: number): Promise<PageWordsAnswer> {
  const response = await get(apiPath(previewRoutes.words, { params: { id, page } }));
  expect(response.status, response.text).toBe(200);
  return response.json as PageWordsAnswer;
}

function box(words: PageWordsAnswer, text: string): number[] {
  const word = words.words.find(([found]) => found === text);
  if (!word) throw new Error(`no word ${text} in ${JSON.stringify(words.words.map(([found]) => found))}`);
  return word.slice(1) as number[];
}

beforeAll(async () => {
  t = await startTestApp({ environment: { PREVIEW_TIME_LIMIT_MS: '60000', JOB_POLL_INTERVAL_MS: '50' } });
  ({ founder, investor } = await founderWithInvestor(t));
  // The memo rasterised at 150 dpi and written back as JPEG pages: no text of its own on any page.
  scanId = await uploaded('Scanned memo.pdf', scannedPdf(MEMO));
  originalId = await uploaded('Memo.pdf', MEMO);
  await t.app.jobs.whenIdle();
}, 120_000);
afterAll(() => t?.close());

test("a scanned PDF's pages are read by OCR: a word of its third page is in that page's text alone", async () => {
  const preview = await get(apiPath(previewRoutes.preview, { params: { id: scanId } }));
  expect(preview.json).toMatchObject({ status: 'ready', kind: 'pages', hasText: true });
  const text = await get(apiPath(previewRoutes.text, { params: { id: scanId } }));
  expect(text.status, text.text).toBe(200);
  const pages = (text.json as DocumentText).pages;
  expect(pages.map((page) => page.number)).toEqual([1, 2, 3]);
  expect(pages[2]?.text).toContain('The pelican Zanzibar agreement');
  expect(pages[0]?.text).toContain('Page 1 of the memo');
  expect(pages.filter((page) => page.text.includes('Zanzibar'))).toHaveLength(1);
});

test("the room's search finds a word OCR read on its page of the scan, as on the born-digital original", async () => {
  const room = (await t.call(roomRoutes.mine, { as: founder })).json as { id: string };
  const results = await t.call(searchRoutes.search, {
    params: { id: room.id },
    query: { q: 'Zanzibar' },
    as: investor,
  });
  expect(results.status, results.text).toBe(200);
  const found = (results.json as { documents: { documentId: string; hits: { page: number }[] }[] }).documents
    .flatMap((document) => document.hits.map((hit) => `${document.documentId}:${hit.page}`))
    .sort();
  expect(found).toEqual([`${originalId}:3`, `${scanId}:3`].sort());
});

test("a born-digital page's words come with their boxes from the PDF: the word's line, after its first words", async () => {
  const words = await wordsOf(originalId, 3);
  expect(words.page).toBe(3);
  expect(words.words.slice(0, 5).map(([text]) => text)).toEqual(['Page', '3', 'of', 'the', 'memo']);
  const [x0, y0, x1, y1] = box(words, 'Zanzibar');
  // Its line is 14 pt Helvetica on a baseline 154 pt from the top of the 792 pt page, after "The pelican "
  // from the margin at 56 pt of 612.
  expect(y0).toBeCloseTo(143.948 / 792, 3);
  expect(y1).toBeCloseTo(156.898 / 792, 3);
  expect(x0).toBeGreaterThan(56 / 612 + 0.1);
  expect(x1).toBeGreaterThan(x0 as number);
  expect(x1).toBeLessThan(0.5);
});

test("a scanned page's words are read by the same OCR run: each box lies where the word is printed", async () => {
  const scanned = await wordsOf(scanId, 3);
  const printed = await wordsOf(originalId, 3);
  expect(scanned.words.map(([text]) => text)).toEqual(printed.words.map(([text]) => text));
  // Tesseract boxes the ink; poppler the font's height: within a hundredth of the page either way.
  for (const word of ['Page', 'Revenue', 'Zanzibar']) {
    const ink = box(scanned, word);
    for (const [index, value] of box(printed, word).entries())
      expect(Math.abs((ink[index] ?? 0) - value)).toBeLessThan(0.01);
  }
});

test('an image is read by OCR as page 1 (its text and words kept), and the viewer shows it as before', async () => {
  const id = await uploaded('Chart.png', await realPng(1200, 800, 'Quarterly revenue chart'));
  await t.app.jobs.whenIdle();
  const objects = (await listPreviewObjects(t.app.database.db, id)).map((object) => object.name).sort();
  expect(objects).toEqual(['image-1600', 'image-800', 'text-1', 'words-1']);
  const words = await wordsOf(id, 1);
  expect(words.words.map(([text]) => text)).toEqual(['Quarterly', 'revenue', 'chart']);
  // The caption is centred on the image, its baseline at half its height.
  const [x0, y0, x1, y1] = box(words, 'revenue');
  expect(x0).toBeLessThan(0.5);
  expect(x1).toBeGreaterThan(0.5);
  expect(y0).toBeLessThan(0.5);
  expect(y1).toBeGreaterThan(0.4);
  const preview = await get(apiPath(previewRoutes.preview, { params: { id } }));
  expect(preview.json).toMatchObject({ status: 'ready', kind: 'image', hasText: false, pages: [] });
  expect((await get(apiPath(previewRoutes.content, { params: { id } }))).status).toBe(200);
  const past = await get(apiPath(previewRoutes.words, { params: { id, page: 2 } }));
  expect([past.status, (past.json as { error: string }).error]).toEqual([404, 'page_not_found']);
});
