import type { Page } from '@playwright/test';

/**
 * A swipe from right to left across the middle of the screen, as a finger makes it: real touch input
 * through Chromium's DevTools protocol, so the browser scrolls and snaps the viewer's strip itself.
 */
export async function swipeToNextPage(page: Page) {
  const session = await page.context().newCDPSession(page);
  const { width, height } = page.viewportSize() ?? { width: 390, height: 844 };
  const y = Math.round(height * 0.45);
  const from = Math.round(width * 0.85);
  const to = Math.round(width * 0.15);
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= 8; step++) {
    const x = Math.round(from + ((to - from) * step) / 8);
    await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}
