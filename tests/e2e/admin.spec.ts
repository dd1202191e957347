import type { Locator, Page } from '@playwright/test';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { invitationRoutes } from '#shared/contracts/invitations';
import { roomRoutes } from '#shared/contracts/rooms';
import { expect, test, watchConsole } from './fixtures';
import { waitForMail } from './support/mailbox';
import { founderWithRoom, signInByMagicLink, toast, uniqueEmail } from './support/people';

const MODEL_URL = 'https://docs.google.com/spreadsheets/d/harbor-model';
/** The file as uploaded, and the name the founder then gives its link in the sections. */
const DECK_FILE = 'Q3 board deck.pdf';
const DECK_NAME = 'Pitch deck';
const DECK_BYTES = Buffer.from(
  `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${'deck '.repeat(200)}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
);

/** A counter at the top of the dashboard: the number beside its label. */
function counter(page: Page, label: string): Locator {
  return page.getByRole('term').filter({ hasText: label }).locator('xpath=..').getByRole('definition');
}

/** A dashboard table's rows: table rows from 640 px up, stacked cards below; only the shown ones. */
function rowsOf(region: Locator): Locator {
  return region.locator('tbody tr, li').filter({ visible: true });
}

/** A founder signed in on `page` (its cookie), with a fresh room. */
async function signedInFounder(page: Page, companyName: string) {
  const setup = await page.request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName },
  });
  expect(setup.status()).toBe(201);
}

test('the founder’s dashboard shows exactly what investors did: counters, sections, documents, access, people', async ({
  page,
  browser,
  baseURL,
}) => {
  const companyName = `Harbor Analytics ${Date.now()}`;
  await signedInFounder(page, companyName);
  // Cookie-authenticated writes must carry our Origin, as the browser's would.
  const headers = { origin: baseURL ?? '' };
  const saved = await page.request.post(apiPath(roomRoutes.saveSections), {
    headers,
    data: {
      content: [
        '# Company Information',
        `name: ${companyName}`,
        'stage: Seed',
        'description: Port logistics, measured',
        '',
        '## Financials',
        'Revenue, burn and the model.',
        `- [Financial model](${MODEL_URL})`,
        '',
        '## Legal',
        '- [Cap table](https://legal.example.com/cap-table.pdf)',
        '- [Customer contract](https://legal.example.com/customer-contract.docx)',
        '',
        '## Team',
        '',
      ].join('\n'),
    },
  });
  expect(saved.status()).toBe(200);
  const uploaded = await page.request.post(apiPath(documentRoutes.upload), {
    headers,
    multipart: {
      section: 'Financials',
      file: { name: DECK_FILE, mimeType: 'application/pdf', buffer: DECK_BYTES },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  // The founder renames the upload's link: the room, and so the log, call it by that name.
  const { url: deckUrl } = (await uploaded.json()) as { url: string };
  const markdown = (await (await page.request.get(apiPath(roomRoutes.sectionsMarkdown))).json()) as {
    content: string;
  };
  expect(markdown.content).toContain(`[${DECK_FILE}](${deckUrl})`);
  const renamed = await page.request.post(apiPath(roomRoutes.saveSections), {
    headers,
    data: { content: markdown.content.replace(`[${DECK_FILE}](`, `[${DECK_NAME}](`) },
  });
  expect(renamed.status()).toBe(200);

  const ivy = uniqueEmail('ivy');
  const paul = uniqueEmail('paul');
  for (const [email, name] of [
    [ivy, 'Ivy Investor'],
    [paul, 'Paul Pending'],
  ]) {
    const invited = await page.request.post(apiPath(invitationRoutes.create), {
      headers,
      data: { email, name },
    });
    expect(invited.status()).toBe(201);
  }

  // Ivy accepts: she signs in from the e-mailed link, downloads the deck and opens the model's link.
  const investorContext = await browser.newContext();
  await investorContext.route(`${MODEL_URL}*`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Financial model</h1>' }),
  );
  const investorPage = await investorContext.newPage();
  const investorErrors = watchConsole(investorPage);
  await signInByMagicLink(investorPage, ivy, baseURL);
  await expect(investorPage).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
  await investorPage.getByRole('link', { name: 'View data room' }).click();
  // A room of few sections lists their documents at once.
  await investorPage.getByRole('link', { name: new RegExp(DECK_NAME) }).click();
  // Opened in the viewer; Download there saves it under the name the investor clicked, with its extension.
  await expect(investorPage.getByRole('heading', { level: 1, name: DECK_NAME })).toBeVisible();
  const download = investorPage.waitForEvent('download');
  await investorPage.getByRole('button', { name: 'Download' }).first().click();
  expect((await download).suggestedFilename()).toBe(`${DECK_NAME}.pdf`);
  await investorPage.goBack();
  const opened = investorContext.waitForEvent('page');
  await investorPage.getByRole('link', { name: /Financial model/ }).click();
  const external = await opened;
  await expect(external).toHaveURL(MODEL_URL);
  await investorContext.close();
  expect(investorErrors, 'console errors in the investor’s browser').toEqual([]);

  // The founder opens the dashboard; the first answer is held so its loading state can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/admin/recent-access', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin');
  await expect(page.getByText('Loading...')).toBeVisible();
  await expect(page.getByRole('term')).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();

  await expect(counter(page, 'Active Users')).toHaveText('1');
  await expect(counter(page, 'Total Documents')).toHaveText('4');
  await expect(counter(page, 'Pending Invitations')).toHaveText('1');
  await expect(counter(page, 'Data Room Sections')).toHaveText('3');

  const sections = page.getByRole('region', { name: 'Data room sections' }).getByRole('listitem');
  await expect(sections).toHaveCount(3);
  await expect(sections.nth(0)).toContainText('Financials');
  await expect(sections.nth(0)).toContainText('Revenue, burn and the model.');
  await expect(sections.nth(0)).toContainText('2 docs');
  await expect(sections.nth(1)).toContainText('Legal');
  await expect(sections.nth(1)).toContainText('2 docs');
  await expect(sections.nth(2)).toContainText('Team');
  await expect(sections.nth(2)).toContainText('0 docs');

  const documents = page.getByRole('region', { name: 'Recent Documents' }).getByRole('listitem');
  await expect(documents).toHaveCount(4);
  const deck = documents.filter({ hasText: DECK_NAME });
  await expect(deck).toContainText('Uploaded');
  await expect(deck).toContainText('Financials · Updated today');
  const capTable = documents.filter({ hasText: 'Cap table' });
  await expect(capTable).toContainText('External');
  await expect(capTable).toContainText('Legal · Updated today');

  const access = page.getByRole('region', { name: 'Recent Document Access' }).getByRole('listitem');
  await expect(access).toHaveCount(2);
  await expect(access.nth(0)).toContainText('Ivy Investor clicked Financial model');
  await expect(access.nth(1)).toContainText(`Ivy Investor downloaded ${DECK_NAME}`);
  await expect(access.nth(1)).toContainText(/Today, \d{1,2}:\d{2} (AM|PM)/);

  const users = rowsOf(page.getByRole('region', { name: 'Active Users' }));
  await expect(users).toHaveCount(1);
  await expect(users).toContainText('Ivy Investor');
  await expect(users).toContainText(ivy);
  await expect(users).toContainText('Active');
  await expect(users).toContainText(/\w{3} \d{1,2}, \d{4}/);

  const invitations = rowsOf(page.getByRole('region', { name: 'Invitations' }));
  await expect(invitations).toHaveCount(2);
  await expect(invitations.filter({ hasText: ivy })).toContainText('Accepted');
  const pending = invitations.filter({ hasText: paul });
  await expect(pending).toContainText('Pending');
  await expect(pending).toContainText(/\w{3} \d{1,2}, \d{4}.*\w{3} \d{1,2}, \d{4}/);

  // Back on the dashboard from the console, it shows what changed meanwhile.
  const second = await page.request.post(apiPath(documentRoutes.upload), {
    headers,
    multipart: {
      section: 'Team',
      file: { name: 'Org chart.txt', mimeType: 'text/plain', buffer: Buffer.from('Fran, Ivy, Paul\n') },
    },
  });
  expect(second.status(), await second.text()).toBe(201);
  const nav = page.getByRole('navigation', { name: 'Your data room' });
  await nav.getByRole('link', { name: 'Documents' }).click();
  // The console must have replaced the dashboard (a lazy page keeps the old one up while it loads).
  await expect(page.getByRole('heading', { level: 1, name: `${companyName} data room` })).toBeVisible();
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(counter(page, 'Total Documents')).toHaveText('5');
  await expect(sections.nth(2)).toContainText('1 doc');
});

test.describe('the Send Invitation form', () => {
  // The refused address is answered 400, which Chromium logs.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('ignores a blank address, sends a real one, and lists it as pending @phone', async ({ page }) => {
    await signedInFounder(page, `Slate Bio ${Date.now()}`);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (
        request.method() === 'POST' &&
        new URL(request.url()).pathname === apiPath(invitationRoutes.createByEmail)
      )
        posts.push(request.postData() ?? '');
    });
    await page.goto('/admin');
    await expect(counter(page, 'Pending Invitations')).toHaveText('0');
    const region = page.getByRole('region', { name: 'Invitations' });
    await expect(region.getByText('No invitations yet')).toBeVisible();

    const field = page.getByLabel('Email address', { exact: true });
    const send = page.getByRole('button', { name: 'Send invitation' });
    await expect(send).toBeDisabled();
    await field.fill('   ');
    await expect(send).toBeDisabled();
    await field.press('Enter');
    await expect(toast(page, 'Invitation sent')).toHaveCount(0);

    await field.fill('not-an-address');
    await send.click();
    await expect(toast(page, 'Failed to send invitation')).toContainText('must be a valid e-mail address');

    // The answer is held, to see the button disabled while the invitation is on its way.
    const email = uniqueEmail('vc');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/invitations', async (route) => {
      await held;
      await route.continue();
    });
    await field.fill(`  ${email}  `);
    await send.click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeDisabled();
    release();
    await expect(toast(page, 'Invitation sent')).toContainText(`Invitation sent to ${email}`);
    await expect(field).toHaveValue('');

    const row = rowsOf(region).filter({ hasText: email });
    await expect(row).toContainText('Pending');
    await expect(rowsOf(region)).toHaveCount(1);
    await expect(counter(page, 'Pending Invitations')).toHaveText('1');
    await waitForMail(email, 'invited you');
    // The same list as /configure's: a pending invitation can be sent again from here.
    await expect(row.getByRole('button', { name: `Copy a new invitation link for ${email}` })).toBeVisible();
    await row.getByRole('button', { name: `Resend the invitation to ${email}` }).click();
    await expect(toast(page, 'Invitation sent successfully')).toContainText(`A new e-mail went to ${email}`);
    // The blank entry never left the page: only the refused address and the real one were sent.
    expect(posts.map((body) => JSON.parse(body))).toEqual([{ email: 'not-an-address' }, { email }]);
  });
});

test.describe('when the dashboard cannot be shown', () => {
  // One pattern: Playwright would read a second array element as the fixture's options.
  test.use({ allowedConsoleErrors: [/status of (403|500)/] });

  test('an investor is told /admin is for founders and sees none of the data', async ({
    page,
    request,
    baseURL,
  }) => {
    const founder = await founderWithRoom(request, 'Owner Co');
    const investorEmail = uniqueEmail('investor');
    const invited = await request.post(apiPath(invitationRoutes.create), {
      data: { email: investorEmail },
      headers: founder,
    });
    expect(invited.status()).toBe(201);
    await signInByMagicLink(page, investorEmail, baseURL);
    await expect(page).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'This page is for founders' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/investor-dashboard',
    );
    await expect(page.getByRole('term')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Invitations' })).toHaveCount(0);
    await expect(page.getByText(investorEmail)).toHaveCount(0);
    await expect(toast(page, 'Failed to load admin data')).toHaveCount(0);
  });

  test('a failed load says so in a toast and on the page, and Try again loads it', async ({ page }) => {
    await signedInFounder(page, `Fallible Co ${Date.now()}`);
    await page.route('**/api/admin/sections', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'internal', message: 'Something went wrong on our side.' }),
      }),
    );
    await page.goto('/admin');
    await expect(toast(page, 'Error')).toContainText('Failed to load admin data');
    await expect(page.getByRole('heading', { name: 'Failed to load admin data' })).toBeVisible();
    await expect(page.getByText('Something went wrong on our side.')).toBeVisible();

    await page.unroute('**/api/admin/sections');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
    // A new room starts with three sections.
    await expect(counter(page, 'Data Room Sections')).toHaveText('3');
  });
});
