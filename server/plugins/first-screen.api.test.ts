import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { groupRoutes } from '#shared/contracts/groups';
import { previewRoutes } from '#shared/contracts/previews';
import { roomRoutes } from '#shared/contracts/rooms';
import { shareLinkRoutes } from '#shared/contracts/share-links';
import {
  createFounder,
  founderWithInvestor,
  type SignedIn,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { storePreparingPreview, storeReadyPreview } from '#tests/support/previews';
import { startTestApp, type TestApp } from '#tests/support/test-app';

// What a document's page asks for with its HTML (docs/decisions/0075-the-investors-first-screen.md): the
// page image its viewer shows first, for a session that may read it, and nothing for anyone else.

let webRoot: string;
let t: TestApp;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-web-'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  t = await startTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const cookieOf = (who: SignedIn) => ({ cookie: `rr_session=${who.token}` });

/** The page image preloads of a page's HTML, as the browser reads them: srcset and sizes. */
async function imagePreloads(pagePath: string, headers: Record<string, string> = {}) {
  const response = await t.request('GET', pagePath, { headers });
  expect(response.status).toBe(200);
  return [...response.text.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map(([link]) => {
    // On a phone or a tablet only, where the page is drawn across the screen as its sizes say.
    expect(link).toContain('media="(max-width: 1023px)"');
    return {
      srcSet: /imagesrcset="([^"]*)"/.exec(link)?.[1],
      sizes: /imagesizes="([^"]*)"/.exec(link)?.[1],
    };
  });
}

async function roomWithDeck(pages: number) {
  const { founder, investor } = await founderWithInvestor(t);
  const uploaded = await uploadFile(
    t,
    founder,
    { name: 'Deck.pdf', bytes: uniquePdf() },
    { section: 'Decks' },
  );
  expect(uploaded.status, uploaded.text).toBe(201);
  const documentId = (uploaded.json as { document: { id: string } }).document.id;
  await storeReadyPreview(t, documentId, { kind: 'pages', pages });
  const roomId = (await t.call(roomRoutes.mine, { as: founder })).json.id;
  return {
    founder,
    investor,
    documentId,
    roomId,
    pagePath: `/data-room/${roomId}/documents/${documentId}`,
  };
}

/** The number of the reader's section that lists the document first (the room's URLs number sections). */
async function sectionListing(reader: SignedIn, roomId: string, documentId: string): Promise<number> {
  const { sections } = (await t.call(roomRoutes.sections, { params: { id: roomId }, as: reader })).json;
  const section = sections.find((candidate) => candidate.documents[0]?.documentId === documentId);
  if (!section) throw new Error('no section lists the deck first');
  return section.id;
}

/** The srcset the viewer asks a page's image with: the page at 800 and at 1600 pixels wide. */
const srcSet = (id: string, page: number) =>
  [800, 1600]
    .map((width) => `${apiPath(previewRoutes.page, { params: { id, page }, query: { width } })} ${width}w`)
    .join(', ');

describe("a document's page asks for its first page image with its HTML", () => {
  test('the page its address names, at every width, as the viewer asks for it; the image answers that reader', async () => {
    const { investor, documentId, pagePath } = await roomWithDeck(3);
    const srcSetOf = (page: number) => srcSet(documentId, page);
    const sizes = '(min-width: 1024px) 60rem, 100vw';
    expect(await imagePreloads(pagePath, cookieOf(investor))).toEqual([{ srcSet: srcSetOf(1), sizes }]);
    expect(await imagePreloads(`${pagePath}?page=2`, cookieOf(investor))).toEqual([
      { srcSet: srcSetOf(2), sizes },
    ]);
    // Past the last page, the last page (the viewer shows it); not a number, page one.
    expect(await imagePreloads(`${pagePath}?page=40`, cookieOf(investor))).toEqual([
      { srcSet: srcSetOf(3), sizes },
    ]);
    expect(await imagePreloads(`${pagePath}?page=two`, cookieOf(investor))).toEqual([
      { srcSet: srcSetOf(1), sizes },
    ]);
    const image = await t.call(previewRoutes.page, {
      params: { id: documentId, page: '2' },
      query: { width: '800' },
      headers: cookieOf(investor),
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
  });

  test('a section’s page asks for page one of its first document, the row its reader taps first', async () => {
    const { investor, documentId, roomId } = await roomWithDeck(4);
    const section = await sectionListing(investor, roomId, documentId);
    expect(await imagePreloads(`/data-room/${roomId}/sections/${section}`, cookieOf(investor))).toEqual([
      {
        srcSet: srcSet(documentId, 1),
        sizes: '(min-width: 1024px) 60rem, 100vw',
      },
    ]);
    // The room's own page asks for no image: its rows, when it lists any, read ahead themselves.
    expect(await imagePreloads(`/data-room/${roomId}`, cookieOf(investor))).toEqual([]);
    expect(await imagePreloads(`/data-room/${roomId}/sections/${section}`)).toEqual([]);
  });

  test('no session, a stranger’s, another room’s founder and a document still being prepared get none', async () => {
    const { investor, documentId, pagePath } = await roomWithDeck(2);
    expect(await imagePreloads(pagePath)).toEqual([]);
    const stranger = await founderWithInvestor(t);
    expect(await imagePreloads(pagePath, cookieOf(stranger.investor))).toEqual([]);
    expect(await imagePreloads(pagePath, cookieOf(await createFounder(t)))).toEqual([]);
    expect(await imagePreloads(pagePath, { cookie: 'rr_session=not-a-session' })).toEqual([]);
    // Another room's document under the reader's own room's address: refused, as the viewer would be.
    const other = await roomWithDeck(2);
    expect(await imagePreloads(pagePath.replace(documentId, other.documentId), cookieOf(investor))).toEqual(
      [],
    );

    await storePreparingPreview(t, documentId);
    expect(await imagePreloads(pagePath, cookieOf(investor))).toEqual([]);
  });
});

describe("a share link's gate written by the server", () => {
  test("a name with what a replacement would read as patterns ($&, $', $`) is written as it is, once", async () => {
    const companyName = "Dollar $& $' $` Co";
    const founder = await createFounder(t, { companyName, name: 'Sam $& Founder' });
    const { groups } = (await t.call(groupRoutes.list, { as: founder })).json;
    const made = await t.call(shareLinkRoutes.create, {
      as: founder,
      rawBody: { name: 'Cold outreach', groupId: groups.find((group) => group.isDefault)?.id },
    });
    expect(made.status, made.text).toBe(201);
    const page = await t.request('GET', new URL(made.json.url).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    const root = page.text.slice(page.text.indexOf('<div id="root">'));
    expect(root).toContain('>Dollar $&amp; $&#39; $` Co</h1>');
    expect(root).toContain('Shared by Sam</p>');
    // The head's preloads stay in the head: nothing of the page was copied into the first screen.
    expect(root).not.toContain('<link');
    expect(page.text.match(/<head>/g)).toHaveLength(1);
  });
});
