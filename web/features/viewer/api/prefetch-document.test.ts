import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import type { DocumentListItem } from '#shared/contracts/documents';
import { documentRoutes } from '#shared/contracts/documents';
import type { DocumentPreview } from '#shared/contracts/previews';
import { previewRoutes } from '#shared/contracts/previews';
import { viewerKeys } from '#web/lib/query-keys';
import { createDocumentPrefetcher, PREFETCHED_ON_SIGHT, rowPrefetch } from './prefetch-document';

const ids = [
  '0f8fad5b-d9cb-469f-a165-70867728950e',
  '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
  '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b',
  '9b2a4c1d-3e5f-4a6b-8c7d-0e1f2a3b4c5d',
  'c3d4e5f6-a7b8-49c0-8d1e-2f3a4b5c6d7e',
];

function listItem(overrides: Partial<DocumentListItem> = {}): DocumentListItem {
  return {
    id: ids[0] as string,
    title: 'Series A deck.pdf',
    fileType: 'pdf',
    fileSize: '2483120',
    sectionName: 'Decks',
    updatedAt: '2026-11-25T09:30:00.000Z',
    isUploaded: true,
    preview: { status: 'ready', kind: 'pages', failure: null },
    downloadPolicy: 'room',
    isDownloadAllowed: false,
    version: 1,
    pageCount: 12,
    ...overrides,
  };
}

function previewOf(documentId: string, overrides: Partial<DocumentPreview> = {}): DocumentPreview {
  return {
    status: 'ready',
    kind: 'pages',
    failure: null,
    documentId,
    title: 'Series A deck.pdf',
    fileType: 'pdf',
    pages: [{ number: 1, width: 1600, height: 900 }],
    sheets: null,
    narrowPages: null,
    hasText: false,
    isTextCut: false,
    downloadUrl: apiPath(documentRoutes.download, { params: { id: documentId } }),
    replacedAt: null,
    isDownloadAllowed: false,
    downloadRefusal: null,
    watermark: null,
    ...overrides,
  };
}

/** The browser's network (not ours): each preview path answers what the test set. */
let answers: Record<string, () => Response>;
let requested: string[];
/** Every image the prefetcher asked the browser for (jsdom fetches none). */
let images: HTMLImageElement[];
const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const previewPath = (id: string) => apiPath(previewRoutes.preview, { params: { id } });

beforeEach(() => {
  requested = [];
  images = [];
  answers = Object.fromEntries(ids.map((id) => [previewPath(id), json(previewOf(id))]));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      const answer = answers[url];
      if (!answer) throw new Error(`unexpected request ${url}`);
      return answer();
    }),
  );
  const BrowserImage = window.Image;
  vi.stubGlobal(
    'Image',
    class extends BrowserImage {
      constructor() {
        super();
        images.push(this);
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

test('a row on screen fetches the preview into the viewer’s cache, then page 1 at the widths the viewer offers', async () => {
  const client = new QueryClient();
  const prefetcher = createDocumentPrefetcher(client);
  rowPrefetch(prefetcher, listItem()).onSight?.();
  await vi.waitFor(() => expect(images).toHaveLength(1));
  expect(client.getQueryData(viewerKeys.preview(ids[0] as string))).toMatchObject({ status: 'ready' });
  const [image] = images;
  expect(image?.srcset).toBe(
    [800, 1600]
      .map(
        (width) =>
          `${apiPath(previewRoutes.page, { params: { id: String(ids[0]), page: 1 }, query: { width } })} ${width}w`,
      )
      .join(', '),
  );
  expect(image?.sizes).toBe('(min-width: 1024px) 60rem, 100vw');
  // Seen again (scrolled back, the section reopened): nothing asked twice.
  prefetcher.onSight(ids[0] as string);
  prefetcher.onIntent(ids[0] as string);
  await settled();
  expect(requested).toEqual([previewPath(ids[0] as string)]);
  expect(images).toHaveLength(1);
});

test('only the first rows on screen are fetched ahead; a touch or a hover fetches its own row', async () => {
  const prefetcher = createDocumentPrefetcher(new QueryClient());
  for (const id of ids) prefetcher.onSight(id);
  await vi.waitFor(() => expect(images).toHaveLength(PREFETCHED_ON_SIGHT));
  expect(requested).toEqual(ids.slice(0, PREFETCHED_ON_SIGHT).map(previewPath));
  prefetcher.onIntent(ids[4] as string);
  await vi.waitFor(() => expect(images).toHaveLength(PREFETCHED_ON_SIGHT + 1));
  expect(requested.at(-1)).toBe(previewPath(ids[4] as string));
});

test('a document whose room asks for its NDA first: the refused preview is not kept and no page is asked for', async () => {
  answers[previewPath(ids[0] as string)] = json(
    {
      statusCode: 403,
      code: 'nda_required',
      error: 'Forbidden',
      message: 'Accept the NDA to read this data room.',
    },
    403,
  );
  const client = new QueryClient();
  createDocumentPrefetcher(client).onIntent(ids[0] as string);
  await vi.waitFor(() => expect(requested).toHaveLength(1));
  await settled();
  expect(images).toHaveLength(0);
  expect(client.getQueryState(viewerKeys.preview(ids[0] as string))).toBeUndefined();
});

test('a document no longer readable (refused) or not shown as pages gets no page image', async () => {
  answers[previewPath(ids[0] as string)] = json(
    { statusCode: 404, error: 'Not Found', message: 'Document not found' },
    404,
  );
  answers[previewPath(ids[1] as string)] = json(
    previewOf(ids[1] as string, { kind: 'download-only', pages: [] }),
  );
  const prefetcher = createDocumentPrefetcher(new QueryClient());
  prefetcher.onIntent(ids[0] as string);
  prefetcher.onIntent(ids[1] as string);
  await vi.waitFor(() => expect(requested).toHaveLength(2));
  await settled();
  expect(images).toHaveLength(0);
});

test('while a sign-out is on its way nothing is read ahead with the session it ends', async () => {
  const client = new QueryClient();
  let signedOut: () => void = () => {};
  const signOut = client
    .getMutationCache()
    .build(client, { mutationFn: () => new Promise<void>((resolve) => (signedOut = resolve)) })
    .execute(undefined);
  const prefetcher = createDocumentPrefetcher(client);
  prefetcher.onSight(ids[0] as string);
  prefetcher.onIntent(ids[1] as string);
  await settled();
  expect(requested).toEqual([]);
  signedOut();
  await signOut;
  // Once it is done, a row seen again is fetched ahead as before.
  prefetcher.onIntent(ids[1] as string);
  await vi.waitFor(() => expect(images).toHaveLength(1));
});

test('the invited view, and rows whose pages are not ready, prefetch nothing', () => {
  const prefetcher = createDocumentPrefetcher(new QueryClient());
  expect(rowPrefetch(null, listItem())).toEqual({});
  expect(rowPrefetch(prefetcher, undefined)).toEqual({});
  for (const preview of [
    { status: 'preparing', kind: 'pages', failure: null },
    {
      status: 'failed',
      kind: 'pages',
      failure: { code: 'conversion_failed', message: 'It could not be read.' },
    },
    { status: 'ready', kind: 'download-only', failure: null },
    { status: 'ready', kind: 'video', failure: null },
  ] as DocumentListItem['preview'][])
    expect(rowPrefetch(prefetcher, listItem({ preview }))).toEqual({});
  expect(requested).toEqual([]);
  expect(images).toEqual([]);
});
