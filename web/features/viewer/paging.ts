import { pageNamedBy } from '#shared/contracts/previews';

/**
 * The rules of reading a document page by page, apart from the components so they can be tested
 * alone: which page the URL names, which page a scroll position shows, what a tap at the edge does,
 * which pages are fetched ahead, and how wide an image the browser should choose
 * (docs/decisions/0056-reading-a-deck-on-a-phone.md).
 */

/** The query parameter that names the page on screen: /data-room/:room/documents/:document?page=7. */
export const PAGE_PARAMETER = 'page';

/**
 * The query parameter that carries a search into the viewer (/…/documents/:document?page=7&q=churn):
 * its words are highlighted on the page.
 */
export const SEARCH_PARAMETER = 'q';

/** The search a URL's `?q=` carries, trimmed; empty when none. */
export function searchFromAddress(search: string): string {
  return (new URLSearchParams(search).get(SEARCH_PARAMETER) ?? '').trim();
}

/** Pages fetched ahead of the one on screen, once it has loaded, so a swipe finds the next one ready. */
export const PAGES_FETCHED_AHEAD = 2;

/** The share of the page's width, at each side, where a tap turns the page. */
export const EDGE_TAP_SHARE = 0.25;

export function clampPage(page: number, pageCount: number): number {
  return Math.min(Math.max(Math.trunc(page), 1), Math.max(pageCount, 1));
}

/** The page a URL's `?page=` names, 1 when it names none or is not a whole number. */
export function pageFromSearch(search: string): number {
  return pageNamedBy(new URLSearchParams(search).get(PAGE_PARAMETER));
}

/**
 * The same address with `?page=` set to `page`, or null when the address already shows that page (no
 * parameter reads as page 1), so that opening a document does not rewrite its address.
 */
export function addressWithPage(href: string, page: number): string | null {
  const url = new URL(href);
  if (pageFromSearch(url.search) === page) return null;
  url.searchParams.set(PAGE_PARAMETER, String(page));
  return url.toString();
}

/**
 * The page a horizontal strip of full-width pages shows at `scrollLeft`: the one covering most of the
 * strip, so the page turns as soon as more than half of the next one is on screen.
 */
export function pageAtScroll(scrollLeft: number, pageWidth: number, pageCount: number): number {
  if (pageWidth <= 0) return 1;
  return clampPage(Math.round(scrollLeft / pageWidth) + 1, pageCount);
}

/** A tap in the left quarter of the page goes back, in the right quarter forward, elsewhere nothing. */
export function edgeTapTurn(x: number, width: number): -1 | 0 | 1 {
  if (width <= 0) return 0;
  if (x < width * EDGE_TAP_SHARE) return -1;
  if (x > width * (1 - EDGE_TAP_SHARE)) return 1;
  return 0;
}

/** How far a finger must travel sideways for a swipe outside the pages' strip to turn the page. */
export const SWIPE_MIN_TRAVEL_PX = 48;

/** A swipe turns the page only when it goes at least this many times as far sideways as up or down. */
export const SWIPE_MIN_SLOPE = 2;

/**
 * The turn a finger's swipe from `start` to `end` makes where the browser does not scroll the strip (the
 * toolbar, the space around the pages): right to left goes forward, left to right back; a short or
 * mostly vertical movement (a scroll, a tap that wobbled) turns nothing.
 */
export function swipeTurn(start: { x: number; y: number }, end: { x: number; y: number }): -1 | 0 | 1 {
  const across = end.x - start.x;
  const down = end.y - start.y;
  if (Math.abs(across) < SWIPE_MIN_TRAVEL_PX || Math.abs(across) < SWIPE_MIN_SLOPE * Math.abs(down)) return 0;
  return across < 0 ? 1 : -1;
}

/**
 * Which ways a finger may pan the strip sideways on `page`: never back from the first page nor forward
 * from the last, where the browser would take the swipe past the strip's end for its own Back or Forward.
 */
export function sidewaysPans(page: number, pageCount: number): { back: boolean; forward: boolean } {
  return { back: page > 1, forward: page < pageCount };
}

/**
 * Whether a page's image should load now: the page on screen always; once it has loaded, the next
 * two and the one before (so they never take bandwidth from the page being waited for); and every page
 * already loaded. The others wait for the browser's lazy loading.
 */
export function shouldLoadPage(page: number, currentPage: number, loadedPages: ReadonlySet<number>): boolean {
  if (page === currentPage || loadedPages.has(page)) return true;
  if (!loadedPages.has(currentPage)) return false;
  return page >= currentPage - 1 && page <= currentPage + PAGES_FETCHED_AHEAD;
}

/**
 * On a desk, a landscape page (a slide) opens fitted to the screen so it is whole at once; a portrait
 * page opens fitted to the width and is read by scrolling down it, as in a PDF reader.
 */
export function opensFittedToWidth(pages: readonly { width: number; height: number }[]): boolean {
  const first = pages[0];
  return !first || first.height >= first.width;
}

/**
 * The width a page is drawn at, in CSS pixels: the strip's width, or less when its height is what
 * limits it (fit page).
 */
export function drawnWidth(
  page: { width: number; height: number },
  box: { width: number; maxHeight: number | null },
): number {
  if (box.maxHeight === null || page.height <= 0) return box.width;
  return Math.min(box.width, (box.maxHeight * page.width) / page.height);
}

/**
 * The `sizes` of a page image: the width it is drawn at times the pinch zoom, so the browser picks
 * the 1600 px rendering on a 2x screen or once the reader zooms in, and the 800 px one otherwise. The
 * screen's own density is the browser's to apply.
 */
export function imageSizes(drawnWidthPx: number, zoom: number): string {
  return `${Math.ceil(drawnWidthPx * Math.max(zoom, 1))}px`;
}

/**
 * The narrow page to open for a real page (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md): the
 * first narrow page that starts on it; when none does (the real page starts partway down a narrow
 * page), the last narrow page that starts before it.
 */
export function narrowPageFor(realPage: number, narrowPages: readonly { startsOnPage: number }[]): number {
  const starting = narrowPages.findIndex((page) => page.startsOnPage === realPage);
  if (starting !== -1) return starting + 1;
  const before = narrowPages.findLastIndex((page) => page.startsOnPage < realPage);
  return before === -1 ? 1 : before + 1;
}

/** Screens narrower than this (Tailwind's sm) read a Word document on its narrow pages: an A4 page's 11 pt text would be drawn under 11 CSS px. */
export const NARROW_LAYOUT_QUERY = '(max-width: 639px)';
