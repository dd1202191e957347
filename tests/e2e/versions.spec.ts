import path from 'node:path';
import { devices } from '@playwright/test';
import { deckPdf } from '#tests/support/sample-documents';
import { expect, test, watchConsole } from './fixtures';
import { roomWithDeck } from './support/deck-room';
import { openConsolePlace } from './support/founder-console';
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
