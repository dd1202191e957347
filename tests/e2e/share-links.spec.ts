import path from 'node:path';
import { devices } from '@playwright/test';
import { apiPath } from '#shared/contracts/api-route';
import { groupRoutes } from '#shared/contracts/groups';
import { deckPdf } from '#tests/support/sample-documents';
import { expect, test, watchConsole } from './fixtures';
import { makeShareLink } from './support/founder-console';
import { signInByMagicLink, uniqueEmail } from './support/people';
import { roomWithSections } from './support/sections-room';
import { proveAddressByCode } from './support/share-link-reader';

// Share links that verify the reader (docs/decisions/0071-share-links.md): the founder makes a link of a
// group in the console; a reader on a phone opens it, sees whose room it is, proves an address by the
// code in the mail (which names the company), and reads what that group may read, a section hidden from
// the group absent. Turned off, the link's page names no room.

test('a founder makes a share link; a reader on a phone proves an address by the code and reads what the group may read, not the hidden section @phone', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the reader reads at 390 px');
  test.setTimeout(120_000);
  const companyName = `Share Harbor ${Date.now()}`;
  const { founderEmail, headers } = await roomWithSections(request, baseURL, {
    companyName,
    files: [
      { section: 'Pitch', name: 'Seed deck.pdf', pdf: deckPdf(2) },
      { section: 'Financials', name: 'Operating model.pdf', pdf: deckPdf(2) },
    ],
  });
  const diligence = await request.post(apiPath(groupRoutes.create), { headers, data: { name: 'Diligence' } });
  expect(diligence.status()).toBe(201);
  const hidden = await request.post(apiPath(groupRoutes.setSectionVisibility), {
    headers,
    data: { section: 'Financials', visibleTo: [((await diligence.json()) as { id: string }).id] },
  });
  expect(hidden.status()).toBe(200);

  // The founder, at a desk: Investors, Share links, a link of "All investors".
  const desk = await browser.newContext({
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
  });
  const founderPage = await desk.newPage();
  const founderErrors = watchConsole(founderPage);
  await signInByMagicLink(founderPage, founderEmail, baseURL);
  await expect(founderPage).not.toHaveURL(/\/verify/, { timeout: 10_000 });
  const shareUrl = await makeShareLink(founderPage, 'Cold outreach, March', 'All investors');
  expect(shareUrl).toMatch(new RegExp(`^${baseURL}/share/[A-Za-z0-9_-]{43}$`));
  const panel = founderPage.locator('#share-links');
  // Changed: the link lets in at most five readers.
  const card = panel.getByRole('region', { name: 'Cold outreach, March' });
  await card.getByRole('button', { name: 'Change' }).click();
  await card.getByLabel('Most readers').fill('5');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card).toContainText('0 of 5 readers');

  // The reader, on a phone: whose room it is, and nothing of its content before the proof.
  const readerEmail = uniqueEmail('reader');
  await page.goto(shareUrl);
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  await expect(page.getByText('Shared by Fran', { exact: true })).toBeVisible();
  await expect(page.getByText(/We’ll e-mail you a six-digit code/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveText('Powered by Roundroom');
  await expect(page.getByText(/\bFounder\b/)).toHaveCount(0);
  await expect(page.getByText(founderEmail)).toHaveCount(0);
  await expect(page.getByText('Seed deck')).toHaveCount(0);
  await proveAddressByCode(page, readerEmail, companyName);

  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: /Seed deck\.pdf/ })).toBeVisible();
  await expect(page.getByText('Financials')).toHaveCount(0);
  await expect(page.getByText(/Operating model/)).toHaveCount(0);

  // The founder sees the verified address as the link's reader, and turns the company's name off the
  // link's page: the next reader sees today's neutral page.
  await founderPage.reload();
  await expect(founderPage.locator('#share-links').getByText(readerEmail)).toBeVisible();
  const shown = card.getByRole('switch', { name: 'Show the company’s name' });
  await expect(shown).toBeChecked();
  await shown.click();
  await expect(shown).not.toBeChecked();
  const stranger = await browser.newPage();
  await stranger.goto(shareUrl);
  await expect(stranger.getByRole('heading', { level: 1, name: 'Open the data room' })).toBeVisible();
  await expect(stranger.getByText(companyName)).toHaveCount(0);
  await expect(stranger.getByText(/Shared by/)).toHaveCount(0);
  await stranger.close();
  expect(founderErrors).toEqual([]);
  await desk.close();
});

test('a share link is copied again after a reload, and the copied address still lets a reader in @phone', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const companyName = `Copy Again ${Date.now()}`;
  const { founderEmail } = await roomWithSections(request, baseURL, {
    companyName,
    files: [{ section: 'Pitch', name: 'Seed deck.pdf', pdf: deckPdf(2) }],
  });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors = watchConsole(page);
  await signInByMagicLink(page, founderEmail, baseURL);
  await expect(page).not.toHaveURL(/\/verify/, { timeout: 10_000 });
  const made = await makeShareLink(page, 'Newsletter', 'All investors');
  await expect(page.getByText(/only this once/)).toHaveCount(0);

  // Weeks later, as it were: a fresh page, the same link copied from its card.
  await page.reload();
  const card = page.locator('#share-links').getByRole('region', { name: 'Newsletter' });
  await card.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  await card.screenshot({
    path: path.join('test-results', 'screenshots', `share-links-copy-${testInfo.project.name}.png`),
  });
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(made);

  const reader = await browser.newPage();
  await reader.goto(copied);
  await proveAddressByCode(reader, uniqueEmail('copied-again'), companyName);
  await expect(reader.getByRole('link', { name: /Seed deck\.pdf/ })).toBeVisible({ timeout: 20_000 });
  await reader.close();
  expect(errors).toEqual([]);
});
