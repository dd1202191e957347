import { expect, test } from 'vitest';
import {
  addressWithPage,
  drawnWidth,
  edgeTapTurn,
  imageSizes,
  narrowPageFor,
  opensFittedToWidth,
  pageAtScroll,
  pageFromSearch,
  SWIPE_MIN_TRAVEL_PX,
  shouldLoadPage,
  sidewaysPans,
  swipeTurn,
} from './paging';

test('the address names the page with ?page=, and anything else reads as page 1', () => {
  expect(pageFromSearch('?page=7')).toBe(7);
  expect(pageFromSearch('?tab=x&page=3')).toBe(3);
  expect(pageFromSearch('')).toBe(1);
  expect(pageFromSearch('?page=0')).toBe(1);
  expect(pageFromSearch('?page=-2')).toBe(1);
  expect(pageFromSearch('?page=2.5')).toBe(1);
  expect(pageFromSearch('?page=<script>')).toBe(1);
  expect(pageFromSearch('?page=99999999999')).toBe(1);
});

test('turning a page sets ?page= and keeps the rest of the address; opening on the page it names changes nothing', () => {
  const documentAddress = 'https://roundroom.test/data-room/r/documents/d';
  expect(addressWithPage(documentAddress, 1)).toBeNull();
  expect(addressWithPage(`${documentAddress}?page=4`, 4)).toBeNull();
  expect(addressWithPage(documentAddress, 3)).toBe(`${documentAddress}?page=3`);
  expect(addressWithPage(`${documentAddress}?page=3`, 1)).toBe(`${documentAddress}?page=1`);
  expect(addressWithPage(`${documentAddress}?from=mail#top`, 2)).toBe(
    `${documentAddress}?from=mail&page=2#top`,
  );
});

test('a swipe shows the page covering most of the strip, within the document', () => {
  expect(pageAtScroll(0, 390, 3)).toBe(1);
  expect(pageAtScroll(190, 390, 3)).toBe(1);
  expect(pageAtScroll(200, 390, 3)).toBe(2);
  expect(pageAtScroll(780, 390, 3)).toBe(3);
  // Overscroll past the last page, and a strip not laid out yet.
  expect(pageAtScroll(5000, 390, 3)).toBe(3);
  expect(pageAtScroll(-40, 390, 3)).toBe(1);
  expect(pageAtScroll(400, 0, 3)).toBe(1);
});

test('a tap in the outer quarters turns the page, in the middle it does nothing', () => {
  expect(edgeTapTurn(20, 390)).toBe(-1);
  expect(edgeTapTurn(96, 390)).toBe(-1);
  expect(edgeTapTurn(195, 390)).toBe(0);
  expect(edgeTapTurn(300, 390)).toBe(1);
  expect(edgeTapTurn(389, 390)).toBe(1);
  expect(edgeTapTurn(10, 0)).toBe(0);
});

test('the page on screen loads first; the next two and the one before follow once it has loaded', () => {
  const nothingLoaded = new Set<number>();
  expect([1, 2, 3, 4].map((page) => shouldLoadPage(page, 1, nothingLoaded))).toEqual([
    true,
    false,
    false,
    false,
  ]);
  expect([1, 2, 3, 4].map((page) => shouldLoadPage(page, 1, new Set([1])))).toEqual([
    true,
    true,
    true,
    false,
  ]);
  expect([4, 5, 6, 7, 8, 9].map((page) => shouldLoadPage(page, 6, new Set([6])))).toEqual([
    false,
    true,
    true,
    true,
    true,
    false,
  ]);
  // A page once loaded stays loaded, wherever the reader is.
  expect(shouldLoadPage(1, 9, new Set([1]))).toBe(true);
});

test('slides open fitted to the page, portrait pages fitted to the width', () => {
  expect(opensFittedToWidth([{ width: 1600, height: 900 }])).toBe(false);
  expect(opensFittedToWidth([{ width: 1600, height: 2070 }])).toBe(true);
  expect(opensFittedToWidth([])).toBe(true);
});

test('the image chosen follows the width drawn and the pinch zoom', () => {
  const slide = { width: 1600, height: 900 };
  // On a 390 px phone the slide is as wide as the screen; at 1280x800 fitted into 576 px of height.
  expect(drawnWidth(slide, { width: 390, maxHeight: 650 })).toBe(390);
  expect(drawnWidth(slide, { width: 1070, maxHeight: 576 })).toBe(1024);
  expect(drawnWidth(slide, { width: 1070, maxHeight: null })).toBe(1070);
  expect(imageSizes(390, 1)).toBe('390px');
  // Pinched to 2.5x, the browser is told the page is 975 px wide and picks the 1600 px rendering.
  expect(imageSizes(390, 2.5)).toBe('975px');
  expect(imageSizes(390.2, 0.5)).toBe('391px');
});

test('a real page opens on the first narrow page that starts on it, or else on the one it starts partway down', () => {
  const narrow = [1, 1, 1, 3, 3, 4].map((startsOnPage) => ({ startsOnPage }));
  expect(narrowPageFor(1, narrow)).toBe(1);
  // Page 2 starts partway down narrow page 3 (whose top is still page 1).
  expect(narrowPageFor(2, narrow)).toBe(3);
  expect(narrowPageFor(3, narrow)).toBe(4);
  expect(narrowPageFor(4, narrow)).toBe(6);
  expect(narrowPageFor(9, narrow)).toBe(6);
});

test('a swipe right to left turns forward, left to right back, whatever its speed', () => {
  expect(swipeTurn({ x: 330, y: 600 }, { x: 60, y: 610 })).toBe(1);
  expect(swipeTurn({ x: 60, y: 600 }, { x: 330, y: 590 })).toBe(-1);
  expect(swipeTurn({ x: 200, y: 600 }, { x: 200 - SWIPE_MIN_TRAVEL_PX, y: 600 })).toBe(1);
});

test('a short or mostly vertical movement turns nothing: a tap that wobbled, a scroll down the page', () => {
  expect(swipeTurn({ x: 200, y: 600 }, { x: 200 - SWIPE_MIN_TRAVEL_PX + 1, y: 600 })).toBe(0);
  expect(swipeTurn({ x: 200, y: 600 }, { x: 203, y: 602 })).toBe(0);
  expect(swipeTurn({ x: 200, y: 700 }, { x: 190, y: 300 })).toBe(0);
  // Diagonal: 100 px across and 60 px down is a scroll that drifted, not a page turn.
  expect(swipeTurn({ x: 300, y: 400 }, { x: 200, y: 460 })).toBe(0);
  expect(swipeTurn({ x: 300, y: 400 }, { x: 200, y: 449 })).toBe(1);
});

test('the strip pans back only after the first page and forward only before the last, so the browser never takes the swipe', () => {
  expect(sidewaysPans(1, 4)).toEqual({ back: false, forward: true });
  expect(sidewaysPans(2, 4)).toEqual({ back: true, forward: true });
  expect(sidewaysPans(4, 4)).toEqual({ back: true, forward: false });
  expect(sidewaysPans(1, 1)).toEqual({ back: false, forward: false });
});
