import { devices } from '@playwright/test';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { deckPdf } from '#tests/support/sample-documents';
import { expect, test, watchConsole } from './fixtures';
import { roomWithDeck } from './support/deck-room';
import { openConsolePlace } from './support/founder-console';
import { founderWithRoom, signInByMagicLink, toast } from './support/people';

const DECK_NAME = 'Cap table walkthrough.pdf';

/**
 * View-only documents (docs/decisions/0043-view-only-documents.md): the founder turns one file's "Allow download" to View only in
 * /configure; an investor on a 390 px phone sees "View only" on it in the room, reads it in the viewer
 * without a Download button, and the download URL itself answers 403; the founder still downloads it.
 */
test('a view-only document is read on a phone but not downloaded; its founder still downloads it @phone', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone journey: the investor reads at 390 px');
  test.setTimeout(120_000);
  const companyName = `Quayside View Only ${Date.now()}`;
  const {
    token,
    documentId,
    deck,
    investorEmail: email,
  } = await roomWithDeck(request, baseURL, {
    companyName,
    section: 'Finance',
    deckName: DECK_NAME,
    pages: 2,
    investorName: 'Vic Viewer',
  });

  // The founder, at a desk, turns the file's "Allow download" to View only in /configure's Files.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);
  await page.goto('/configure');
  await openConsolePlace(page, 'Documents');
  const row = page.getByRole('list', { name: 'Files' }).getByRole('listitem').filter({ hasText: DECK_NAME });
  await expect(row).toContainText('Ready', { timeout: 60_000 });
  const allowDownload = row.getByRole('combobox', { name: `Allow download for ${DECK_NAME}` });
  await expect(allowDownload).toHaveValue('room');
  await expect(row.getByTitle('Investors read it in the viewer only')).toHaveCount(0);
  await allowDownload.selectOption({ label: 'View only' });
  await expect(toast(page, 'View only')).toBeVisible();
  await expect(row.getByTitle('Investors read it in the viewer only')).toHaveText('View only');
  // Saved: a reload shows the same choice.
  await page.reload();
  await openConsolePlace(page, 'Documents');
  await expect(allowDownload).toHaveValue('view_only');

  // The investor, on the phone, sees "View only" on the file and reads it without Download.
  const reader = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const readerPage = await reader.newPage();
  // The direct download below is refused on purpose; the browser logs nothing for a fetch by the API.
  const errors = watchConsole(readerPage);
  let downloads = 0;
  readerPage.on('download', () => downloads++);
  await signInByMagicLink(readerPage, email, baseURL);
  await expect(readerPage).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
  await readerPage.getByRole('link', { name: 'View data room' }).click();
  const entry = readerPage.getByRole('link', { name: new RegExp(DECK_NAME) });
  await expect(entry).toContainText('View only');
  await entry.click();
  await expect(readerPage).toHaveURL(new RegExp(`/documents/${documentId}$`));
  await expect(readerPage.getByRole('heading', { level: 1, name: DECK_NAME })).toBeVisible();
  await expect(readerPage.getByRole('img', { name: 'Page 1 of 2' })).toBeVisible();
  await expect(readerPage.getByText('View only', { exact: true })).toBeVisible();
  await expect(readerPage.getByRole('button', { name: /Download/ })).toHaveCount(0);
  expect(await readerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The download URL itself, with the investor's own session: refused.
  const direct = await readerPage.request.get(
    apiPath(documentRoutes.download, { params: { id: documentId } }),
  );
  expect(direct.status()).toBe(403);
  expect(await direct.json()).toEqual({
    error: 'view_only',
    message: 'This document can be read in the viewer only: its owner does not allow downloads.',
  });
  await reader.close();
  expect(downloads, 'the investor downloaded nothing').toBe(0);
  expect(errors, 'console errors in the investor’s browser').toEqual([]);

  // The founder still downloads it from Files: the very bytes uploaded.
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${DECK_NAME}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(DECK_NAME);
  const path = await file.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path).equals(deck)).toBe(true);
});

/**
 * The room's default: "Allow downloads" in /setup-data-room Settings. Off, every file that follows the
 * room reads View only in Files; the switch keeps its state across a reload.
 */
test('the founder turns the room\'s "Allow downloads" off in Settings, and files that follow the room become View only @desktop', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'a settings journey, at a desk');
  const founder = await founderWithRoom(request, `Harbour Defaults ${Date.now()}`);
  const headers = { ...founder, origin: baseURL ?? '' };
  const uploaded = await request.post(apiPath(documentRoutes.upload), {
    headers,
    multipart: { file: { name: 'Forecast.pdf', mimeType: 'application/pdf', buffer: deckPdf(1) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const token = founder.authorization?.replace('Bearer ', '') ?? '';
  await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);

  await page.goto('/setup-data-room?tab=settings');
  const allowDownloads = page.getByRole('switch', { name: 'Allow downloads' });
  await expect(allowDownloads).toHaveAttribute('aria-checked', 'true');
  await allowDownloads.click();
  await expect(toast(page, 'Downloads turned off')).toBeVisible();
  await expect(allowDownloads).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Allow downloads' })).toHaveAttribute(
    'aria-checked',
    'false',
  );

  await openConsolePlace(page, 'Documents');
  const row = page
    .getByRole('list', { name: 'Uploaded documents' })
    .getByRole('listitem')
    .filter({ hasText: 'Forecast.pdf' });
  await expect(row.getByRole('combobox', { name: 'Allow download for Forecast.pdf' })).toHaveValue('room');
  await expect(row.getByTitle('Investors read it in the viewer only')).toHaveText('View only');
});
