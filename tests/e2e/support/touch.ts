import type { Page } from '@playwright/test';

interface Point {
  x: number;
  y: number;
}

/**
 * A finger's swipe from `from` to `to`, in eight moves, resting a moment before it lifts: real touch
 * input through Chromium's DevTools protocol, so the browser scrolls, snaps and decides gestures itself
 * as it does for a finger.
 */
export async function swipe(page: Page, from: Point, to: Point) {
  const session = await page.context().newCDPSession(page);
  const at = (step: number) => ({
    x: Math.round(from.x + ((to.x - from.x) * step) / 8),
    y: Math.round(from.y + ((to.y - from.y) * step) / 8),
  });
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0)] });
  for (let step = 1; step <= 8; step++) {
    await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(step)] });
  }
  // The finger rests before it lifts, so the swipe ends where it was drawn to, not in a fling: the moves
  // go out as fast as the machine sends them, and on a loaded one the speed at the end was a matter of
  // chance (a fling once carried the strip from page 1 to page 3). Where the strip comes to rest is then
  // the browser's snap from that point.
  await new Promise((resolve) => setTimeout(resolve, 150));
  await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(8)] });
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}

/** A swipe from right to left across the middle of the screen, at `y` (45% of the height unless given). */
export async function swipeToNextPage(page: Page, y?: number) {
  const { width, height } = page.viewportSize() ?? { width: 390, height: 844 };
  const row = y ?? Math.round(height * 0.45);
  await swipe(page, { x: Math.round(width * 0.85), y: row }, { x: Math.round(width * 0.15), y: row });
}

/** A swipe from left to right across the screen at `y`: back a page. */
export async function swipeToPreviousPage(page: Page, y: number) {
  const { width } = page.viewportSize() ?? { width: 390, height: 844 };
  await swipe(page, { x: Math.round(width * 0.15), y }, { x: Math.round(width * 0.85), y });
}

/**
 * Whether the image is loaded and lies wholly inside the window: after a swipe, the strip's snap has
 * come to rest on its page. The toolbar names the new page halfway through the snap, and a second swipe
 * sent while the snap still ran was once lost on a loaded machine (these swipes take no time between
 * moves, as no finger does): journeys swipe again once this holds.
 */
export const isWhollyOnScreen = (image: HTMLImageElement) => {
  const box = image.getBoundingClientRect();
  return (
    image.complete &&
    image.naturalWidth > 0 &&
    box.left >= -1 &&
    box.top >= -1 &&
    box.right <= window.innerWidth + 1 &&
    box.bottom <= window.innerHeight + 1
  );
};
