import type { APIRequestContext } from '@playwright/test';
import { writtenPdf } from '#tests/support/sample-documents';
import { expect, test, watchConsole } from './fixtures';
import { roomWithDeck } from './support/deck-room';
import { signInByMagicLink } from './support/people';
import { swipeToNextPage } from './support/touch';

const DECK_NAME = 'Widescreen deck.pdf';
const PAGES = 4;

/** A 16:9 deck (960x540 pt, as presentation software exports slides), each slide titled with its number. */
const widescreenDeck = () =>
  writtenPdf({
    pages: PAGES,
    width: 960,
    height: 540,
    lines: (number) => [`Slide ${number} of the widescreen deck`, 'Net retention 128%, burn multiple 1.1.'],
  });

/** Waits until the founder's upload has its page images. */
async function waitUntilReady(
  request: APIRequestContext,
  headers: Record<string, string>,
  documentId: string,
) {
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/documents/${documentId}/preview`, { headers });
        return ((await response.json()) as { status: string }).status;
      },
      { timeout: 60_000 },
    )
    .toBe('ready');
}

/** Whether the image is loaded and lies wholly inside the window. */
const isWhollyOnScreen = (image: HTMLImageElement) => {
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

test('an investor on a phone swipes a deck to page 3, the address says so, and a reload stays there @phone', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'swiping is the phone’s');
  test.setTimeout(120_000);
  const { headers, documentId, investorEmail } = await roomWithDeck(request, baseURL, {
    companyName: `Swipe Capital ${Date.now()}`,
    section: 'Decks',
    deckName: DECK_NAME,
    pages: PAGES,
    investorName: 'Sam Swiper',
    deck: widescreenDeck(),
  });
  const room = (await (await request.get('/api/my-data-room', { headers })).json()) as { id: string };
  await waitUntilReady(request, headers, documentId);

  const errors = watchConsole(page);
  await signInByMagicLink(page, investorEmail, baseURL);
  await expect(page).toHaveURL(/\/investor-dashboard$/);
  await page.goto(`/data-room/${room.id}/documents/${documentId}`);
  await expect(page.getByRole('heading', { level: 1, name: DECK_NAME })).toBeVisible();
  const toolbar = page.getByRole('toolbar', { name: 'Pages' });
  const pageImage = (number: number) => page.getByRole('img', { name: `Page ${number} of ${PAGES}` });
  await expect(toolbar).toContainText(`Page 1 of ${PAGES}`);
  await expect.poll(() => pageImage(1).evaluate(isWhollyOnScreen)).toBe(true);
  // One page at a time, as wide as the phone; nothing else overflows sideways.
  expect((await pageImage(1).boundingBox())?.width).toBeGreaterThanOrEqual(380);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await pageImage(2).evaluate(isWhollyOnScreen)).toBe(false);

  await swipeToNextPage(page);
  await expect(toolbar).toContainText(`Page 2 of ${PAGES}`);
  await expect.poll(() => pageImage(2).evaluate(isWhollyOnScreen)).toBe(true);
  await swipeToNextPage(page);
  await expect(toolbar).toContainText(`Page 3 of ${PAGES}`);
  await expect(page).toHaveURL(new RegExp(`/data-room/${room.id}/documents/${documentId}\\?page=3$`));
  await expect.poll(() => pageImage(3).evaluate(isWhollyOnScreen)).toBe(true);
  // Sharp on the phone's 2.6x screen: the 1600 px rendering.
  expect(await pageImage(3).evaluate((image: HTMLImageElement) => image.currentSrc)).toContain('width=1600');

  await page.reload();
  await expect(page.getByRole('toolbar', { name: 'Pages' })).toContainText(`Page 3 of ${PAGES}`);
  await expect.poll(() => pageImage(3).evaluate(isWhollyOnScreen)).toBe(true);
  expect(await pageImage(2).evaluate(isWhollyOnScreen)).toBe(false);
  // Page turns replaced the address: Back leaves the document instead of stepping through its pages.
  await page.goBack();
  await expect(page).toHaveURL(/\/investor-dashboard$/);
  expect(errors, 'console errors in the investor’s browser').toEqual([]);
});

test('on a desk a 16:9 deck opens fitted to the page, whole at 1280x800 @desktop', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the desktop layout');
  test.setTimeout(120_000);
  const { token, headers, documentId } = await roomWithDeck(request, baseURL, {
    companyName: `Fit Page Partners ${Date.now()}`,
    section: 'Decks',
    deckName: DECK_NAME,
    pages: PAGES,
    investorName: 'Fay Fitter',
    deck: widescreenDeck(),
  });
  await waitUntilReady(request, headers, documentId);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);
  await page.goto(`/preview/documents/${documentId}?page=2`);
  const toolbar = page.getByRole('toolbar', { name: 'Pages' });
  // The console's code loads first on a busy machine.
  await expect(toolbar).toContainText(`Page 2 of ${PAGES}`, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Fit to width' })).toHaveAttribute('aria-pressed', 'false');
  const slide = page.getByRole('img', { name: `Page 2 of ${PAGES}` });
  await expect.poll(() => slide.evaluate(isWhollyOnScreen)).toBe(true);
  const box = await slide.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(800);
  expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(16 / 9, 1);
  // Fitted to the page, the slide is as tall as the window leaves it or as wide as its column.
  const fitted = await page.getByTestId('page-strip').evaluate((strip) => {
    const top = strip.getBoundingClientRect().top + window.scrollY;
    return { stripWidth: strip.clientWidth, height: window.innerHeight - top - 8 };
  });
  expect(Math.round(box?.width ?? 0)).toBe(Math.floor(Math.min(fitted.stripWidth, (fitted.height * 16) / 9)));
  await page.getByRole('button', { name: 'Fit to width' }).click();
  await expect(page.getByRole('button', { name: 'Fit to width' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(toolbar).toContainText(`Page 3 of ${PAGES}`);
  await expect(page).toHaveURL(/\?page=3$/);
});
