import path from 'node:path';
import { devices } from '@playwright/test';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { readingRoutes } from '#shared/contracts/reading';
import { deckPdf } from '#tests/support/sample-documents';
import { expect, test, watchConsole } from './fixtures';
import { roomWithDeck } from './support/deck-room';
import { openConsolePlace } from './support/founder-console';
import { investorApi } from './support/investor-api';
import { waitForMail } from './support/mailbox';
import { signInByMagicLink, toast } from './support/people';

const DECK_NAME = 'Series A deck.pdf';
const SCREENSHOTS = path.join('test-results', 'screenshots');

/**
 * Documents with versions (docs/decisions/0069-document-versions.md): the founder replaces the deck; the
 * reader, on a phone, sees "Updated" and the new pages once prepared, and the founder's version history
 * shows who read which version.
 */
test('the founder replaces the deck; the reader sees "Updated" and the new pages; the history shows both versions @phone', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone journey: the investor reads at 390 px');
  test.setTimeout(150_000);
  const { token, documentId, investorEmail } = await roomWithDeck(request, baseURL, {
    companyName: `Keel Versions ${Date.now()}`,
    section: 'Decks',
    deckName: DECK_NAME,
    pages: 2,
    investorName: 'Vera Reader',
  });
  await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/configure');
  await openConsolePlace(page, 'Documents');
  const row = page.getByRole('list', { name: 'Files' }).getByRole('listitem').filter({ hasText: DECK_NAME });
  await expect(row).toContainText('Ready', { timeout: 60_000 });

  // The reader opens the two-page deck on a phone.
  const reader = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const readerPage = await reader.newPage();
  const errors = watchConsole(readerPage);
  await signInByMagicLink(readerPage, investorEmail, baseURL);
  await expect(readerPage).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
  await readerPage.getByRole('link', { name: 'View data room' }).click();
  await readerPage.getByRole('link', { name: new RegExp(DECK_NAME) }).click();
  await expect(readerPage.getByRole('toolbar', { name: 'Pages' })).toContainText('Page 1 of 2');
  await expect(readerPage.getByText(/^Updated /)).toHaveCount(0);

  // The founder replaces it with a three-page deck and asks to tell its readers.
  await row.getByRole('button', { name: `Versions of ${DECK_NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: `Versions of ${DECK_NAME}` });
  // Each version is an item of the list (its readers are a list of their own inside it).
  const versions = dialog.getByRole('list', { name: 'Versions' }).locator(':scope > li');
  await expect(versions).toHaveCount(1);
  await dialog.getByLabel('The new file').setInputFiles({
    name: 'Series A deck v2.pdf',
    mimeType: 'application/pdf',
    buffer: deckPdf(3),
  });
  await dialog.getByLabel('Notify those who read the earlier version').check();
  await dialog.getByRole('button', { name: 'Replace file' }).click();
  await expect(toast(page, 'File replaced')).toBeVisible();
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText('Version 2');
  await expect(versions.first()).toContainText('Current', { timeout: 60_000 });
  await expect(versions.nth(1)).toContainText('Earlier');
  await expect(versions.nth(1)).toContainText(investorEmail);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `versions-dialog-${width}.png`), fullPage: true });
  }

  // The reader was told, and now reads the new deck, "Updated" under its title, in the room and the viewer.
  const mail = await waitForMail(investorEmail, `updated ${DECK_NAME}`);
  expect(mail.text).toContain(`/documents/${documentId}`);
  await readerPage.goBack();
  await expect(readerPage.getByText('Updated today')).toBeVisible();
  await readerPage.getByRole('link', { name: new RegExp(DECK_NAME) }).click();
  await expect(readerPage.getByRole('toolbar', { name: 'Pages' })).toContainText('Page 1 of 3');
  await expect(readerPage.getByText('Updated today')).toBeVisible();
  await readerPage.screenshot({ path: path.join(SCREENSHOTS, 'versions-reader-390.png') });
  await readerPage.setViewportSize({ width: 1280, height: 900 });
  await readerPage.screenshot({ path: path.join(SCREENSHOTS, 'versions-reader-1280.png') });
  await reader.close();
  expect(errors, 'console errors in the investor’s browser').toEqual([]);

  // The history names the reader of each version.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await openConsolePlace(page, 'Documents');
  await row.getByRole('button', { name: `Versions of ${DECK_NAME}` }).click();
  await expect(versions.first()).toContainText(investorEmail);
  await expect(versions.nth(1)).toContainText(investorEmail);

  // The document's analytics show both versions, each with its reader.
  await page.goto(`/admin/analytics/documents/${documentId}`);
  const byVersion = page.getByRole('table', { name: 'Reading by version' });
  await expect(byVersion.getByRole('row')).toHaveCount(3);
  await expect(byVersion.getByRole('row').nth(1)).toContainText('2 (current)');
  await expect(byVersion.getByRole('row').nth(1)).toContainText('Vera Reader');
  await expect(byVersion.getByRole('row').nth(2)).toContainText('Vera Reader');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: path.join(SCREENSHOTS, `versions-analytics-${width}.png`),
      fullPage: true,
    });
  }
});

/**
 * Analytics by version (docs/decisions/0077-reading-analytics-by-version.md): a 12-page deck, half read,
 * replaced by 13 pages; the founder's analytics show v2 by default and v1 apart ("6 of 12"), at the
 * project's width (desktop 1280, phone 390).
 */
test("a replaced deck's analytics show v1 and v2 apart @phone", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const { token, headers, documentId, investorEmail } = await roomWithDeck(request, baseURL, {
    companyName: `Keel Analytics ${Date.now()}`,
    section: 'Decks',
    deckName: DECK_NAME,
    pages: 12,
    investorName: 'Vera Reader',
  });
  const analytics = async () => {
    const answer = await request.get(apiPath(readingRoutes.document, { params: { documentId } }), {
      headers,
    });
    expect(answer.status()).toBe(200);
    return (await answer.json()) as { document: { pageCount: number | null; currentVersion: number } };
  };
  await expect.poll(async () => (await analytics()).document.pageCount, { timeout: 60_000 }).toBe(12);

  // Vera reads pages 1 to 6 of v1 through the viewer's API (within the 2 s a report may claim at once).
  const investor = await investorApi(investorEmail);
  const readPages = async (pages: number[]) => {
    const opened = await investor.post(apiPath(readingRoutes.openView, { params: { id: documentId } }));
    expect(opened.status(), await opened.text()).toBe(201);
    const { viewId } = (await opened.json()) as { viewId: string };
    const reported = await investor.post(apiPath(readingRoutes.report, { params: { viewId } }), {
      data: { pages: pages.map((number) => ({ page: number, seconds: 0.3 })) },
    });
    expect(reported.status(), await reported.text()).toBe(204);
  };
  await readPages([1, 2, 3, 4, 5, 6]);

  const replaced = await request.post(apiPath(documentRoutes.replaceFile, { params: { id: documentId } }), {
    headers,
    multipart: { file: { name: 'Series A deck v2.pdf', mimeType: 'application/pdf', buffer: deckPdf(13) } },
  });
  expect(replaced.status(), await replaced.text()).toBe(201);
  await expect
    .poll(async () => (await analytics()).document, { timeout: 60_000 })
    .toEqual({ id: documentId, title: DECK_NAME, pageCount: 13, currentVersion: 2 });
  await readPages([13]);
  await investor.dispose();

  await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);
  await page.goto(`/admin/analytics/documents/${documentId}`);
  await expect(page.getByRole('heading', { level: 1, name: DECK_NAME })).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Version' });
  await expect(picker).toHaveValue('2');
  await expect(picker.getByRole('option')).toHaveText([
    /^Version 2 \(current\) · 13 pages · /,
    /^Version 1 · 12 pages · /,
  ]);
  await expect(page.getByText('Version 2 of 2 · 13 pages')).toBeVisible();
  await expect(page.getByText(/Readers, views and reading time count versions 1 and 2/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Time per page of version 2' })).toBeVisible();
  const shown = (text: string) => page.getByText(text, { exact: true }).filter({ visible: true });
  await expect(shown('1 of 13')).toBeVisible();
  await expect(shown('6 of 13')).toHaveCount(0);
  await shootAnalytics(page, testInfo.project.name, 'v2');

  await picker.selectOption('1');
  await expect(page).toHaveURL(/\?version=1$/);
  await expect(page.getByText('Version 1 of 2 · 12 pages')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Time per page of version 1' })).toBeVisible();
  await expect(shown('6 of 12')).toBeVisible();
  await expect(
    page.getByRole('term').filter({ hasText: 'Completion of version 1' }).locator('xpath=..'),
  ).toContainText('50%');
  await shootAnalytics(page, testInfo.project.name, 'v1');

  // The current version again, by the picker: the URL loses ?version=.
  await picker.selectOption('2');
  await expect(page).toHaveURL(new RegExp(`/admin/analytics/documents/${documentId}$`));
  await expect(shown('1 of 13')).toBeVisible();
});

/** The page as the lead reviews it, at the project's width. */
async function shootAnalytics(page: import('@playwright/test').Page, project: string, version: string) {
  await page.screenshot({
    path: path.join(SCREENSHOTS, `analytics-by-version-${version}-${project}.png`),
    fullPage: true,
  });
}
