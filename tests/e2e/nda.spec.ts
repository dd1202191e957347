import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { devices } from '@playwright/test';
import { apiPath } from '#shared/contracts/api-route';
import { invitationRoutes } from '#shared/contracts/invitations';
import { roomRoutes } from '#shared/contracts/rooms';
import { expect, test, watchConsole } from './fixtures';
import { firstLinkStartingWith, waitForMail } from './support/mailbox';
import { founderWithRoom, signInByMagicLink, toast, uniqueEmail } from './support/people';

const SCREENSHOTS = path.join('test-results', 'screenshots');

const AGREEMENT = [
  '# Mutual non-disclosure agreement',
  '',
  'The **recipient** keeps everything in this data room *confidential* and uses it only to evaluate an investment.',
  '',
  '1. Do not share the documents with anyone outside your firm.',
  '2. Delete them when the founders ask you to.',
  '',
  '> This agreement lasts two years from the day you accept it.',
].join('\n');

/**
 * The NDA before entry (docs/decisions/0045-nda-before-entry.md): the founder turns it on with a text in /setup-data-room Settings; an
 * investor on a 390 px phone meets the NDA page instead of the room, accepts it with their full name and
 * "I agree", and reads the room; the founder sees the acceptance in /admin and downloads its PDF record.
 */
