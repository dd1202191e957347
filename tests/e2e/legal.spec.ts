import { apiPath } from '#shared/contracts/api-route';
import { siteRoutes } from '#shared/contracts/site';
import { e2eSupportEmail } from './e2e-environment';
import { expect, test } from './fixtures';

const legalPages = [
  { path: '/privacy', title: 'Privacy policy' },
  { path: '/terms', title: 'Terms of use' },
];

for (const legal of legalPages) {
  test(`the ${legal.title.toLowerCase()} names its date, the governing law and the support contact @phone`, async ({
    page,
  }) => {
    await page.goto(legal.path);
    await expect(page).toHaveTitle(new RegExp(legal.title));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

    const main = page.getByRole('main');
    await expect(main.getByText('Last updated: July 15, 2025')).toBeVisible();
    await expect(main).toContainText('laws of the State of California');
    await expect(main).toContainText('San Francisco County');

    const email = main.getByRole('link', { name: e2eSupportEmail });
    await expect(email).toHaveAttribute('href', `mailto:${e2eSupportEmail}`);
    await email.scrollIntoViewIfNeeded();
    await expect(email).toBeVisible();
  });

  test(`the ${legal.title.toLowerCase()} contents link to its numbered sections`, async ({ page }) => {
    await page.goto(legal.path);
    const contents = page.getByRole('navigation', { name: 'Contents' });
    const lastEntry = contents.getByRole('link').last();
    const target = (await lastEntry.getAttribute('href')) ?? '';
    await lastEntry.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.locator(target)).toBeInViewport();
    await expect(page.locator(target)).toHaveText(/^\d+\. /);
  });
}

test('the terms say the founder can revoke access', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('main')).toContainText(
    'Access can be revoked at any time by the administrator of the data room, its founder',
  );
});

test('the privacy policy says access logs are kept indefinitely and cookies are strictly necessary', async ({
  page,
}) => {
  await page.goto('/privacy');
  const main = page.getByRole('main');
  await expect(main).toContainText('The access log is kept indefinitely');
  await expect(main).toContainText('strictly necessary');
  await expect(main).toContainText('no advertising trackers');
});

test.describe('when the support address cannot be loaded', () => {
  // Chromium logs the failed /api/site response itself as a console error; that one is expected.
  test.use({ allowedConsoleErrors: [/status of 503/] });

  test('the legal pages point to the support page instead', async ({ page }) => {
    await page.route(apiPath(siteRoutes.info), (route) =>
      route.fulfill({ status: 503, json: { error: 'unavailable', message: 'Try later.' } }),
    );
    await page.goto('/privacy');
    const main = page.getByRole('main');
    await expect(main).toContainText('Our support address could not be loaded just now.');
    await main.getByRole('link', { name: 'support page' }).click();
    await expect(page).toHaveURL('/support');
  });
});
