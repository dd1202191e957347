import path from 'node:path';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { roomRoutes } from '#shared/contracts/rooms';
import { expect, test } from './fixtures';
import { firstLinkStartingWith, waitForMail } from './support/mailbox';
import { toast, uniqueEmail } from './support/people';

const SCREENSHOTS = path.join('test-results', 'screenshots');

test('a founder invites a pasted list: the good addresses go, a typo beside one is refused by name and greets nobody @phone', async ({
  page,
  baseURL,
}, testInfo) => {
  const setup = await page.request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName: `Bulk Co ${Date.now()}` },
  });
  expect(setup.status()).toBe(201);
  await page.goto('/configure?tab=invites');

  const first = uniqueEmail('bulk-first');
  const second = uniqueEmail('bulk-second');
  // "address, word" is an address and a typo, never an address and its name.
  await page
    .getByRole('textbox', { name: 'Addresses' })
    .fill(`${first}, not-an-email\nRay Second <${second}>\nmaya@fund`);
  const bulkCard = page.locator('form').filter({ has: page.getByRole('textbox', { name: 'Addresses' }) });
  await bulkCard
    .getByRole('textbox', { name: /Personal message/ })
    .fill('Glad we met.\nThe deck is in Overview.');
  await page.getByRole('button', { name: 'Invite all' }).click();

  await expect(page.getByText('2 invitations sent, 2 addresses refused')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Addresses not invited' }).getByRole('listitem')).toHaveText([
    'not-an-email: Not an e-mail address (a name goes in a CSV “name” column, or as Name <address>).',
    'maya@fund: Not an e-mail address.',
  ]);
  // What is left to fix stays in the box; the good ones went.
  await expect(page.getByRole('textbox', { name: 'Addresses' })).toHaveValue('not-an-email\nmaya@fund');
  const unnamed = page.getByRole('listitem').filter({ hasText: first });
  await expect(unnamed).toContainText('Pending');
  await expect(unnamed).not.toContainText('not-an-email');
  const invited = page.getByRole('listitem').filter({ hasText: 'Ray Second' });
  await expect(invited).toContainText(second);
  await expect(invited).toContainText('Pending');
  await page.screenshot({
    path: path.join(SCREENSHOTS, `invites-bulk-${testInfo.project.name}.png`),
    fullPage: true,
  });

  const unnamedMail = await waitForMail(first, 'invited you');
  expect(unnamedMail.text).toContain('Hello,');
  expect(unnamedMail.text).not.toContain('not-an-email');
  const mail = await waitForMail(second, 'invited you');
  expect(mail.text).toContain('Hello Ray Second,');
  expect(mail.text).toContain('> Glad we met.\n> The deck is in Overview.');
  const mailedLink = firstLinkStartingWith(mail, `${baseURL}/data-room?invite=`);
  const mailedToken = new URL(mailedLink).searchParams.get('invite') ?? '';

  // Copy link: it asks first, says the mailed link dies and the copied one is a credential.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await invited.getByRole('button', { name: `Copy a new invitation link for ${second}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy a new invitation link?' });
  await expect(dialog).toContainText('stops working');
  await expect(dialog).toContainText(`can open your data room as ${second}`);
  await dialog.getByRole('button', { name: 'Copy new link' }).click();
  await expect(toast(page, 'New link copied')).toBeVisible();
  // The toast sits below the header, with a close button large enough to tap.
  await page.screenshot({ path: path.join(SCREENSHOTS, `toast-${testInfo.project.name}.png`) });
  const close = toast(page, 'New link copied').getByRole('button', { name: 'Close toast' });
  expect((await close.boundingBox())?.width).toBeGreaterThanOrEqual(24);
  const header = await page.getByRole('banner').boundingBox();
  // Polled: the toast slides in from above, and a box read mid-slide sits a pixel or two higher.
  await expect
    .poll(async () => (await close.boundingBox())?.y ?? 0)
    .toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`^${baseURL}/data-room\\?invite=[A-Za-z0-9_-]{43}$`));
  expect(
    (await page.request.get(apiPath(roomRoutes.invitedRoom, { params: { token: mailedToken } }))).status(),
  ).toBe(404);
  expect(
    (
      await page.request.get(
        apiPath(roomRoutes.invitedRoom, {
          params: { token: String(new URL(copied).searchParams.get('invite')) },
        }),
      )
    ).status(),
  ).toBe(200);
});

