import path from 'node:path';
import { devices, type Locator, type Page } from '@playwright/test';
import { deckPdf } from '#tests/support/sample-documents';
import { expect, test, watchConsole } from './fixtures';
import { waitForMail } from './support/mailbox';
import { signInByMagicLink, uniqueEmail } from './support/people';
import { roomWithSections } from './support/sections-room';

// Document links (docs/decisions/0095-document-links.md): the founder shares one file from Files, a
// reader on a phone opens the link from an e-mail, proves the address by the code, and reads page 1 of
// that document alone; the founder sees the reader and the pages in "Links".

/** Each screen (or one part of it) at the phone's width and a desk's, for review. */
async function shoot(page: Page, name: string, part?: Locator) {
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const file = path.join('test-results', 'screenshots', `doclinks-${name}-${width}.png`);
    await (part ? part.screenshot({ path: file }) : page.screenshot({ path: file }));
  }
  if (size) await page.setViewportSize(size);
}

test('a document link: the gate, the code, page 1 of that document alone; the founder sees the reader and the pages in Links @phone', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the reader reads at 390 px');
  test.setTimeout(120_000);
  const companyName = `Deck Harbor ${Date.now()}`;
  const { founderEmail } = await roomWithSections(request, baseURL, {
    companyName,
    files: [
      { section: 'Pitch', name: 'Seed deck.pdf', pdf: deckPdf(2) },
      { section: 'Financials', name: 'Operating model.pdf', pdf: deckPdf(1) },
    ],
  });

  // The founder, at a desk: Files, "Share" on the deck, a link named for its recipient.
  const desk = await browser.newContext({
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
  });
  const founderPage = await desk.newPage();
  const founderErrors = watchConsole(founderPage);
  await signInByMagicLink(founderPage, founderEmail, baseURL);
  await expect(founderPage).not.toHaveURL(/\/verify/, { timeout: 10_000 });
  await founderPage.goto('/configure?tab=files');
  // Opened at a phone's width first (the file's actions fold behind "Actions" there), for the screenshots.
  await founderPage.setViewportSize({ width: 390, height: 844 });
  await founderPage.getByRole('button', { name: 'Actions for Seed deck.pdf' }).click();
  await founderPage.getByRole('button', { name: 'Share Seed deck.pdf' }).click();
  const dialog = founderPage.getByRole('dialog', { name: 'Share this document' });
  await dialog.getByLabel('Who it is for').fill('Acme Ventures — Jane');
  await shoot(founderPage, 'share-dialog');
  await founderPage.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Make link' }).click();
  const address = dialog.getByLabel('Document link', { exact: true });
  await expect(address).toHaveValue(new RegExp(`^${baseURL}/share/[A-Za-z0-9_-]{43}$`));
  const url = await address.inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The reader, on a phone, from the e-mail: the gate names the company and asks for an address.
  const readerEmail = uniqueEmail('jane');
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Open the document' })).toBeVisible();
  await expect(page.getByText('Seed deck')).toHaveCount(0);
  await shoot(page, 'gate');
  await page.getByLabel('Email address').fill(readerEmail);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const mail = await waitForMail(readerEmail, ` is your code for the ${companyName} data room`);
  await page.getByLabel('Six-digit code').fill(/^(\d{6}) /.exec(mail.subject ?? '')?.[1] ?? '');
  await page.getByRole('button', { name: 'Open the document' }).click();

  // Page 1 of the deck, and nothing of the room: no way back to it.
  await expect(page).toHaveURL(/\/data-room\/[0-9a-f-]{36}\/documents\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Seed deck.pdf' })).toBeVisible();
  const pageOne = page.getByRole('img', { name: /Page 1/ }).first();
  await expect(pageOne).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => pageOne.evaluate((image) => (image as HTMLImageElement).naturalWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: 'Back to the data room' })).toHaveCount(0);
  await shoot(page, 'viewer');
  // A few seconds on page 1, then page 2: the viewer reports what was read every 10 s.
  await page.waitForTimeout(3_000);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2 of 2').first()).toBeVisible();
  const reported = page.waitForResponse((response) => /\/api\/views\/.+\/reports$/.test(response.url()), {
    timeout: 15_000,
  });
  expect((await reported).status()).toBe(204);

  await founderPage.goto('/admin/analytics');
  const links = founderPage.getByRole('region', { name: 'Links' });
  await expect(links.getByRole('table', { name: 'Document links compared' })).toContainText(
    'Acme Ventures — Jane',
  );
  const readers = links.getByRole('region', { name: 'Readers of Acme Ventures — Jane' });
  await expect(readers).toContainText(readerEmail, { timeout: 20_000 });
  await expect(readers.getByRole('list', { name: `Pages ${readerEmail} read` })).toContainText('p. 1');
  await shoot(founderPage, 'links', links);
  expect(founderErrors).toEqual([]);
  await desk.close();
});
