import { accountRoutes } from '#shared/contracts/accounts';
import { adminRoutes } from '#shared/contracts/admin';
import { apiPath } from '#shared/contracts/api-route';
import { invitationRoutes } from '#shared/contracts/invitations';
import { expect, test } from './fixtures';
import { openConsolePlace } from './support/founder-console';
import { toast, uniqueEmail } from './support/people';

/**
 * API tokens (docs/decisions/0051-api-tokens-and-openapi.md): the founder creates a token in Set up your data room → API, sees it once, calls
 * the API with it from a script (a fetch with `Authorization: Bearer`, no cookie), revokes it, and the
 * next call is refused. The reference at /docs/api renders the OpenAPI document.
 */
test('the founder creates a token, sees it once, uses it, and revokes it @desktop', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'a founder at a desk');
  test.setTimeout(90_000);
  const request = await playwright.request.newContext({ baseURL });
  const created = await request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName: `Tokens Co ${Date.now()}` },
  });
  expect(created.status()).toBe(201);
  const { token: session } = (await created.json()) as { token: string };
  await page.context().addCookies([{ name: 'rr_session', value: session, url: baseURL ?? '' }]);

  await page.goto('/setup-data-room');
  await openConsolePlace(page, 'Settings', 'API');
  await expect(page.getByText('No API tokens yet.')).toBeVisible();
  await page.getByLabel('Token name').fill('CRM sync');
  await page.getByRole('checkbox', { name: 'Read analytics and the access log' }).check();
  await page.getByLabel('Expires after').selectOption({ label: '30 days' });
  await page.getByRole('button', { name: 'Create token' }).click();

  const secretField = page.getByLabel('Your API token');
  await expect(secretField).toHaveValue(/^rr_[A-Za-z0-9_-]{43}$/);
  const secret = await secretField.inputValue();
  const list = page.getByRole('list', { name: 'API tokens' });
  await expect(list).toContainText('CRM sync');
  await expect(list).toContainText(`Ends in …${secret.slice(-4)}`);
  await expect(list).toContainText('never used');

  // A script uses it: no cookie, only the header (a fresh request context holds no cookie).
  const script = await playwright.request.newContext({ baseURL });
  const call = () =>
    script.get(apiPath(adminRoutes.recentAccess), { headers: { authorization: `Bearer ${secret}` } });
  const answered = await call();
  expect(answered.status()).toBe(200);
  expect(await answered.json()).toEqual([]);
  // Outside its scope, refused.
  expect(
    (
      await script.get(apiPath(invitationRoutes.mine), { headers: { authorization: `Bearer ${secret}` } })
    ).status(),
  ).toBe(403);

  // Seen once: after "I have stored it" and a reload, the page shows only its last four characters.
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await page.reload();
  await expect(page.getByRole('list', { name: 'API tokens' })).toContainText('last used');
  expect(await page.content()).not.toContain(secret);

  await page.getByRole('button', { name: 'Revoke CRM sync' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
  await expect(toast(page, '“CRM sync” revoked')).toBeVisible();
  await expect(page.getByRole('list', { name: 'API tokens' })).toContainText('Revoked');
  const refused = await call();
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: 'api_token_invalid' });
  await script.dispose();
  await request.dispose();
});

test('/docs links to the API reference, which renders every route from /api/openapi.json @desktop', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'a reader at a desk');
  await page.goto('/docs#api');
  await page.getByRole('link', { name: 'API reference' }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible();
  // Scalar's own rendering of our document: its title and a tag of our routes.
  await expect(page.getByRole('heading', { name: 'Roundroom API' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Analytics and access log').first()).toBeVisible();
});