test('a founder starts the NDA from the mutual template, saves it, and the switch saves by itself @phone', async ({
  page,
}, testInfo) => {
  const companyName = `Template Co ${Date.now()}`;
  const setup = await page.request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName },
  });
  expect(setup.status()).toBe(201);
  await page.goto('/setup-data-room?tab=settings');
  const card = page.getByRole('region', { name: 'NDA before entry' });
  // The template's blanks are fields: the company's name from the room, two years unless changed.
  await expect(card.getByLabel('Company, as the NDA names it')).toHaveValue(companyName);
  await expect(card.getByLabel('Confidential for (years)')).toHaveValue('2');
  await card.getByLabel('Confidential for (years)').fill('3');
  await card.getByLabel('Governing law').fill('England and Wales');
  await card.screenshot({ path: path.join(SCREENSHOTS, `nda-template-form-${testInfo.project.name}.png`) });
  await card.getByRole('button', { name: 'Use the mutual NDA template' }).click();
  const agreement = card.getByLabel('Agreement (markdown)');
  await expect(agreement).toHaveValue(/^# Mutual non-disclosure agreement/);
  await expect(agreement).toHaveValue(new RegExp(`between \\*\\*${companyName}\\*\\* \\(the "Company"\\)`));
  await expect(agreement).toHaveValue(/last \*\*three years\*\* from the date/);
  await expect(agreement).toHaveValue(/governed by the laws of \*\*England and Wales\*\*/);
  await expect(agreement).not.toHaveValue(/\[(Company name|two|country or state)\]/);
  await expect(
    card
      .getByRole('region', { name: 'Preview of the agreement' })
      .getByRole('heading', { name: 'Mutual non-disclosure agreement' }),
  ).toBeVisible();
  await card.screenshot({ path: path.join(SCREENSHOTS, `nda-template-${testInfo.project.name}.png`) });
  await card.getByRole('button', { name: 'Save NDA' }).click();
  await expect(toast(page, 'NDA saved')).toBeVisible();

  const requireNda = card.getByRole('switch', { name: 'Require an NDA' });
  await requireNda.click();
  await expect(toast(page, 'NDA on')).toBeVisible();
  await page.reload();
  // Saved on the server: a fresh load shows it on, with the template's text.
  await expect(page.getByLabel('Agreement (markdown)')).toHaveValue(/^# Mutual non-disclosure agreement/, {
    timeout: 15_000,
  });
  await expect(page.getByRole('switch', { name: 'Require an NDA' })).toHaveAttribute('aria-checked', 'true');
});

test('/docs/api fits a 390 px phone: no horizontal page scroll anywhere down the reference @phone', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone width is the point');
  test.setTimeout(240_000);
  await page.goto('/docs/api');
  await expect(page.getByRole('heading', { name: 'Roundroom API' })).toBeVisible({ timeout: 45_000 });
  // Scalar renders operations as they come into view: walk the whole page and measure at each step.
  let widest = 0;
  for (let top = 0, step = 0; step < 200; top += 900, step++) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await page.waitForTimeout(100);
    const { width, height } = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      height: document.documentElement.scrollHeight,
    }));
    widest = Math.max(widest, width);
    if (top > height) break;
  }
  expect(widest).toBeLessThanOrEqual(390);
});

test('the public footer’s links are at least 24 by 24 px to tap @phone', async ({ page }) => {
  await page.goto('/docs');
  const links = page.getByRole('contentinfo').getByRole('link');
  await expect(links.first()).toBeVisible();
  expect(await links.count()).toBeGreaterThan(4);
  for (const link of await links.all()) {
    const box = await link.boundingBox();
    expect(box?.height, (await link.textContent()) ?? '').toBeGreaterThanOrEqual(24);
    expect(box?.width, (await link.textContent()) ?? '').toBeGreaterThanOrEqual(24);
  }
});
