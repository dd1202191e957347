import fs from 'node:fs';
import { devices } from '@playwright/test';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { previewRoutes } from '#shared/contracts/previews';
import { expect, test, watchConsole } from './fixtures';
import { roomWithDeck } from './support/deck-room';
import { signInByMagicLink, toast } from './support/people';

const DECK_NAME = 'Board update.pdf';

/**
 * The dynamic watermark (docs/decisions/0046-dynamic-watermark.md): the founder turns "Watermark" on in /setup-data-room Settings; an
 * investor on a 390 px phone opens the deck in the viewer, and the page image their browser receives is
 * not the page as stored (the founder's copy): the watermark is burned into it on the server.
 */
test('the founder turns the watermark on; an investor on a phone reads a page whose image carries it @phone', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone journey: the investor reads at 390 px');
  test.setTimeout(120_000);
  const companyName = `Lantern Watermark ${Date.now()}`;
  const {
    token,
    headers,
    documentId,
    investorEmail: email,
  } = await roomWithDeck(request, baseURL, {
    companyName,
    section: 'Board',
    deckName: DECK_NAME,
    pages: 2,
    investorName: 'Wren Reader',
  });

  // The founder, at a desk, turns the watermark on in Settings.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);
  await page.goto('/setup-data-room?tab=settings');
  const watermark = page.getByRole('switch', { name: 'Watermark' });
  await expect(watermark).toHaveAttribute('aria-checked', 'false');
  await watermark.click();
  await expect(toast(page, 'Watermark on')).toBeVisible();
  await expect(watermark).toHaveAttribute('aria-checked', 'true');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Watermark' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('switch', { name: 'Watermark' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('settings-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('switch', { name: 'Watermark' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('settings-390.png') });
  // /admin shows it among the room's reading controls.
  await page.goto('/admin');
  const controls = page.getByRole('region', { name: 'Reading controls' });
  await expect(controls.getByText('Watermark', { exact: true })).toBeVisible();
  await expect(controls.getByText('On', { exact: true })).toBeVisible();
  await controls.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('admin-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('admin-1280.png') });

  // The investor, on the phone, opens the deck in the viewer.
  const reader = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const readerPage = await reader.newPage();
  const errors = watchConsole(readerPage);
  await signInByMagicLink(readerPage, email, baseURL);
  await expect(readerPage).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
  await readerPage.getByRole('link', { name: 'View data room' }).click();
  const pageImage = readerPage.waitForResponse(
    (response) =>
      response.url().includes(apiPath(previewRoutes.page, { params: { id: documentId, page: '1' } })) &&
      response.status() === 200,
    { timeout: 60_000 },
  );
  await readerPage.getByRole('link', { name: new RegExp(DECK_NAME) }).click();
  await expect(readerPage.getByRole('heading', { level: 1, name: DECK_NAME })).toBeVisible();
  await expect(readerPage.getByRole('img', { name: 'Page 1 of 2' })).toBeVisible({ timeout: 60_000 });
  await expect(readerPage.getByText('Watermarked', { exact: true })).toBeVisible();
  const received = await pageImage;
  const readerBytes = await received.body();
  expect(received.headers()['cache-control']).toMatch(/^private/);

  // The same page image as stored, which its owner reads: different bytes.
  const pageUrl = new URL(received.url()).pathname + new URL(received.url()).search;
  const stored = await request.get(pageUrl, { headers });
  expect(stored.status()).toBe(200);
  const storedBytes = await stored.body();
  expect(readerBytes.length).toBeGreaterThan(0);
  expect(readerBytes.equals(storedBytes)).toBe(false);
  expect(received.headers().etag).not.toBe(stored.headers().etag);
  expect(await readerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await readerPage.getByRole('img', { name: 'Page 1 of 2' }).scrollIntoViewIfNeeded();
  await readerPage.screenshot({ path: testInfo.outputPath('viewer-390.png') });
  fs.writeFileSync(testInfo.outputPath('page-1-reader.webp'), readerBytes);
  fs.writeFileSync(testInfo.outputPath('page-1-stored.webp'), storedBytes);
  await readerPage.setViewportSize({ width: 1280, height: 900 });
  await readerPage.screenshot({ path: testInfo.outputPath('viewer-1280.png') });

  // A download is the stamped PDF.
  const download = await readerPage.request.get(
    apiPath(documentRoutes.download, { params: { id: documentId } }),
  );
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  fs.writeFileSync(testInfo.outputPath('download.pdf'), await download.body());
  await reader.close();
  expect(errors, 'console errors in the investor’s browser').toEqual([]);
});
