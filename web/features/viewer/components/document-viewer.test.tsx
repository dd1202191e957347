import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { apiPath, type QueryValues } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import type { DocumentPreview } from '#shared/contracts/previews';
import { previewRoutes } from '#shared/contracts/previews';
import { DocumentViewer } from './document-viewer';

const DOCUMENT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

function previewOf(overrides: Partial<DocumentPreview>): DocumentPreview {
  return {
    status: 'ready',
    kind: 'pages',
    failure: null,
    documentId: DOCUMENT_ID,
    title: 'Series A deck.pdf',
    fileType: 'pdf',
    pages: [],
    sheets: null,
    narrowPages: null,
    hasText: false,
    isTextCut: false,
    downloadUrl: apiPath(documentRoutes.download, { params: { id: DOCUMENT_ID } }),
    replacedAt: null,
    isDownloadAllowed: true,
    downloadRefusal: null,
    watermark: null,
    ...overrides,
  };
}

const threePages = [1, 2, 3].map((number) => ({ number, width: 1600, height: 900 }));

/** The browser's network (not ours): each path answers what the test set; views open without a view id. */
let answers: Record<string, () => Response>;
const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0] ?? url;
      if (path.endsWith('/views')) return json({ viewId: null }, 201)();
      const answer = answers[path];
      if (!answer) throw new Error(`unexpected request ${url}`);
      return answer();
    }),
  );
  // jsdom has no layout: IntersectionObserver and scrolling are the browser's.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderViewer(address = `/data-room/x/documents/${DOCUMENT_ID}`) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The viewer reads the page from the router's address and writes it to the browser's.
  window.history.replaceState(null, '', address);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>
        <DocumentViewer
          documentId={DOCUMENT_ID}
          back={{ to: '/data-room/x', label: 'Back to the data room' }}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The viewer's addresses of the document, as it asks for them. */
const urls = {
  preview: apiPath(previewRoutes.preview, { params: { id: DOCUMENT_ID } }),
  text: apiPath(previewRoutes.text, { params: { id: DOCUMENT_ID } }),
  content: apiPath(previewRoutes.content, { params: { id: DOCUMENT_ID } }),
  download: apiPath(documentRoutes.download, { params: { id: DOCUMENT_ID } }),
};
const pageUrl = (page: number, query: QueryValues) =>
  apiPath(previewRoutes.page, { params: { id: DOCUMENT_ID, page }, query });

test('a deck shows every page as an image named "Page N of M", the first at once and the rest lazily, at two widths', async () => {
  answers = {
    [urls.preview]: json(previewOf({ pages: threePages, hasText: true })),
    [urls.text]: json({
      pages: [
        { number: 1, text: 'Why now' },
        { number: 2, text: '' },
        { number: 3, text: 'The team' },
      ],
    }),
  };
  renderViewer();
  const images = await screen.findAllByRole('img', { name: /^Page \d of 3$/ });
  expect(images.map((image) => image.getAttribute('alt'))).toEqual([
    'Page 1 of 3',
    'Page 2 of 3',
    'Page 3 of 3',
  ]);
  expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
  expect(images[1]?.getAttribute('src')).toBe(pageUrl(2, { width: 800 }));
  expect(images[1]?.getAttribute('srcset')).toBe(
    `${pageUrl(2, { width: 800 })} 800w, ${pageUrl(2, { width: 1600 })} 1600w`,
  );
  // The page's own text follows its image, for screen readers and find in page.
  expect(await screen.findByText('Why now')).toBeTruthy();
  expect(screen.getByText('The team').closest('figure')?.querySelector('img')?.alt).toBe('Page 3 of 3');
  expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to the data room' }).getAttribute('href')).toBe(
    '/data-room/x',
  );
});

