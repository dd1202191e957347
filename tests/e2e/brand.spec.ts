import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { apiPath } from '#shared/contracts/api-route';
import { brandRoutes } from '#shared/contracts/brand';
import { invitationRoutes } from '#shared/contracts/invitations';
import { roomRoutes } from '#shared/contracts/rooms';
import { href } from '#shared/routes';
import { expect, test } from './fixtures';
import { roomWithDeck } from './support/deck-room';
import { firstLinkStartingWith, waitForMail } from './support/mailbox';

// The founder's brand (docs/decisions/0094-the-founders-brand.md): set in the console with its contrast
// check, then worn by the invitation page, the room, the viewer and the mail. With BRAND_SHOTS_DIR set,
// each step is also saved as a screenshot at the project's width.

const shotsDir = process.env.BRAND_SHOTS_DIR;

test('the founder sets a logo and a readable colour; the investor’s invitation page, room, viewer and mail wear them @phone', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const width = testInfo.project.name === 'phone' ? 390 : 1280;
  const shot = async (name: string, target: Page | Locator = page) => {
    if (!shotsDir) return;
    const file = path.join(shotsDir, `${name}-${width}.png`);
    await ('goto' in target
      ? target.screenshot({ path: file, fullPage: true })
      : target.screenshot({ path: file }));
  };
  const companyName = `Northwind ${Date.now()}`;
  const room = await roomWithDeck(request, baseURL, {
    companyName,
    section: 'Pitch',
    deckName: 'Seed deck.pdf',
    pages: 2,
    investorName: 'Ines Investor',
  });

  // The console: a logo, and a colour too light to read, turned into the nearest readable shade.
  await page.context().addCookies([{ name: 'rr_session', value: room.token, url: baseURL ?? '' }]);
  await page.goto('/setup-data-room?tab=settings');
  const card = page.getByRole('region', { name: 'Your brand' });
  const logo = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="64"><rect width="64" height="64" rx="14" fill="#0e7490"/><circle cx="32" cy="32" r="14" fill="#fff"/><text x="78" y="43" font-family="sans-serif" font-size="30" font-weight="700" fill="#0f172a">Northwind</text></svg>',
    ),
  )
    .png()
    .toBuffer();
  await card.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(card.getByRole('img', { name: 'Your logo' })).toBeVisible();
  await card.getByRole('textbox', { name: 'Accent colour', exact: true }).fill('#22d3ee');
  await expect(card.getByText('Not enough contrast.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Save colour' })).toBeDisabled();
  const useNearest = card.getByRole('button', { name: /^Use #[0-9a-f]{6}$/ });
  const nearest = ((await useNearest.textContent()) ?? '').replace('Use ', '');
  await useNearest.click();
  await expect(card.getByText('Readable.')).toBeVisible();
  await card.getByRole('button', { name: 'Save colour' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await shot('brand-settings', card);

  // A second investor's invitation, sent once the brand is on: its mail comes from the founder.
  const investorEmail = `brand-${Date.now()}@e2e.test`;
  const invited = await request.post(apiPath(invitationRoutes.create), {
    headers: room.headers,
    data: { email: investorEmail, name: 'Bea Branded' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const mail = await waitForMail(investorEmail, 'invited you');
  expect(mail.from?.value[0]?.name).toBe(`Fran Founder at ${companyName}`);
  expect(String(mail.html)).toContain(`background:${nearest}`);

  // The investor: the invitation page in the brand (no Roundroom header), then the room and the viewer.
  const investor = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await investor.setContent(String(mail.html));
  await shot('brand-mail', investor);
  await investor.goto(firstLinkStartingWith(mail, `${baseURL}/data-room?invite=`));
  await expect(investor.getByRole('heading', { level: 1, name: companyName })).toBeVisible({
    timeout: 20_000,
  });
  await expect(investor.getByRole('banner').getByRole('img', { name: companyName })).toBeVisible();
  await expect(investor.getByRole('link', { name: 'Roundroom home' })).toHaveCount(0);
  await expect(investor.getByText('Shared securely with')).toBeVisible();
  await shot('brand-invitation', investor);
  await investor.getByRole('button', { name: 'Open the data room' }).click();
  const roomId = (
    (await (await request.get(apiPath(roomRoutes.mine), { headers: room.headers })).json()) as { id: string }
  ).id;
  await expect(investor).toHaveURL(new RegExp(`/data-room/${roomId}$`));
  await expect(investor.getByRole('banner').getByRole('img', { name: companyName })).toBeVisible();
  await shot('brand-room', investor);
  await investor.goto(href('documentInRoom', { id: roomId, documentId: room.documentId }));
  await expect(investor.getByRole('banner').getByRole('img', { name: companyName })).toBeVisible();
  await shot('brand-viewer', investor);
  const brand = await request.get(apiPath(brandRoutes.settings), { headers: room.headers });
  expect(((await brand.json()) as { accentColor: string }).accentColor).toBe(nearest);
  await investor.close();
});
