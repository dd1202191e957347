import type { APIRequestContext, Page } from '@playwright/test';
import { apiPath } from '#shared/contracts/api-route';
import { invitationRoutes } from '#shared/contracts/invitations';
import { expect, test } from './fixtures';
import { firstLinkStartingWith, waitForMail } from './support/mailbox';
import { founderWithRoom, signInByMagicLink, uniqueEmail } from './support/people';

test.describe('an invited investor signs in with a magic link', () => {
  // The used link is refused with a 400, which Chromium also logs.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('from the invitation to the dashboard, out again, and the used link then fails @phone', async ({
    page,
    request,
    baseURL,
  }) => {
    const companyName = `Halcyon Bio ${Date.now()}`;
    const founder = await founderWithRoom(request, companyName);
    const investorEmail = uniqueEmail('investor');
    const invited = await request.post(apiPath(invitationRoutes.create), {
      data: { email: investorEmail, name: 'Ivy Investor' },
      headers: founder,
    });
    expect(invited.status()).toBe(201);
    await waitForMail(investorEmail, 'invited you');

    await page.goto('/login');
    await expect(page).toHaveTitle(/Sign in/);
    await page.getByLabel('Email address').fill(investorEmail);
    await page.getByRole('button', { name: 'Get magic link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(investorEmail)).toBeVisible();
    await expect(page.getByText('expires in 15 minutes')).toBeVisible();
    await expect(page.getByText('Magic link sent!')).toBeVisible();

    const mail = await waitForMail(investorEmail, 'sign-in link');
    const link = firstLinkStartingWith(mail, `${baseURL}/verify?token=`);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Access granted' })).toBeVisible();
    await expect(page).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
    await expect(page.getByRole('heading', { name: 'Your accessible data rooms' })).toBeVisible();
    await expect(page.getByRole('heading', { name: companyName })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View data room' })).toHaveAttribute(
      'href',
      /^\/data-room\/[0-9a-f-]{36}$/,
    );
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user_data') ?? 'null')?.email)).toBe(
      investorEmail,
    );

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user_data'))).toBeNull();

    await page.goto('/investor-dashboard');
    await expect(page.getByRole('heading', { name: 'Sign in to your data room' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your accessible data rooms' })).toHaveCount(0);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
    await expect(page.getByText('Invalid or expired magic link')).toBeVisible();
    await page.getByRole('link', { name: 'Request new access link' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('scanner-safe sign-in (ADR 74)', () => {
  // A scanner's automatic verify is answered 409 (nothing spent), which Chromium logs.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  async function invitedInvestor(request: APIRequestContext) {
    const founder = await founderWithRoom(request, `Scanner Safe ${Date.now()}`);
    const email = uniqueEmail('investor');
    expect(
      (await request.post(apiPath(invitationRoutes.create), { data: { email }, headers: founder })).status(),
    ).toBe(201);
    await waitForMail(email, 'invited you');
    return email;
  }

  async function askForLink(page: Page, email: string) {
    await page.goto('/login');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Get magic link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    return waitForMail(email, 'sign-in link');
  }

  test('a mail scanner that opens the link in its own browser spends nothing; the asking browser then sees "Verifying access" and "Access granted"', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const email = await invitedInvestor(request);
    const link = firstLinkStartingWith(await askForLink(page, email), `${baseURL}/verify?token=`);

    // The scanner: another browser, running the page's script, pressing nothing.
    const scanner = await browser.newContext();
    const scannerPage = await scanner.newPage();
    await scannerPage.goto(link);
    await expect(scannerPage.getByRole('heading', { name: 'Sign in to Roundroom?' })).toBeVisible();
    await expect(scannerPage.getByText(email)).toBeVisible();
    await scanner.close();

    // The person, in the browser that asked: the page spends the link by itself, as the spec says.
    await page.route('**/api/auth/verify', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Verifying access' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Access granted' })).toBeVisible();
    await expect(page).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
  });

  test('on another device the person confirms with one button @phone', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const email = await invitedInvestor(request);
    const link = firstLinkStartingWith(await askForLink(page, email), `${baseURL}/verify?token=`);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phonePage = await phone.newPage();
    await phonePage.goto(link);
    await phonePage.getByRole('button', { name: 'Sign in' }).click();
    await expect(phonePage.getByRole('heading', { name: 'Access granted' })).toBeVisible();
    await expect(phonePage).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
    await phone.close();
  });

  test('the code from the e-mail, typed on the sign-in page that asked, signs in @phone', async ({
    page,
    request,
  }) => {
    const email = await invitedInvestor(request);
    const mail = await askForLink(page, email);
    const code = /sign-in page where you asked for it: (\d{6})/.exec(mail.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Or type the six-digit code from the e-mail').fill(code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
    await expect(page.getByRole('heading', { name: 'Your accessible data rooms' })).toBeVisible();
  });
});

test.describe('a stranger', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('an e-mail without an invitation is told it is not registered', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email address').fill(uniqueEmail('stranger'));
    await page.getByRole('button', { name: 'Get magic link' }).click();
    await expect(
      page.getByText(
        'This email is not registered in our system. Please contact an administrator for access.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get magic link' })).toBeEnabled();
  });
});

test('/verify without a token says so and offers a new link', async ({ page }) => {
  await page.goto('/verify');
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
  await expect(page.getByText('No verification token found in URL')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request new access link' })).toHaveAttribute('href', '/login');
});

test('an investor with no rooms sees the empty state', async ({ page, request, baseURL }) => {
  const founder = await founderWithRoom(request, `Empty Co ${Date.now()}`);
  const email = uniqueEmail('empty');
  await request.post(apiPath(invitationRoutes.create), { data: { email }, headers: founder });
  await signInByMagicLink(page, email, baseURL);
  await expect(page).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });

  const [invitation] = (await (
    await request.get(apiPath(invitationRoutes.mine), { headers: founder })
  ).json()) as {
    id: string;
  }[];
  await request.delete(apiPath(invitationRoutes.remove, { params: { id: String(invitation?.id) } }), {
    headers: founder,
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No data rooms available' })).toBeVisible();
  await expect(page.getByText('Contact the founders who invited you')).toBeVisible();
});

test('the other protected routes show the login page without a session @phone', async ({ page }) => {
  for (const path of ['/app', '/admin', '/setup-data-room', '/configure', '/investor-dashboard']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { name: 'Sign in to your data room' }), path).toBeVisible();
  }
});
