import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { e2ePromoCode } from './e2e-environment';
import { expect, test } from './fixtures';
import { consolePlaceShown, openConsolePlace } from './support/founder-console';
import { waitForMail } from './support/mailbox';
import { toast, uniqueEmail } from './support/people';

// The founder's console (docs/decisions/0058-one-console.md): a new founder follows the first-visit
// checklist from sign-up to the first invitation, and every place of the navigation is opened by its
// URL and left and found again with Back, with nothing wider than the screen.

const checklist = (page: Page) => page.getByRole('region', { name: 'Get your data room ready' });
// On a phone the checklist is one line until opened, and steps done are folded away: steps are found
// whether shown or not.
const step = (page: Page, label: string) => checklist(page).locator('li').filter({ hasText: label });

/** The place on screen, then its sub-place if it has more than one, as the navigation says at any width. */
const currentPlace = consolePlaceShown;

async function expectNoSidewaysScroll(page: Page) {
  // The elements that reach past the screen's right edge, named so a failure says which.
  const tooWide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .map((element) => `${element.tagName} ${element.className} ${element.textContent?.slice(0, 40)}`)
      .slice(-5);
  });
  expect(tooWide, `the page at ${page.url()} scrolls sideways`).toEqual([]);
}

/** Every sub-place of the owner's console: its URL, the links the navigation marks, and a heading it shows. */
const places: { url: string; current: string[]; heading: RegExp }[] = [
  { url: '/admin', current: ['Dashboard'], heading: /^Admin dashboard$/ },
  { url: '/setup-data-room', current: ['Room', 'Company'], heading: /^Set up your data room$/ },
  { url: '/configure?tab=sections', current: ['Room', 'Sections'], heading: /data room$/ },
  { url: '/configure', current: ['Documents'], heading: /data room$/ },
  { url: '/configure?tab=invites', current: ['Investors', 'Invitations'], heading: /data room$/ },
  { url: '/admin/investors', current: ['Investors', 'Investors & NDAs'], heading: /^Investors$/ },
  { url: '/configure?tab=notify', current: ['Investors', 'Notify investors'], heading: /data room$/ },
  { url: '/admin/analytics', current: ['Analytics', 'Reading'], heading: /^Reading analytics$/ },
  { url: '/admin/analytics/export', current: ['Analytics', 'Export CSV'], heading: /^Export CSV$/ },
  {
    url: '/setup-data-room?tab=groups',
    current: ['Room', 'Groups & visibility'],
    heading: /^Set up your data room$/,
  },
  {
    url: '/setup-data-room?tab=settings',
    current: ['Settings', 'Room settings'],
    heading: /^Set up your data room$/,
  },
  { url: '/setup-data-room?tab=api', current: ['Settings', 'API'], heading: /^Set up your data room$/ },
  { url: '/security', current: ['Settings', 'Security'], heading: /^Security$/ },
  { url: '/admin/team', current: ['Settings', 'Team'], heading: /^Team$/ },
];

