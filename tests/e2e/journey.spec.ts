import { e2ePromoCode } from './e2e-environment';
import { expect, test, watchConsole } from './fixtures';
import { openConsolePlace } from './support/founder-console';
import { waitForMail } from './support/mailbox';
import { signInByMagicLink, uniqueEmail } from './support/people';

// The whole way in, through the browser only: a founder signs up with a promo code and invites an
// investor; the investor signs in from the e-mailed link, sees the room, and signs out.
test('promo sign-up, invitation, magic link, dashboard, logout, and the used link refused', async ({
  browser,
  baseURL,
}) => {
  const companyName = `Tidewater Energy ${Date.now()}`;
  const founderPage = await browser.newPage();
  const founderErrors = watchConsole(founderPage);
  await founderPage.goto('/checkout');
  await founderPage.getByLabel('Promo code').fill(e2ePromoCode);
  await founderPage.getByRole('button', { name: 'Apply' }).click();
  await expect(founderPage.getByText('Promo code applied!')).toBeVisible();
  await founderPage.getByRole('link', { name: 'Get free access' }).click();
  await expect(founderPage).toHaveURL(/\/setup-account\?promo=true$/);

  await founderPage.getByLabel('Full name').fill('Tess Founder');
  await founderPage.getByLabel('Email address').fill(uniqueEmail('tess'));
  await founderPage.getByLabel('Company name').fill(companyName);
  await founderPage.getByRole('button', { name: 'Create account' }).click();
  await expect(founderPage.getByText('Account created!')).toBeVisible();
  await expect(founderPage).toHaveURL(/\/configure$/);
  await expect(founderPage.getByRole('heading', { name: `${companyName} data room` })).toBeVisible();

  const investorEmail = uniqueEmail('investor');
  await openConsolePlace(founderPage, 'Investors', 'Invitations');
  await founderPage.getByLabel('Email address').fill(investorEmail);
  await founderPage.getByLabel('Name (optional)').fill('Ines Investor');
  await founderPage.getByRole('button', { name: 'Send invitation' }).click();
  await expect(founderPage.getByText('Invitation sent successfully')).toBeVisible();
  await waitForMail(investorEmail, 'invited you');

  const investorContext = await browser.newContext();
  const investorPage = await investorContext.newPage();
  // The used link is refused at the end with a 400, which Chromium also logs.
  const investorErrors = watchConsole(investorPage, [/status of 400/]);
  const link = await signInByMagicLink(investorPage, investorEmail, baseURL);
  await expect(investorPage.getByRole('heading', { name: 'Access granted' })).toBeVisible();
  await expect(investorPage).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
  await expect(investorPage.getByRole('heading', { name: companyName })).toBeVisible();

  await founderPage.reload();
  await expect(founderPage.getByRole('listitem').filter({ hasText: 'Ines Investor' })).toContainText(
    'Accepted',
  );

  await investorPage.getByRole('button', { name: 'Logout' }).click();
  await expect(investorPage).toHaveURL(/\/login$/);
  await investorPage.goto('/investor-dashboard');
  await expect(investorPage.getByRole('heading', { name: 'Sign in to your data room' })).toBeVisible();
  await investorPage.goto(link);
  await expect(investorPage.getByText('Invalid or expired magic link')).toBeVisible();
  await investorContext.close();
  await founderPage.close();
  expect(founderErrors, 'console errors in the founder’s browser').toEqual([]);
  expect(investorErrors, 'console errors in the investor’s browser').toEqual([]);
});