test('next, previous and the arrow and page keys move one page, within the document', async () => {
  answers = { [urls.preview]: json(previewOf({ pages: threePages })) };
  renderViewer();
  const toolbar = await screen.findByRole('toolbar', { name: 'Pages' });
  expect(within(toolbar).getByText('Page 1 of 3')).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(within(toolbar).getByText('Page 2 of 3')).toBeTruthy();
  fireEvent.keyDown(document, { key: 'ArrowRight' });
  expect(within(toolbar).getByText('Page 3 of 3')).toBeTruthy();
  fireEvent.keyDown(document, { key: 'PageDown' });
  expect(within(toolbar).getByText('Page 3 of 3')).toBeTruthy();
  fireEvent.keyDown(document, { key: 'PageUp' });
  fireEvent.keyDown(document, { key: 'ArrowLeft' });
  expect(within(toolbar).getByText('Page 1 of 3')).toBeTruthy();
  expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  // A thumbnail goes to its page, and says which is current.
  const thumbnails = screen.getByRole('navigation', { name: 'Page thumbnails' });
  fireEvent.click(within(thumbnails).getByRole('button', { name: 'Page 3' }));
  expect(within(thumbnails).getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe(
    'page',
  );
  // Slides open fitted to the page, whole on a desk (docs/decisions/0056-reading-a-deck-on-a-phone.md).
  expect(screen.getByRole('button', { name: 'Fit to width' }).getAttribute('aria-pressed')).toBe('false');
});

test('a document being prepared says so with Download, and shows itself once ready', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  let preview = previewOf({ status: 'preparing', pages: [] });
  answers = { [urls.preview]: () => json(preview)() };
  renderViewer();
  expect(await screen.findByText('Preview being prepared')).toBeTruthy();
  expect(screen.getAllByRole('button', { name: 'Download' })).toHaveLength(1);
  preview = previewOf({ pages: threePages });
  await act(() => vi.advanceTimersByTimeAsync(3000));
  expect(await screen.findByRole('img', { name: 'Page 1 of 3' })).toBeTruthy();
  expect(screen.queryByText('Preview being prepared')).toBeNull();
});

test('an archive says it cannot be previewed, and a failure says why, each with Download', async () => {
  answers = { [urls.preview]: json(previewOf({ kind: 'download-only', fileType: 'archive' })) };
  renderViewer();
  expect(await screen.findByText("This file can't be previewed.")).toBeTruthy();
  expect(screen.getByText('Download it to open it.')).toBeTruthy();
  cleanup();

  answers = {
    [urls.preview]: json(
      previewOf({
        status: 'failed',
        failure: { code: 'password_protected', message: 'This PDF is password-protected' },
      }),
    ),
  };
  renderViewer();
  expect(await screen.findByText('This PDF is password-protected.')).toBeTruthy();
  expect(screen.getAllByRole('button', { name: 'Download' })).toHaveLength(1);
});

test('a document whose file was replaced says "Updated" with the date', async () => {
  answers = {
    [urls.preview]: json(previewOf({ pages: threePages, replacedAt: '2026-11-20T10:00:00.000Z' })),
  };
  renderViewer();
  expect(await screen.findByText('Updated Nov 20, 2026')).toBeTruthy();
});

