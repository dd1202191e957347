import type { CDPSession, Page } from '@playwright/test';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { invitationRoutes } from '#shared/contracts/invitations';
import { teamRoutes } from '#shared/contracts/team';
import { expect, test } from './fixtures';
import { firstLinkStartingWith, waitForMail } from './support/mailbox';
import { toast, uniqueEmail } from './support/people';

/**
 * Passkeys with Chromium's virtual authenticator, driven over the DevTools protocol (WebAuthn domain):
 * a real navigator.credentials ceremony, answered by an authenticator that needs no touch
 * (docs/decisions/0062-passkeys-and-second-factor.md).
 */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** /login, then the newest sign-in link mailed to `email` (never one used before). */
async function openNewSignInLink(page: Page, email: string, baseURL: string | undefined, used: Set<string>) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Get magic link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  let link = '';
  await expect
    .poll(async () => {
      link = firstLinkStartingWith(await waitForMail(email, 'sign-in link'), `${baseURL}/verify?token=`);
      return used.has(link);
    })
    .toBe(false);
  used.add(link);
  await page.goto(link);
}

test.describe('a founder protects the console with a passkey', () => {
  // The passkey step's refusals (401 on the console's reads, 400 for a wrong code) are logged by Chromium.
  test.use({ allowedConsoleErrors: [/status of 40[01]/] });

  test('adds a passkey, signs out, signs in with the link and the passkey, and is refused without it', async ({
    page,
    request,
    baseURL,
  }) => {
    // Four sign-ins and three passkey ceremonies: a long journey on a shared machine.
    test.slow();
    const email = uniqueEmail('founder');
    const companyName = `Keystone Labs ${Date.now()}`;
    const created = await request.post(apiPath(accountRoutes.completeSetup), {
      data: { name: 'Fran Founder', email, companyName },
    });
    expect(created.status()).toBe(201);
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    const usedLinks = new Set<string>();

    await openNewSignInLink(page, email, baseURL, usedLinks);
    await expect(page.getByRole('heading', { name: 'Access granted' })).toBeVisible();
    await expect(page).toHaveURL(/\/configure$/, { timeout: 5000 });

    // Settings → Security → Add a passkey: the virtual authenticator creates it.
    await page.goto('/setup-data-room?tab=settings');
    await page.getByRole('link', { name: 'Passkeys and sessions' }).click();
    await expect(page).toHaveURL(/\/security$/);
    await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
    await page.getByLabel('Passkey name (optional)').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(toast(page, 'Passkey added')).toBeVisible();
    await expect(page.getByText('Test laptop')).toBeVisible();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);

    await expect(page.getByRole('heading', { name: 'Save your recovery codes now' })).toBeVisible();
    const codes = await page
      .getByRole('list', { name: 'Recovery codes' })
      .getByRole('listitem')
      .allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'I have stored them' }).click();
    await expect(page.getByText('10 of 10 left.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sessions' }).getByText('This device')).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The link alone now leads to the passkey step; the passkey opens the console.
    await openNewSignInLink(page, email, baseURL, usedLinks);
    await expect(page).toHaveURL(/\/configure$/);
    await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await expect(page.getByRole('heading', { name: `${companyName} data room` })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // Without the passkey (the authenticator has lost it), the link opens nothing.
    await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
    await openNewSignInLink(page, email, baseURL, usedLinks);
    await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await expect(page.getByRole('alert')).toContainText('No passkey was given');
    await page.goto('/setup-data-room');
    await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
    await expect(page.getByRole('heading', { name: `${companyName} data room` })).toHaveCount(0);
    const me = await page.evaluate(async (url) => (await fetch(url)).status, apiPath(authRoutes.me));
    expect(me).toBe(401);

    // A recovery code opens it once.
    await page.getByLabel('Lost your passkey? Use a recovery code').fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Use recovery code' }).click();
    await expect(page.getByRole('heading', { name: 'Set up your data room' })).toBeVisible();
  });
});

test.describe('passkey required for co-founders', () => {
  // The waiting session's refusals (401) are logged by Chromium.
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test('the owner requires passkeys; the co-founder adds one before the console opens', async ({
    page,
    browser,
    baseURL,
  }) => {
    const companyName = `Keyring ${Date.now()}`;
    // page.request shares the browser's cookies: the owner is signed in for the page too.
    const setup = await page.request.post(apiPath(accountRoutes.completeSetup), {
      data: { name: 'Olive Owner', email: uniqueEmail('owner'), companyName },
    });
    expect(setup.status()).toBe(201);
    const cofounderEmail = uniqueEmail('cofounder');
    const invited = await page.request.post(apiPath(teamRoutes.inviteEditor), {
      data: { email: cofounderEmail, name: 'Cass Cofounder' },
      // A cookie-authenticated write comes from our own Origin (CSRF).
      headers: { origin: baseURL ?? '' },
    });
    expect(invited.status()).toBe(201);

    await page.goto('/admin/team');
    const requirement = page.getByRole('switch', { name: 'Require passkeys of co-founders' });
    await expect(requirement).toHaveAttribute('aria-checked', 'false');
    await requirement.click();
    await expect(toast(page, 'Passkeys required')).toBeVisible();
    await expect(requirement).toHaveAttribute('aria-checked', 'true');

    const cofounder = await (await browser.newContext()).newPage();
    const { cdp, authenticatorId } = await addVirtualAuthenticator(cofounder);
    await openNewSignInLink(cofounder, cofounderEmail, baseURL, new Set());
    await expect(cofounder.getByRole('heading', { name: 'Add a passkey' })).toBeVisible();
    await cofounder.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(cofounder.getByRole('heading', { name: 'Save your recovery codes now' })).toBeVisible();
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
    await cofounder.getByRole('button', { name: 'I have stored them' }).click();
    await expect(cofounder.getByRole('heading', { name: `${companyName} data room` })).toBeVisible();
    await cofounder.context().close();
  });
});

test.describe('an investor signs in with a passkey alone', () => {
  test('adds one from the dashboard, signs out, and signs in with it without mail', async ({
    page,
    request,
    baseURL,
  }) => {
    const founder = await request.post(apiPath(accountRoutes.completeSetup), {
      data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName: `Orbit ${Date.now()}` },
    });
    const { token } = (await founder.json()) as { token: string };
    const investorEmail = uniqueEmail('investor');
    const invited = await request.post(apiPath(invitationRoutes.create), {
      data: { email: investorEmail, name: 'Ivy Investor' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(invited.status()).toBe(201);
    await addVirtualAuthenticator(page);

    await openNewSignInLink(page, investorEmail, baseURL, new Set());
    await expect(page).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
    await page.getByRole('link', { name: 'Add a passkey' }).click();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(toast(page, 'Passkey added')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Save your recovery codes now' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/investor-dashboard$/);
    await expect(page.getByRole('heading', { name: 'Your accessible data rooms' })).toBeVisible();
  });
});
