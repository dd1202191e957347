import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { invitationRoutes } from '#shared/contracts/invitations';
import { expect, test } from './fixtures';
import { firstLinkStartingWith, waitForMail } from './support/mailbox';
import { founderWithRoom, signInByMagicLink, uniqueEmail } from './support/people';

test('a founder invites an investor from /configure, sees it pending, and deletes it @phone', async ({
  page,
  baseURL,
}) => {
  const companyName = `Quarry Labs ${Date.now()}`;
  // page.request shares the browser's cookies: the founder is signed in for the page too.
  const setup = await page.request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName },
  });
  expect(setup.status()).toBe(201);

  await page.goto('/configure?tab=invites');
  await expect(page.getByRole('heading', { name: `${companyName} data room` })).toBeVisible();
  await expect(page.getByText('Invitation links expire after 7 days')).toBeVisible();
  await expect(page.getByText('No invitations yet')).toBeVisible();

  const send = page.getByRole('button', { name: 'Send invitation' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Email address').fill('   ');
  await send.click();
  // Beside the field (and in the toast), and the field is marked invalid.
  const address = page.getByLabel('Email address');
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toHaveAccessibleDescription('Email is required');

  const investorEmail = uniqueEmail('vc');
  await page.getByLabel('Email address').fill(investorEmail);
  await page.getByLabel('Name (optional)').fill('Vera Capital');
  await send.click();
  await expect(page.getByText('Invitation sent successfully')).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue('');

  const row = page.getByRole('listitem').filter({ hasText: 'Vera Capital' });
  await expect(row).toContainText(investorEmail);
  await expect(row).toContainText('Pending');
  await expect(row).toContainText(/Sent \w{3} \d+, \d{4} · Expires \w{3} \d+, \d{4}/);

  const mail = await waitForMail(investorEmail, 'invited you');
  expect(firstLinkStartingWith(mail, `${baseURL}/data-room?invite=`)).toMatch(/invite=[A-Za-z0-9_-]{43}$/);

  await row.getByRole('button', { name: `Delete the invitation for ${investorEmail}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this invitation?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete the invitation for ${investorEmail}` }).click();
  await dialog.getByRole('button', { name: 'Delete invitation' }).click();
  await expect(page.getByText('Invitation deleted successfully')).toBeVisible();
  await expect(page.getByText('No invitations yet')).toBeVisible();
  // The list is empty: focus goes to its heading, not to <body>.
  await expect(page.locator(':focus')).toHaveText('Sent invitations');
});

test.describe('an investor', () => {
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test('is told /configure is for founders, never shown a console', async ({ page, request, baseURL }) => {
    const founder = await founderWithRoom(request, 'Owner Co');
    const investorEmail = uniqueEmail('investor');
    await request.post(apiPath(invitationRoutes.create), {
      data: { email: investorEmail },
      headers: founder,
    });
    await signInByMagicLink(page, investorEmail, baseURL);
    await expect(page).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });

    await page.goto('/configure?tab=invites');
    await expect(page.getByRole('heading', { name: 'This page is for founders' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  });
});

test.describe('a session that ends while the console is open', () => {
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test('the next call answers 401: the user record is dropped and the login page shown', async ({
    page,
    request,
  }) => {
    await page.request.post(apiPath(accountRoutes.completeSetup), {
      data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName: 'Lapsed Co' },
    });
    await page.goto('/configure?tab=invites');
    await expect(page.getByRole('heading', { name: 'Lapsed Co data room' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user_data'))).not.toBeNull();

    // The session ends elsewhere (logged out on another device).
    const session = (await page.context().cookies()).find((cookie) => cookie.name === 'rr_session');
    const logout = await request.post(apiPath(authRoutes.logout), {
      headers: { authorization: `Bearer ${session?.value}` },
    });
    expect(logout.status()).toBe(204);

    await page.getByLabel('Email address').fill(uniqueEmail('late'));
    await page.getByRole('button', { name: 'Send invitation' }).click();
    // The sign-in page, carrying the place the session ended on (ADR 55).
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fconfigure%3Ftab%3Dinvites$/);
    await expect(page.getByText('Authentication required', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user_data'))).toBeNull();
  });
});
