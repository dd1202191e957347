import fs from 'node:fs';
import { devices, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { previewRoutes } from '#shared/contracts/previews';
import { expect, test, watchConsole } from './fixtures';
import { roomWithDeck } from './support/deck-room';
import { firstLinkStartingWith, waitForMail } from './support/mailbox';
import { signInByMagicLink, toast } from './support/people';

const DECK_NAME = 'Board deck.pdf';

/** Settings' "Watermark" switch, flipped on and saved (docs/decisions/0046-dynamic-watermark.md). */
async function turnWatermarkOn(page: Page): Promise<void> {
  const watermark = page.getByRole('switch', { name: 'Watermark' });
  await expect(watermark).toHaveAttribute('aria-checked', 'false');
  await watermark.click();
  await expect(toast(page, 'Watermark on')).toBeVisible();
  await expect(watermark).toHaveAttribute('aria-checked', 'true');
}

/**
 * The founder's controls together: the founder turns on view-only downloads, the watermark
 * and an NDA in Settings; an investor on a 390 px phone accepts the NDA, reads a page the server
 * watermarked for them, and cannot download; the founder receives the first-visit mail from the test
 * SMTP server, unsubscribes with one click, and exports an access log that lists the view.
 */
test('view-only, watermark and NDA on: a phone investor accepts, reads a watermarked page, cannot download; the founder is mailed, unsubscribes and exports the view @phone', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone journey: the investor reads at 390 px');
  test.setTimeout(180_000);
  const companyName = `Keel Controls ${Date.now()}`;
  const {
    founderEmail,
    token,
    documentId,
    investorEmail: email,
  } = await roomWithDeck(request, baseURL, {
    companyName,
    section: 'Board',
    deckName: DECK_NAME,
    pages: 3,
    investorName: 'Rae Reader',
  });

  // The founder, at a desk: downloads off, the watermark on, an NDA with its text, in Settings.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);
  await page.goto('/setup-data-room?tab=settings');
  await page.getByRole('switch', { name: 'Allow downloads' }).click();
  await expect(toast(page, 'Downloads turned off')).toBeVisible();
  await turnWatermarkOn(page);
  await page
    .getByLabel('Agreement (markdown)')
    .fill('# Confidentiality\n\nKeep what you read here to yourself.');
  await page.getByRole('button', { name: 'Save NDA' }).click();
  await expect(toast(page, 'NDA saved')).toBeVisible();
  await page.getByRole('switch', { name: 'Require an NDA' }).click();
  await expect(toast(page, 'NDA on')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Allow downloads' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(page.getByRole('switch', { name: 'Require an NDA' })).toHaveAttribute('aria-checked', 'true');

  // The preview's pages are ready before the investor reads (the founder's own copy is not watermarked).
  await expect
    .poll(
      async () =>
        (
          await page.request.get(
            apiPath(previewRoutes.page, { params: { id: documentId, page: '1' }, query: { width: '800' } }),
          )
        ).status(),
      {
        timeout: 60_000,
      },
    )
    .toBe(200);
  const foundersPage = await (
    await page.request.get(
      apiPath(previewRoutes.page, { params: { id: documentId, page: '1' }, query: { width: '800' } }),
    )
  ).body();

  // The investor, on the phone: the NDA first, then the room.
  const reader = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const readerPage = await reader.newPage();
  // The room's reads answer 403 nda_required until the NDA is accepted: that is the point.
  const errors = watchConsole(readerPage, [/403/]);
  let downloads = 0;
  readerPage.on('download', () => downloads++);
  await signInByMagicLink(readerPage, email, baseURL);
  await expect(readerPage).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
  await readerPage.getByRole('link', { name: 'View data room' }).click();
  await expect(
    readerPage.getByRole('heading', { level: 1, name: `${companyName} asks you to accept an NDA` }),
  ).toBeVisible();
  await readerPage.getByLabel('Full name').fill('Rae Q. Reader');
  await readerPage.getByLabel('I agree to the terms of this agreement').check();
  await readerPage.getByRole('button', { name: 'Accept and enter' }).click();

  // A page of the deck, in the viewer: watermarked for this reader, with no Download.
  const entry = readerPage.getByRole('link', { name: new RegExp(DECK_NAME) });
  await expect(entry).toContainText('View only');
  await entry.click();
  await expect(readerPage).toHaveURL(new RegExp(`/documents/${documentId}$`));
  const firstPage = readerPage.getByRole('img', { name: 'Page 1 of 3' });
  await expect(firstPage).toBeVisible();
  await expect(readerPage.getByRole('button', { name: /Download/ })).toHaveCount(0);
  const shown = await readerPage.request.get(
    apiPath(previewRoutes.page, { params: { id: documentId, page: '1' }, query: { width: '800' } }),
  );
  expect(shown.status()).toBe(200);
  expect((await shown.body()).equals(foundersPage), 'the page the investor is shown is watermarked').toBe(
    false,
  );
  await expect
    .poll(() => firstPage.evaluate((image) => (image as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await readerPage.screenshot({ path: testInfo.outputPath('watermarked-page-390.png') });

  // The download URL itself: refused.
  const direct = await readerPage.request.get(
    apiPath(documentRoutes.download, { params: { id: documentId } }),
  );
  expect(direct.status()).toBe(403);
  await reader.close();
  expect(downloads, 'the investor downloaded nothing').toBe(0);
  expect(errors, 'console errors in the investor’s browser').toEqual([]);

  // The founder's first-visit mail, and its one-click unsubscribe (no sign-in).
  const mail = await waitForMail(founderEmail, 'Rae Reader opened your data room');
  const unsubscribeLink = firstLinkStartingWith(mail, `${baseURL}/unsubscribe?token=`);
  const mailReader = await browser.newContext();
  const unsubscribePage = await mailReader.newPage();
  await unsubscribePage.goto(unsubscribeLink);
  await unsubscribePage.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(unsubscribePage.getByText('You are unsubscribed')).toBeVisible();
  await mailReader.close();

  // The access log, exported from the console's Analytics, lists the view.
  await page.goto('/admin/analytics/export');
  const panel = page.getByRole('region', { name: 'Export CSV' });
  const downloading = page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Access log' }).click();
  const download = await downloading;
  const [, ...rows] = parse(fs.readFileSync(await download.path()), { bom: true }) as string[][];
  expect(rows.map((row) => [row[1], row[2], row[3], row[4]])).toContainEqual([
    'Rae Reader',
    email,
    'viewed',
    DECK_NAME,
  ]);
});