test('a new founder: the checklist from sign-up to the first invitation, ticked as they go, then gone @phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const companyName = `Brightwater Grid ${Date.now()}`;
  await page.goto('/checkout');
  await page.getByLabel('Promo code').fill(e2ePromoCode);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('link', { name: 'Get free access' }).click();
  await expect(page).toHaveURL(/\/setup-account\?promo=true$/);
  await page.getByLabel('Full name').fill('Bea Founder');
  await page.getByLabel('Email address').fill(uniqueEmail('bea'));
  await page.getByLabel('Company name').fill(companyName);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/configure$/);
  await expect(page.getByRole('heading', { name: `${companyName} data room` })).toBeVisible();

  // Nothing done yet: the checklist says so, and where each step is done.
  await expect(checklist(page)).toContainText('0 of 4 done');
  await expect.poll(() => currentPlace(page)).toEqual(['Documents']);

  // The company, from the checklist's own link (on a phone, once the one line is opened).
  const opener = checklist(page).getByRole('button', { name: /^Get your data room ready/ });
  if (await opener.isVisible()) await opener.click();
  await step(page, 'Describe your company').getByRole('link').click();
  await expect(page).toHaveURL(/\/setup-data-room$/);
  await expect.poll(() => currentPlace(page)).toEqual(['Room', 'Company']);
  await page.getByLabel('Description').fill('Batteries that keep small towns lit through the night.');
  await page.getByRole('button', { name: 'Save Company Info' }).click();
  await expect(step(page, 'Describe your company')).toHaveAttribute('data-done', 'true');
  await expect(checklist(page)).toContainText('1 of 4 done');

  // The first document, through the navigation.
  await openConsolePlace(page, 'Documents');
  // From /setup-data-room the navigation keeps the page: its Files tab (ADR 58).
  await expect(page).toHaveURL(/\/setup-data-room\?tab=files$/);
  const deck = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(4096)]);
  await page
    .getByLabel('Choose files')
    .setInputFiles({ name: 'Seed deck.pdf', mimeType: 'application/pdf', buffer: deck });
  await expect(toast(page, 'File uploaded successfully')).toBeVisible({ timeout: 15_000 });
  await expect(step(page, 'Upload your first document')).toHaveAttribute('data-done', 'true');
  await expect(step(page, 'Place a document in a section')).toHaveAttribute('data-done', 'false');

  // Placed in a section from the sections editor's "Not in a section" tray, saved at once (ADR 78).
  await page.goto('/configure?tab=sections');
  await expect(page.getByRole('region', { name: 'Sections' })).toBeVisible();
  await page.getByRole('button', { name: 'Move Seed deck.pdf to a section' }).click();
  await page.getByRole('button', { name: 'Move Seed deck.pdf to Financial information' }).click();
  await expect(toast(page, 'Sections updated successfully')).toBeVisible();
  await expect(step(page, 'Place a document in a section')).toHaveAttribute('data-done', 'true');
  await expect(checklist(page)).toContainText('3 of 4 done');

  // The first invitation: the last step, and the checklist is gone.
  await openConsolePlace(page, 'Investors');
  await expect(page).toHaveURL(/\/configure\?tab=invites$/);
  await expect.poll(() => currentPlace(page)).toEqual(['Investors', 'Invitations']);
  const investorEmail = uniqueEmail('ivan');
  await page.getByLabel('Email address').fill(investorEmail);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent successfully')).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
  await waitForMail(investorEmail, 'invited you');
  await page.reload();
  await expect(page.getByRole('heading', { name: `${companyName} data room` })).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
});

test('every place of the console by its URL, by the navigation, and again by Back @phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // page.request shares the browser's cookies: the founder is signed in for the page too.
  const setup = await page.request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Pia Founder', email: uniqueEmail('pia'), companyName: `Places Co ${Date.now()}` },
  });
  expect(setup.status()).toBe(201);

  // Every place by its URL: the navigation marks it, the page shows it, and a reload keeps it.
  for (const place of places) {
    await page.goto(place.url);
    // A page's code loads when it is first visited: on a busy machine that takes a while.
    await expect(page.getByRole('heading', { level: 1, name: place.heading })).toBeVisible({
      timeout: 15_000,
    });
    await expect.poll(() => currentPlace(page), { message: place.url }).toEqual(place.current);
    await expectNoSidewaysScroll(page);
  }
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect.poll(() => currentPlace(page)).toEqual(['Settings', 'Team']);

  // By the navigation, then Back through each place in turn.
  const visited: { url: RegExp; current: string[] }[] = [];
  await page.goto('/admin');
  visited.push({ url: /\/admin$/, current: ['Dashboard'] });
  for (const [place, subPlace, url, current] of [
    ['Room', undefined, /\/setup-data-room$/, ['Room', 'Company']],
    ['Documents', undefined, /\/setup-data-room\?tab=files$/, ['Documents']],
    ['Investors', undefined, /\/configure\?tab=invites$/, ['Investors', 'Invitations']],
    ['Investors', 'Investors & NDAs', /\/admin\/investors$/, ['Investors', 'Investors & NDAs']],
    ['Analytics', undefined, /\/admin\/analytics$/, ['Analytics', 'Reading']],
    ['Analytics', 'Export CSV', /\/admin\/analytics\/export$/, ['Analytics', 'Export CSV']],
    ['Settings', undefined, /\/setup-data-room\?tab=settings$/, ['Settings', 'Room settings']],
    ['Settings', 'Security', /\/security$/, ['Settings', 'Security']],
    ['Settings', 'API', /\/setup-data-room\?tab=api$/, ['Settings', 'API']],
  ] as const) {
    await openConsolePlace(page, place, subPlace);
    await expect(page).toHaveURL(url);
    await expect.poll(() => currentPlace(page)).toEqual(current);
    visited.push({ url, current: [...current] });
  }
  // A page's own tab is a step too.
  await openConsolePlace(page, 'Room', 'Company');
  await expect(page).toHaveURL(/\/setup-data-room$/);
  await expect.poll(() => currentPlace(page)).toEqual(['Room', 'Company']);
  for (const previous of visited.reverse()) {
    await page.goBack();
    await expect(page).toHaveURL(previous.url);
    await expect.poll(() => currentPlace(page)).toEqual(previous.current);
  }
});
