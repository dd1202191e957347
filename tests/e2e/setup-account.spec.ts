import type { Page } from '@playwright/test';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { e2ePromoCode } from './e2e-environment';
import { expect, test } from './fixtures';
import { firstLinkStartingWith, waitForMail } from './support/mailbox';
import { toast, uniqueEmail } from './support/people';

async function fillAccount(page: Page, account: { name: string; email: string; companyName: string }) {
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Company name').fill(account.companyName);
}

test('empty fields show Missing information and send nothing @phone', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/') && request.method() === 'POST') {
      apiCalls.push(request.url());
    }
  });
  await page.goto('/setup-account');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveAttribute('type', 'email');

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(toast(page, 'Missing information')).toContainText('Please fill in all fields.');
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');

  // Whitespace is not an answer either.
  await fillAccount(page, { name: '   ', email: uniqueEmail('blank'), companyName: 'Blank Co' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email address')).not.toHaveAttribute('aria-invalid', 'true');
  expect(apiCalls).toEqual([]);
});

test('an invalid e-mail is marked on its field and nothing is sent', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/') && request.method() === 'POST') {
      apiCalls.push(request.url());
    }
  });
  await page.goto('/setup-account');
  await fillAccount(page, { name: 'Nia Nowhere', email: 'not-an-email', companyName: 'Nowhere Co' });
  await page.getByRole('button', { name: 'Create account' }).click();

  const email = page.getByLabel('Email address');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Email address must be a valid e-mail address.');
  await expect(email).toBeFocused();
  expect(apiCalls).toEqual([]);
});

test('a promo code applied at checkout creates a free account and signs the founder in', async ({ page }) => {
  const email = uniqueEmail('promo');
  await page.goto('/checkout');
  await page.getByLabel('Promo code', { exact: true }).fill(e2ePromoCode);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Promo code applied!')).toBeVisible();
  await page.getByRole('link', { name: 'Get free access' }).click();

  await expect(page).toHaveURL('/setup-account?promo=true');
  await expect(toast(page, 'Promo code accepted!')).toBeVisible();
  await fillAccount(page, { name: 'Pat Promo', email, companyName: 'Promo Labs' });
  const upgrade = page.waitForRequest('**/api/upgrade-with-promo');
  await page.getByRole('button', { name: 'Create account' }).click();

  expect((await upgrade).postDataJSON()).toEqual({
    name: 'Pat Promo',
    email,
    companyName: 'Promo Labs',
    promoCode: e2ePromoCode,
  });
  await expect(toast(page, 'Account created!')).toBeVisible();
  await expect(page).toHaveURL('/configure');
  expect(await page.evaluate("window.sessionStorage.getItem('promo_code')")).toBeNull();

  // The browser now holds a session: the API knows who this is.
  const me = await page.request.get(apiPath(authRoutes.me));
  expect(me.status()).toBe(200);
  expect((await me.json()).user).toMatchObject({ email, name: 'Pat Promo', role: 'founder' });
});

test('?promo=true without an applied code creates a regular account and links back to checkout', async ({
  page,
}) => {
  const email = uniqueEmail('nopromo');
  await page.goto('/setup-account?promo=true');
  await expect(page.getByText('No promo code applied.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apply a promo code at checkout' })).toHaveAttribute(
    'href',
    '/checkout',
  );

  await fillAccount(page, { name: 'Reg Ular', email, companyName: 'Regular Co' });
  const setup = page.waitForRequest('**/api/complete-account-setup');
  await page.getByRole('button', { name: 'Create account' }).click();
  expect((await setup).postDataJSON()).toEqual({ name: 'Reg Ular', email, companyName: 'Regular Co' });
  await expect(toast(page, 'Account created!')).toBeVisible();
  await expect(page).toHaveURL('/configure');
});

test.describe('an e-mail that already has an account', () => {
  // The 409 answer is logged by Chromium as a failed resource; that one is expected.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test('is told only that an account exists, and is sent a sign-in link on request @phone', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail('twice');
    const first = await request.post(apiPath(accountRoutes.completeSetup), {
      data: { name: 'First Founder', email, companyName: 'Zyxwv Stealth Labs' },
    });
    expect(first.status()).toBe(201);

    await page.goto('/setup-account');
    await fillAccount(page, { name: 'Second Founder', email, companyName: 'Acme Copy' });
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(toast(page, 'Account already exists')).toContainText(
      'An account already exists with this email. We can send you a sign-in link.',
    );
    const offer = page.getByRole('region', { name: 'Account already exists' });
    await expect(offer).toContainText('An account already exists for this email address.');
    await expect(offer).toContainText(email);
    // Nobody learns which company the address belongs to.
    await expect(page.locator('body')).not.toContainText('Zyxwv');
    await expect(page).toHaveURL('/setup-account');

    await offer.getByRole('button', { name: 'Send me a sign-in link' }).click();
    const sent = page.getByRole('region', { name: 'Sign-in link sent' });
    await expect(sent.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(sent).toContainText(`We sent a sign-in link to ${email}.`);

    // The real mail reaches that address, and its link signs the account's owner in.
    const link = firstLinkStartingWith(await waitForMail(email, 'sign-in link'), `${baseURL}/verify?token=`);
    await page.goto(link);
    await expect(page).toHaveURL('/configure', { timeout: 5000 });
    const me = await page.request.get(apiPath(authRoutes.me));
    expect((await me.json()).user).toMatchObject({ email, name: 'First Founder', role: 'founder' });
  });

  test('changing the address withdraws the offer', async ({ page, request }) => {
    const email = uniqueEmail('withdrawn');
    expect(
      (
        await request.post(apiPath(accountRoutes.completeSetup), {
          data: { name: 'First Founder', email, companyName: 'First Co' },
        })
      ).status(),
    ).toBe(201);
    await page.goto('/setup-account');
    await fillAccount(page, { name: 'Second Founder', email, companyName: 'Second Co' });
    await page.getByRole('button', { name: 'Create account' }).click();
    const offer = page.getByRole('region', { name: 'Account already exists' });
    await expect(offer).toBeVisible();

    const fresh = uniqueEmail('fresh');
    await page.getByLabel('Email address').fill(fresh);
    await expect(offer).toHaveCount(0);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/configure');
  });
});
