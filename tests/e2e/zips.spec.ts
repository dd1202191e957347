import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { devices } from '@playwright/test';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { invitationRoutes } from '#shared/contracts/invitations';
import { deckPdf } from '#tests/support/sample-documents';
import { zipOf } from '#tests/support/zips';
import { expect, test, watchConsole } from './fixtures';
import { downloadAllOf } from './support/download-all';
import { openConsolePlace } from './support/founder-console';
import { waitForMail } from './support/mailbox';
import { signInByMagicLink, uniqueEmail } from './support/people';

/**
 * Folders and zips in, one zip out (docs/product-rules.md#folders-and-zips, #download-all): the founder
 * uploads a zipped folder in the console and reads a line per file; an investor on a phone taps
 * "Download all" on a section and gets exactly the files they may download, a view-only one left out.
 */
test('a zipped folder goes into sections; "Download all" on a section gives what the reader may download @phone', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the investor downloads on a phone');
  test.setTimeout(120_000);
  const companyName = `Zipline ${Date.now()}`;
  const created = await request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName },
  });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, origin: baseURL ?? '' };

  // The founder, at a desk, drops a zipped folder into the console's upload area.
  const deck = deckPdf(1);
  const model = deckPdf(2);
  const charter = deckPdf(1);
  const zip = zipOf({
    'Raise/Financials/Deck.pdf': deck,
    'Raise/Financials/Model.pdf': model,
    'Raise/Legal/Charter.pdf': charter,
    'Raise/Legal/run.exe': Buffer.from('MZ'),
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);
  await page.goto('/configure');
  await openConsolePlace(page, 'Documents');
  await page
    .getByLabel('Choose files')
    .setInputFiles({ name: 'Raise.zip', mimeType: 'application/zip', buffer: zip });
  const lines = page.getByRole('list', { name: 'Files of Raise.zip' });
  await expect(lines.getByRole('listitem')).toHaveCount(4, { timeout: 30_000 });
  await expect(lines.getByRole('listitem').filter({ hasText: 'Raise/Financials/Deck.pdf' })).toContainText(
    '→ Financials',
  );
  await expect(lines.getByRole('listitem').filter({ hasText: 'Raise/Legal/Charter.pdf' })).toContainText(
    '→ Legal',
  );
  await expect(lines.getByRole('listitem').filter({ hasText: 'Raise/Legal/run.exe' })).toContainText(
    'Files of type ".exe" cannot be uploaded.',
  );
  await expect(page.getByRole('link', { name: 'Download all documents of your data room' })).toBeVisible();

  // The model is view-only; an investor is invited.
  const documents = (await (await request.get(apiPath(documentRoutes.mine), { headers })).json()) as {
    id: string;
    title: string;
  }[];
  const modelId = documents.find((document) => document.title === 'Model.pdf')?.id;
  expect(
    (
      await request.post(apiPath(documentRoutes.setDownloadPolicy, { params: { id: String(modelId) } }), {
        headers,
        data: { policy: 'view_only' },
      })
    ).status(),
  ).toBe(200);
  const investorEmail = uniqueEmail('reader');
  expect(
    (
      await request.post(apiPath(invitationRoutes.create), {
        headers,
        data: { email: investorEmail, name: 'Zed Reader' },
      })
    ).status(),
  ).toBe(201);
  await waitForMail(investorEmail, 'invited you');

  // The investor, on a phone, taps "Download all" on Financials.
  const reader = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    acceptDownloads: true,
  });
  const readerPage = await reader.newPage();
  const errors = watchConsole(readerPage);
  await signInByMagicLink(readerPage, investorEmail, baseURL);
  await expect(readerPage).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
  await readerPage.getByRole('link', { name: 'View data room' }).click();
  const files = await downloadAllOf(readerPage, 'Financials');
  expect([...files.keys()]).toEqual(['Deck.pdf']);
  expect(files.get('Deck.pdf')?.equals(deck)).toBe(true);
  expect(await readerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await reader.close();
  expect(errors, 'console errors in the investor’s browser').toEqual([]);
});

/** A folder picked with the browser's directory picker: each file goes into its top folder's section. */
test('a folder picked in the console goes into sections named after its folders @desktop', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the founder uploads at a desk');
  const created = await request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName: `Folderly ${Date.now()}` },
  });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-e2e-folder-'));
  try {
    fs.mkdirSync(path.join(folder, 'Raise', 'Financials'), { recursive: true });
    fs.mkdirSync(path.join(folder, 'Raise', 'Legal'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'Raise', 'Financials', 'Deck.pdf'), deckPdf(1));
    fs.writeFileSync(path.join(folder, 'Raise', 'Legal', 'Charter.pdf'), deckPdf(1));
    fs.writeFileSync(path.join(folder, 'Raise', '.DS_Store'), 'junk');
    await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);
    await page.goto('/configure');
    await openConsolePlace(page, 'Documents');
    await page.getByLabel('Choose a folder').setInputFiles(path.join(folder, 'Raise'));
    const uploads = page.getByRole('region', { name: 'Uploads' });
    await expect(uploads.getByText('Uploaded')).toHaveCount(2, { timeout: 30_000 });
    await expect(uploads).toContainText('Raise/Financials/Deck.pdf');
    await expect(uploads).not.toContainText('.DS_Store');
    const files = page.getByRole('list', { name: 'Files' });
    await expect(files.getByRole('listitem').filter({ hasText: 'Deck.pdf' })).toContainText('Financials');
    await expect(files.getByRole('listitem').filter({ hasText: 'Charter.pdf' })).toContainText('Legal');
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