test('an investor on a phone accepts the NDA before entering; the founder sees it in the console’s Investors and downloads its record @phone', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone journey: the investor accepts at 390 px');
  test.setTimeout(120_000);
  const companyName = `Lighthouse NDA ${Date.now()}`;
  const founder = await founderWithRoom(request, companyName);
  const headers = { ...founder, origin: baseURL ?? '' };
  const saved = await request.post(apiPath(roomRoutes.saveSections), {
    headers,
    data: {
      content: `# Company Information\nname: ${companyName}\n\n## Finance\n- [Model](https://docs.example/model)\n`,
    },
  });
  expect(saved.status()).toBe(200);
  const email = uniqueEmail('signer');
  expect(
    (
      await request.post(apiPath(invitationRoutes.create), { headers, data: { email, name: 'Nia Signer' } })
    ).status(),
  ).toBe(201);
  const invitation = await waitForMail(email, 'invited you');
  const invitedView = firstLinkStartingWith(invitation, `${baseURL}/data-room?invite=`);

  // The founder, at a desk, turns the NDA on with its text in Settings.
  await page.setViewportSize({ width: 1280, height: 900 });
  const token = founder.authorization?.replace('Bearer ', '') ?? '';
  await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);
  await page.goto('/setup-data-room?tab=settings');
  const card = page.getByRole('region', { name: 'NDA before entry' });
  const requireNda = page.getByRole('switch', { name: 'Require an NDA' });
  await expect(requireNda).toHaveAttribute('aria-checked', 'false');
  await requireNda.click();
  // On without a saved text: said beside the switch at once, and nothing saved.
  await expect(card.getByText('Save the agreement first')).toBeVisible();
  await expect(requireNda).toHaveAttribute('aria-checked', 'false');
  await page.getByLabel('Agreement (markdown)').fill(AGREEMENT);
  await expect(
    page
      .getByRole('region', { name: 'Preview of the agreement' })
      .getByRole('heading', { name: 'Mutual non-disclosure agreement' }),
  ).toBeVisible();
  // Tall enough for the whole card: the sticky header would cover part of a taller one.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 2400 });
    await card.screenshot({ path: path.join(SCREENSHOTS, `nda-settings-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Save NDA' }).click();
  await expect(toast(page, 'NDA saved')).toBeVisible();
  // The switch saves by itself, like every switch in Settings.
  await requireNda.click();
  await expect(toast(page, 'NDA on')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Require an NDA' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('Agreement (markdown)')).toHaveValue(AGREEMENT);

  // The invitation's link, at a desk and without signing in, shows the NDA too, not the room.
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const visitorPage = await visitor.newPage();
  watchConsole(visitorPage, [/403/]);
  await visitorPage.goto(invitedView);
  await expect(
    visitorPage.getByRole('heading', { level: 1, name: `${companyName} asks you to accept an NDA` }),
  ).toBeVisible();
  await expect(visitorPage.getByRole('button', { name: 'Accept and enter' })).toBeDisabled();
  // The name field starts with the name the founder invited them by (ADR 45).
  await expect(visitorPage.getByLabel('Full name')).toHaveValue('Nia Signer');
  await expect(visitorPage.getByText('Finance')).toHaveCount(0);
  await visitorPage.screenshot({ path: path.join(SCREENSHOTS, 'nda-page-invited-1280.png'), fullPage: true });
  await visitor.close();

  // The investor, on the phone, meets the NDA instead of the room.
  const reader = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const readerPage = await reader.newPage();
  // The room's reads are refused (403 nda_required) until the NDA is accepted: that is the point.
  const errors = watchConsole(readerPage, [/403/]);
  await signInByMagicLink(readerPage, email, baseURL);
  await expect(readerPage).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
  await readerPage.getByRole('link', { name: 'View data room' }).click();
  await expect(
    readerPage.getByRole('heading', { level: 1, name: `${companyName} asks you to accept an NDA` }),
  ).toBeVisible();
  const agreement = readerPage.getByRole('region', { name: 'The agreement' });
  await expect(agreement.getByRole('heading', { name: 'Mutual non-disclosure agreement' })).toBeVisible();
  await expect(agreement.getByText('recipient', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
  await expect(agreement.getByRole('listitem')).toHaveCount(2);
  await expect(readerPage.getByRole('link', { name: 'Finance', exact: true })).toHaveCount(0);
  await readerPage.screenshot({ path: path.join(SCREENSHOTS, 'nda-page-390.png'), fullPage: true });
  expect(await readerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const accept = readerPage.getByRole('button', { name: 'Accept and enter' });
  await expect(accept).toBeDisabled();
  await expect(readerPage.getByLabel('Full name')).toHaveValue('Nia Signer');
  await readerPage.getByLabel('Full name').fill('Nia Q. Signer');
  await expect(accept).toBeDisabled();
  await readerPage.getByLabel('I agree to the terms of this agreement').check();
  await expect(accept).toBeEnabled();
  // Scrolled down, as a reader is after reading the agreement to its end.
  await readerPage.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => readerPage.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await accept.click();
  await expect(readerPage.getByRole('link', { name: 'Finance', exact: true })).toBeVisible();
  // The room shows from its top, not where the form was.
  await expect.poll(() => readerPage.evaluate(() => window.scrollY)).toBe(0);
  await expect(readerPage.getByRole('heading', { level: 1, name: companyName })).toBeInViewport();
  await expect(readerPage.getByRole('heading', { name: /asks you to accept an NDA/ })).toHaveCount(0);
  await reader.close();
  expect(errors, 'console errors in the investor’s browser').toEqual([]);

  // The founder sees the acceptance in the console's Investors and downloads its PDF record.
  await page.goto('/admin/investors');
  const panel = page.getByRole('region', { name: 'NDA acceptances' });
  const table = panel.getByRole('table', { name: 'NDA acceptances' });
  await expect(table).toContainText('Nia Q. Signer');
  await expect(table).toContainText(email);
  await expect(table).toContainText('Current');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.screenshot({ path: path.join(SCREENSHOTS, `admin-nda-acceptances-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  const downloading = page.waitForEvent('download');
  await table.getByRole('link', { name: 'Download the PDF record of Nia Q. Signer’s acceptance' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^nda-acceptance-\d{4}-\d\d-\d\d-[0-9a-f]{8}\.pdf$/);
  const record = path.join(SCREENSHOTS, 'nda-record.pdf');
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  fs.copyFileSync(await download.path(), record);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', record, '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
  for (const expected of [
    'Record of NDA acceptance',
    'Nia Q. Signer',
    email,
    'Mutual non-disclosure agreement',
    'Do not share the documents',
  ])
    expect(text).toContain(expected);
});