test('a view-only document reads "View only" and offers no Download, whatever its state', async () => {
  answers = { [urls.preview]: json(previewOf({ pages: threePages, isDownloadAllowed: false })) };
  renderViewer();
  expect(await screen.findByRole('img', { name: 'Page 1 of 3' })).toBeTruthy();
  expect(screen.getByText('View only')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
  cleanup();

  answers = {
    [urls.preview]: json(previewOf({ status: 'preparing', pages: [], isDownloadAllowed: false })),
  };
  renderViewer();
  expect(await screen.findByText('It shows here by itself when it is ready.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
  cleanup();

  answers = {
    [urls.preview]: json(previewOf({ kind: 'download-only', fileType: 'archive', isDownloadAllowed: false })),
  };
  renderViewer();
  expect(await screen.findByText(/Its owner does not allow downloads/)).toBeTruthy();
  expect(screen.queryByText('Download it to open it.')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
});

test('a CSV is an accessible table with a header row, in a box that scrolls by keyboard', async () => {
  answers = {
    [urls.preview]: json(previewOf({ kind: 'table', fileType: 'csv', title: 'Cap table.csv' })),
    [urls.content]: json({
      rows: [
        ['Holder', 'Shares', 'Class'],
        ['Ana', '1000'],
      ],
      truncated: true,
    }),
  };
  renderViewer();
  const table = await screen.findByRole('table');
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Holder', 'Shares', 'Class']);
  expect(
    within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['Ana', '1000', '']);
  expect(screen.getByRole('region', { name: 'Table of Cap table.csv' }).tabIndex).toBe(0);
  expect(screen.getByText(/Only the first rows are shown/)).toBeTruthy();
});

test('a text file is shown as wrapped text, an image resized, a video with controls from the content route', async () => {
  answers = {
    [urls.preview]: json(previewOf({ kind: 'text', fileType: 'text', title: 'Notes.md' })),
    [urls.content]: () => new Response('# Notes\nÉtude', { headers: { 'content-type': 'text/plain' } }),
  };
  const view = renderViewer();
  await screen.findByText(/Étude/);
  expect(view.container.querySelector('pre')?.textContent).toBe('# Notes\nÉtude');
  cleanup();

  answers = {
    [urls.preview]: json(previewOf({ kind: 'image', fileType: 'image', title: 'Office.png' })),
  };
  renderViewer();
  const image = await screen.findByRole('img', { name: 'Office.png' });
  expect(image.getAttribute('srcset')).toContain('/preview/content?width=1600 1600w');
  cleanup();

  answers = { [urls.preview]: json(previewOf({ kind: 'video', fileType: 'video', title: 'Demo.mp4' })) };
  const videoView = renderViewer();
  await screen.findByRole('heading', { name: 'Demo.mp4' });
  const video = videoView.container.querySelector('video');
  expect(video?.getAttribute('src')).toBe(urls.content);
  expect(video?.hasAttribute('controls')).toBe(true);
});

test('a document the reader may not open says so, as for one that does not exist', async () => {
  answers = {
    [urls.preview]: json(
      { error: 'not_found', message: 'That document does not exist, or you do not have access to it.' },
      404,
    ),
  };
  renderViewer();
  expect(
    await screen.findByText('This document does not exist, or you do not have access to it.'),
  ).toBeTruthy();
});

test('with the watermark on, a text file reads "Watermarked" with the watermark laid over it, and says why it is view only', async () => {
  const watermark = 'ada@fund.example · 2026-11-25 · Confidential';
  answers = {
    [urls.preview]: json(
      previewOf({
        kind: 'text',
        fileType: 'text',
        title: 'Notes.md',
        isDownloadAllowed: false,
        downloadRefusal: 'watermark_unsupported',
        watermark,
      }),
    ),
    [urls.content]: () => new Response('Plan', { headers: { 'content-type': 'text/plain' } }),
  };
  const view = renderViewer();
  await screen.findByText('Plan');
  expect(screen.getByText('Watermarked').closest('[title]')?.getAttribute('title')).toBe(watermark);
  expect(screen.getByText('View only').closest('[title]')?.getAttribute('title')).toMatch(
    /^Downloads in this room carry a watermark/,
  );
  const overlay = view.container.querySelector('[data-testid="watermark-overlay"]') as HTMLElement;
  expect(overlay.getAttribute('aria-hidden')).toBe('true');
  expect(decodeURIComponent(overlay.style.backgroundImage)).toContain('ada@fund.example · 2026-11-25');
  expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
});

test('with the watermark on, a video is not played (its stream is refused): the viewer says why', async () => {
  answers = {
    [urls.preview]: json(
      previewOf({
        kind: 'video',
        fileType: 'video',
        title: 'Demo.mp4',
        isDownloadAllowed: false,
        downloadRefusal: 'watermark_unsupported',
        watermark: 'ada@fund.example · 2026-11-25 · Confidential',
      }),
    ),
  };
  const view = renderViewer();
  expect(await screen.findByText('This video cannot be played here.')).toBeTruthy();
  expect(screen.getByText(/a video cannot carry one/)).toBeTruthy();
  expect(view.container.querySelector('video')).toBeNull();
});

test('without the watermark nothing is laid over the text and no badge shows', async () => {
  answers = {
    [urls.preview]: json(previewOf({ kind: 'text', fileType: 'text', title: 'Notes.md' })),
    [urls.content]: () => new Response('Plan', { headers: { 'content-type': 'text/plain' } }),
  };
  const view = renderViewer();
  await screen.findByText('Plan');
  expect(screen.queryByText('Watermarked')).toBeNull();
  expect(view.container.querySelector('[data-testid="watermark-overlay"]')).toBeNull();
});

/** The strip of pages laid out as a browser would: `width` px wide, scrolled to `scrollLeft`. */
function layOutStrip(width: number, scrollLeft = 0) {
  const strip = screen.getByTestId('page-strip');
  Object.defineProperty(strip, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(strip, 'scrollLeft', { configurable: true, writable: true, value: scrollLeft });
  strip.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 100, width, height: width * 0.5625 });
  return strip;
}

test('a deck opens at the page its address names, and turning pages rewrites ?page= in place', async () => {
  answers = { [urls.preview]: json(previewOf({ pages: threePages })) };
  renderViewer(`/data-room/x/documents/${DOCUMENT_ID}?page=2`);
  const toolbar = await screen.findByRole('toolbar', { name: 'Pages' });
  expect(within(toolbar).getByText('Page 2 of 3')).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(false);
  // Opening does not rewrite the address; turning does, without adding to the history.
  expect(window.location.search).toBe('?page=2');
  const historyLength = window.history.length;
  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(window.location.search).toBe('?page=3');
  expect(window.location.pathname).toBe(`/data-room/x/documents/${DOCUMENT_ID}`);
  fireEvent.keyDown(document, { key: 'ArrowLeft' });
  fireEvent.keyDown(document, { key: 'ArrowLeft' });
  expect(window.location.search).toBe('?page=1');
  expect(window.history.length).toBe(historyLength);
});

test('a page past the end opens the last page, and a page that is not a number the first', async () => {
  answers = { [urls.preview]: json(previewOf({ pages: threePages })) };
  renderViewer(`/data-room/x/documents/${DOCUMENT_ID}?page=40`);
  const toolbar = await screen.findByRole('toolbar', { name: 'Pages' });
  expect(within(toolbar).getByText('Page 3 of 3')).toBeTruthy();
  expect(window.location.search).toBe('?page=3');
  cleanup();
  renderViewer(`/data-room/x/documents/${DOCUMENT_ID}?page=two`);
  expect(within(await screen.findByRole('toolbar', { name: 'Pages' })).getByText('Page 1 of 3')).toBeTruthy();
});

test('swiping the strip of pages turns to the page that covers most of it, and the address follows', async () => {
  answers = { [urls.preview]: json(previewOf({ pages: threePages })) };
  renderViewer();
  const toolbar = await screen.findByRole('toolbar', { name: 'Pages' });
  const strip = layOutStrip(390);
  strip.scrollLeft = 250;
  fireEvent.scroll(strip);
  expect(within(toolbar).getByText('Page 2 of 3')).toBeTruthy();
  strip.scrollLeft = 780;
  fireEvent.scroll(strip);
  expect(within(toolbar).getByText('Page 3 of 3')).toBeTruthy();
  expect(window.location.search).toBe('?page=3');
  // A swipe back that stops short of half a page leaves the page where it was.
  strip.scrollLeft = 600;
  fireEvent.scroll(strip);
  expect(within(toolbar).getByText('Page 3 of 3')).toBeTruthy();
});

test('a tap at the right edge turns forward, at the left edge back, in the middle not at all', async () => {
  answers = { [urls.preview]: json(previewOf({ pages: threePages })) };
  renderViewer();
  const toolbar = await screen.findByRole('toolbar', { name: 'Pages' });
  const strip = layOutStrip(390);
  const image = screen.getByRole('img', { name: 'Page 1 of 3' });
  fireEvent.click(image, { clientX: 370, clientY: 200 });
  expect(within(toolbar).getByText('Page 2 of 3')).toBeTruthy();
  fireEvent.click(strip, { clientX: 195, clientY: 200 });
  expect(within(toolbar).getByText('Page 2 of 3')).toBeTruthy();
  fireEvent.click(strip, { clientX: 12, clientY: 200 });
  expect(within(toolbar).getByText('Page 1 of 3')).toBeTruthy();
  // Nothing before the first page.
  fireEvent.click(strip, { clientX: 12, clientY: 200 });
  expect(within(toolbar).getByText('Page 1 of 3')).toBeTruthy();
});

/** A finger on `target` from `from` to `to` (client coordinates), as the browser reports its touch events. */
function touchSwipe(target: Element, from: { x: number; y: number }, to: { x: number; y: number }) {
  fireEvent.touchStart(target, { touches: [{ clientX: from.x, clientY: from.y }] });
  fireEvent.touchMove(target, { touches: [{ clientX: to.x, clientY: to.y }] });
  fireEvent.touchEnd(target, { touches: [], changedTouches: [{ clientX: to.x, clientY: to.y }] });
}

test('a swipe on the viewer outside the strip (its toolbar, the space around the pages) turns the page both ways', async () => {
  answers = { [urls.preview]: json(previewOf({ pages: threePages })) };
  renderViewer();
  const toolbar = await screen.findByRole('toolbar', { name: 'Pages' });
  const pageNumber = within(toolbar).getByText('Page 1 of 3');
  touchSwipe(pageNumber, { x: 330, y: 40 }, { x: 60, y: 44 });
  expect(within(toolbar).getByText('Page 2 of 3')).toBeTruthy();
  expect(window.location.search).toBe('?page=2');
  // The space around the pages is the viewer's own frame.
  touchSwipe(toolbar.parentElement as HTMLElement, { x: 330, y: 700 }, { x: 60, y: 690 });
  expect(within(toolbar).getByText('Page 3 of 3')).toBeTruthy();
  touchSwipe(toolbar, { x: 60, y: 40 }, { x: 330, y: 40 });
  expect(within(toolbar).getByText('Page 2 of 3')).toBeTruthy();
});

test('a short, a vertical or a two-finger movement on the viewer turns nothing, and on the strip the browser’s scrolling turns the page', async () => {
  answers = { [urls.preview]: json(previewOf({ pages: threePages })) };
  renderViewer();
  const toolbar = await screen.findByRole('toolbar', { name: 'Pages' });
  const frame = toolbar.parentElement as HTMLElement;
  touchSwipe(frame, { x: 200, y: 700 }, { x: 180, y: 700 });
  touchSwipe(frame, { x: 200, y: 700 }, { x: 150, y: 400 });
  fireEvent.touchStart(frame, {
    touches: [
      { clientX: 300, clientY: 600 },
      { clientX: 100, clientY: 600 },
    ],
  });
  fireEvent.touchEnd(frame, { touches: [], changedTouches: [{ clientX: 20, clientY: 600 }] });
  // A swipe on the pages is the strip's scrolling (which snaps and reports the page it shows), not ours.
  touchSwipe(screen.getByRole('img', { name: 'Page 1 of 3' }), { x: 330, y: 300 }, { x: 60, y: 300 });
  expect(within(toolbar).getByText('Page 1 of 3')).toBeTruthy();
  expect(Element.prototype.scrollIntoView).not.toHaveBeenCalled();
});

test('the strip never pans back from page 1 nor forward from the last, where the browser would go Back or Forward', async () => {
  answers = { [urls.preview]: json(previewOf({ pages: threePages })) };
  renderViewer();
  const toolbar = await screen.findByRole('toolbar', { name: 'Pages' });
  const strip = screen.getByTestId('page-strip');
  // touch-action: pan-right is the finger moving left, towards the next page.
  expect(strip.className).toMatch(/\btouch-pan-right touch-pan-y touch-pinch-zoom\b/);
  fireEvent.click(within(toolbar).getByRole('button', { name: 'Next page' }));
  expect(strip.className).not.toMatch(/touch-/);
  fireEvent.click(within(toolbar).getByRole('button', { name: 'Next page' }));
  expect(strip.className).toMatch(/\btouch-pan-left touch-pan-y touch-pinch-zoom\b/);
  expect((toolbar.parentElement as HTMLElement).className).toMatch(/\btouch-pan-y touch-pinch-zoom\b/);
});

test('once pinched, the page pans freely and a swipe outside the strip does not turn it', async () => {
  const viewport = Object.assign(new EventTarget(), { scale: 1 });
  vi.stubGlobal('visualViewport', viewport);
  answers = { [urls.preview]: json(previewOf({ pages: threePages })) };
  renderViewer();
  const toolbar = await screen.findByRole('toolbar', { name: 'Pages' });
  act(() => {
    viewport.scale = 2;
    viewport.dispatchEvent(new Event('resize'));
  });
  expect(screen.getByTestId('page-strip').className).not.toMatch(/touch-/);
  expect((toolbar.parentElement as HTMLElement).className).not.toMatch(/touch-/);
  touchSwipe(toolbar, { x: 330, y: 40 }, { x: 60, y: 40 });
  expect(within(toolbar).getByText('Page 1 of 3')).toBeTruthy();
});

test('opening a document puts the focus on it, named by its title, unless the reader has put it somewhere', async () => {
  answers = { [urls.preview]: json(previewOf({ pages: threePages })) };
  renderViewer();
  const reader = await screen.findByRole('region', { name: 'Series A deck.pdf' });
  expect(document.activeElement).toBe(reader);
  expect(reader.getAttribute('tabindex')).toBe('-1');
  // The arrow keys read it from there.
  fireEvent.keyDown(reader, { key: 'ArrowRight' });
  expect(within(screen.getByRole('toolbar', { name: 'Pages' })).getByText('Page 2 of 3')).toBeTruthy();
});

test('a reader who moved the focus while the document opened keeps it there', async () => {
  answers = {
    [urls.preview]: json(previewOf({ kind: 'text', pages: [] })),
    [urls.text]: () => new Response('Notes'),
  };
  const outside = window.document.createElement('button');
  window.document.body.append(outside);
  try {
    renderViewer();
    outside.focus();
    await screen.findByRole('region', { name: 'Series A deck.pdf' });
    expect(window.document.activeElement).toBe(outside);
  } finally {
    outside.remove();
  }
});

test('pages not loaded show their number; once the page on screen loads, the next two load too', async () => {
  const fourPages = [1, 2, 3, 4].map((number) => ({ number, width: 1600, height: 900 }));
  answers = { [urls.preview]: json(previewOf({ pages: fourPages })) };
  const view = renderViewer();
  const images = await screen.findAllByRole('img', { name: /^Page \d of 4$/ });
  const skeletons = () => screen.queryAllByTestId('page-skeleton').map((skeleton) => skeleton.textContent);
  expect(skeletons()).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4']);
  expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy', 'lazy']);
  fireEvent.load(images[0] as HTMLImageElement);
  expect(skeletons()).toEqual(['Page 2', 'Page 3', 'Page 4']);
  expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'lazy']);
  expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual([
    'high',
    'auto',
    'auto',
    'auto',
  ]);
  // The skeleton sits over the image's own box, which has the page's proportions before it loads.
  expect(view.container.querySelector('[data-page="2"] img')?.getAttribute('height')).toBe('900');
});

test('portrait pages open fitted to the width', async () => {
  const portrait = [1, 2].map((number) => ({ number, width: 1600, height: 2070 }));
  answers = { [urls.preview]: json(previewOf({ pages: portrait })) };
  renderViewer();
  expect((await screen.findByRole('button', { name: 'Fit to width' })).getAttribute('aria-pressed')).toBe(
    'true',
  );
});

test('full screen shows a portrait page whole; fitting it to the width there is a choice of its own', async () => {
  const portrait = [1, 2].map((number) => ({ number, width: 1600, height: 2070 }));
  answers = { [urls.preview]: json(previewOf({ pages: portrait })) };
  renderViewer();
  const fitToWidth = () => screen.getByRole('button', { name: 'Fit to width' }).getAttribute('aria-pressed');
  const toolbar = await screen.findByRole('toolbar', { name: 'Pages' });
  expect(fitToWidth()).toBe('true');
  fireEvent.click(within(toolbar).getByRole('button', { name: 'Full screen' }));
  expect(fitToWidth()).toBe('false');
  // Full screen has room for the page alone: no thumbnails beside it.
  expect(screen.queryByRole('navigation', { name: 'Page thumbnails' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Fit to width' }));
  expect(fitToWidth()).toBe('true');
  fireEvent.click(within(toolbar).getByRole('button', { name: 'Exit full screen' }));
  expect(fitToWidth()).toBe('true');
  expect(screen.getByRole('navigation', { name: 'Page thumbnails' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Fit to width' }));
  fireEvent.click(within(toolbar).getByRole('button', { name: 'Full screen' }));
  expect(fitToWidth()).toBe('true');
});

test('a page image is chosen for the width it is drawn at, and for the 1600 px rendering once pinched', async () => {
  const viewport = Object.assign(new EventTarget(), { scale: 1 });
  vi.stubGlobal('visualViewport', viewport);
  const clientWidth = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390);
  try {
    answers = { [urls.preview]: json(previewOf({ pages: threePages })) };
    renderViewer();
    const image = await screen.findByRole('img', { name: 'Page 1 of 3' });
    // As wide as the phone: the browser multiplies by the screen's density itself.
    expect(image.getAttribute('sizes')).toBe('390px');
    expect(image.style.width).toBe('390px');
    act(() => {
      viewport.scale = 2.5;
      viewport.dispatchEvent(new Event('resize'));
    });
    expect(image.getAttribute('sizes')).toBe('975px');
    // The page keeps its drawn size; only the rendering chosen for it changes.
    expect(image.style.width).toBe('390px');
  } finally {
    clientWidth.mockRestore();
  }
});

test('without the Fullscreen API, Full screen makes the viewer cover the window until Exit full screen or Escape', async () => {
  answers = { [urls.preview]: json(previewOf({ pages: threePages })) };
  renderViewer();
  const toolbar = await screen.findByRole('toolbar', { name: 'Pages' });
  const frame = toolbar.parentElement as HTMLElement;
  expect(document.fullscreenEnabled).toBeFalsy();
  fireEvent.click(within(toolbar).getByRole('button', { name: 'Full screen' }));
  expect(frame.className).toMatch(/\bfixed inset-0\b/);
  fireEvent.click(within(toolbar).getByRole('button', { name: 'Exit full screen' }));
  expect(frame.className).not.toMatch(/\bfixed inset-0\b/);
  fireEvent.click(within(toolbar).getByRole('button', { name: 'Full screen' }));
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(within(toolbar).getByRole('button', { name: 'Full screen' })).toBeTruthy();
  expect(frame.className).not.toMatch(/\bfixed inset-0\b/);
});

/** A screen `width` CSS px wide, as the browser's media queries answer for it (jsdom has no layout). */
function screenOf(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { matches, media: query, addEventListener() {}, removeEventListener() {} };
  });
}

/** A memo of two real pages laid out on four narrow ones: the first three start on page 1, the last on 2. */
const memo = {
  title: 'Memo.docx',
  fileType: 'word' as const,
  pages: [1, 2].map((number) => ({ number, width: 1600, height: 2263 })),
  narrowPages: [1, 1, 1, 2].map((startsOnPage, index) => ({
    number: index + 1,
    startsOnPage,
    width: 1600,
    height: 2844,
  })),
  hasText: true,
};
const memoText = json({
  pages: [
    { number: 1, text: 'Investment memo' },
    { number: 2, text: 'Chapter two' },
  ],
});

test('on a phone a Word document is read on its narrow pages; the address and reports name the real page each starts on', async () => {
  screenOf(390);
  answers = { [urls.preview]: json(previewOf(memo)), [urls.text]: memoText };
  renderViewer(`/data-room/x/documents/${DOCUMENT_ID}?page=2`);
  const images = await screen.findAllByRole('img', { name: /^Page \d of 4$/ });
  expect(images).toHaveLength(4);
  expect(images[0]?.getAttribute('srcset')).toBe(
    `${pageUrl(1, { layout: 'narrow', width: 800 })} 800w, ${pageUrl(1, { layout: 'narrow', width: 1600 })} 1600w`,
  );
  const toolbar = screen.getByRole('toolbar', { name: 'Pages' });
  // Real page 2 starts on narrow page 4.
  expect(within(toolbar).getByText('Page 4 of 4')).toBeTruthy();
  expect(window.location.search).toBe('?page=2');
  fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
  expect(within(toolbar).getByText('Page 3 of 4')).toBeTruthy();
  expect(window.location.search).toBe('?page=1');
  // Each real page's text is read once, with the narrow page it starts on.
  expect((await screen.findByText('Chapter two')).closest('figure')?.getAttribute('data-page')).toBe('4');
  expect(screen.getByText('Investment memo').closest('figure')?.getAttribute('data-page')).toBe('1');
  expect(screen.queryByRole('navigation', { name: 'Page thumbnails' })).toBeNull();
});

test('on a desk (and on a tablet) the same Word document shows its real pages', async () => {
  for (const width of [1280, 768]) {
    screenOf(width);
    answers = { [urls.preview]: json(previewOf(memo)), [urls.text]: memoText };
    renderViewer(`/data-room/x/documents/${DOCUMENT_ID}?page=2`);
    const images = await screen.findAllByRole('img', { name: /^Page \d of 2$/ });
    expect(images[1]?.getAttribute('src')).toBe(pageUrl(2, { width: 800 }));
    expect(within(screen.getByRole('toolbar', { name: 'Pages' })).getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByTestId('page-strip').getAttribute('data-layout')).toBe('pages');
    cleanup();
  }
});

test('on a phone a document without narrow pages (a PDF, a deck) shows its real pages', async () => {
  screenOf(390);
  answers = { [urls.preview]: json(previewOf({ pages: threePages })) };
  renderViewer();
  const images = await screen.findAllByRole('img', { name: /^Page \d of 3$/ });
  expect(images[0]?.getAttribute('src')).toBe(pageUrl(1, { width: 800 }));
});
