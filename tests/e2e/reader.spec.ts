import type { APIRequestContext } from '@playwright/test';
import { apiPath } from '#shared/contracts/api-route';
import { previewRoutes } from '#shared/contracts/previews';
import { roomRoutes } from '#shared/contracts/rooms';
import { writtenPdf } from '#tests/support/sample-documents';
import { expect, test, watchConsole } from './fixtures';
import { roomWithDeck } from './support/deck-room';
import { signInByMagicLink } from './support/people';
import { isWhollyOnScreen, swipe, swipeToNextPage, swipeToPreviousPage } from './support/touch';

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
        const response = await request.get(apiPath(previewRoutes.preview, { params: { id: documentId } }), {
          headers,
        });
        return ((await response.json()) as { status: string }).status;
      },
      { timeout: 60_000 },
    )
    .toBe('ready');
}

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
  const room = (await (await request.get(apiPath(roomRoutes.mine), { headers })).json()) as { id: string };
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

/** The box of an element on screen, in CSS pixels. */
const boxOf = (element: Element) => {
  const { left, top, right, bottom, width, height } = element.getBoundingClientRect();
  return { left, top, right, bottom, width, height };
};

test('on a phone the reader takes the focus, full screen fills the screen, a swipe anywhere turns the page and never leaves @phone', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'swiping is the phone’s');
  test.setTimeout(120_000);
  const { headers, documentId, investorEmail } = await roomWithDeck(request, baseURL, {
    companyName: `Full Screen Ventures ${Date.now()}`,
    section: 'Decks',
    deckName: DECK_NAME,
    pages: PAGES,
    investorName: 'Fern Fullscreen',
    deck: widescreenDeck(),
  });
  const room = (await (await request.get(apiPath(roomRoutes.mine), { headers })).json()) as { id: string };
  await waitUntilReady(request, headers, documentId);
  const documentAddress = new RegExp(`/data-room/${room.id}/documents/${documentId}(\\?page=\\d+)?$`);

  await signInByMagicLink(page, investorEmail, baseURL);
  await expect(page).toHaveURL(/\/investor-dashboard$/);
  await page.goto(`/data-room/${room.id}`);
  await page.getByRole('link', { name: new RegExp(DECK_NAME) }).click();
  await expect(page).toHaveURL(documentAddress);
  // Opening the document puts the focus on it, named, so a screen reader says where the reader is.
  await expect(page.getByRole('region', { name: DECK_NAME })).toBeFocused();
  const toolbar = page.getByRole('toolbar', { name: 'Pages' });
  const pageImage = (number: number) => page.getByRole('img', { name: `Page ${number} of ${PAGES}` });
  await expect(toolbar).toContainText(`Page 1 of ${PAGES}`);
  await expect.poll(() => pageImage(1).evaluate(isWhollyOnScreen)).toBe(true);

  // Out of full screen, a swipe on the reader's toolbar (not on the page) turns the page too.
  const toolbarMiddle = await toolbar.evaluate((bar) => {
    const box = bar.getBoundingClientRect();
    return Math.round(box.top + box.height / 2);
  });
  await swipeToNextPage(page, toolbarMiddle);
  await expect(toolbar).toContainText(`Page 2 of ${PAGES}`);
  await swipeToPreviousPage(page, toolbarMiddle);
  await expect(toolbar).toContainText(`Page 1 of ${PAGES}`);
  await expect(page).toHaveURL(documentAddress);
  // Back from page 1 is nowhere to go: the browser's Back gesture does not take the swipe either.
  await swipeToPreviousPage(page, toolbarMiddle);
  await expect(toolbar).toContainText(`Page 1 of ${PAGES}`);
  await expect(page).toHaveURL(documentAddress);

  await page.getByRole('button', { name: 'Full screen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await expect.poll(() => pageImage(1).evaluate(isWhollyOnScreen)).toBe(true);
  // The slide is as wide as the screen and centred in the space under the toolbar, which reaches the
  // bottom of the screen.
  const strip = await page.getByTestId('page-strip').evaluate(boxOf);
  const slide = await pageImage(1).evaluate(boxOf);
  const { width, height } = page.viewportSize() ?? { width: 390, height: 844 };
  expect(strip.bottom).toBeGreaterThanOrEqual(height - 16);
  expect(slide.width).toBeGreaterThanOrEqual(width - 16);
  expect(Math.abs(slide.left + slide.width / 2 - width / 2)).toBeLessThanOrEqual(2);
  expect(Math.abs(slide.top + slide.height / 2 - (strip.top + strip.height / 2))).toBeLessThanOrEqual(2);
  expect(slide.bottom).toBeLessThan(height - 200);

  // Swipes on the empty screen under the slide turn the page both ways and never leave the document.
  const underTheSlide = Math.round((slide.bottom + height) / 2);
  await swipeToNextPage(page, underTheSlide);
  await expect(toolbar).toContainText(`Page 2 of ${PAGES}`);
  await expect.poll(() => pageImage(2).evaluate(isWhollyOnScreen)).toBe(true);
  await swipeToPreviousPage(page, underTheSlide);
  await expect(toolbar).toContainText(`Page 1 of ${PAGES}`);
  await expect.poll(() => pageImage(1).evaluate(isWhollyOnScreen)).toBe(true);
  await swipeToPreviousPage(page, underTheSlide);
  await expect(toolbar).toContainText(`Page 1 of ${PAGES}`);
  await expect(page).toHaveURL(documentAddress);
  // And above it.
  await swipeToNextPage(page, Math.round((strip.top + slide.top) / 2));
  await expect(toolbar).toContainText(`Page 2 of ${PAGES}`);
  await expect(page).toHaveURL(documentAddress);
  expect(await page.evaluate(() => document.fullscreenElement !== null)).toBe(true);

  // A close button the reader can see leaves full screen.
  const close = page.getByRole('button', { name: 'Exit full screen' });
  await expect(close).toBeVisible();
  await close.click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
  await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();
  await expect(page).toHaveURL(documentAddress);
  // Escape leaves it too.
  await page.getByRole('button', { name: 'Full screen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
  await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();

  // "Ask a question" puts the cursor in its box.
  await page.getByRole('button', { name: 'Ask a question' }).click();
  await expect(page.getByLabel('Your question')).toBeFocused();
  // With the question open the page is taller than the phone: a finger moving up the page scrolls it
  // down, and turns nothing.
  for (const where of [pageImage(2), toolbar]) {
    await page.evaluate(() => window.scrollTo(0, 0));
    const middle = await where.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { x: Math.round(box.left + box.width / 2), y: Math.round(box.top + box.height / 2) };
    });
    await swipe(page, middle, { x: middle.x + 10, y: middle.y - 150 });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
    await expect(toolbar).toContainText(`Page 2 of ${PAGES}`);
  }
});
