import { apiPath } from '#shared/contracts/api-route';
import { siteRoutes } from '#shared/contracts/site';
import { e2eSupportEmail } from './e2e-environment';
import { expect, test } from './fixtures';

test('the support center offers e-mail, phone and live chat @phone', async ({ page }) => {
  await page.goto('/support');
  await expect(page).toHaveTitle(/Support center/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support center');

  const contact = page.getByRole('region', { name: 'Contact us' });
  for (const tile of ['E-mail', 'Phone', 'Live chat']) {
    await expect(contact.getByRole('heading', { name: tile, exact: true })).toBeVisible();
  }
  const email = contact.getByRole('link', { name: e2eSupportEmail }).first();
  await expect(email).toHaveAttribute('href', `mailto:${e2eSupportEmail}`);
  await expect(contact.getByRole('link', { name: '+1 (415) 555-0142' })).toHaveAttribute(
    'href',
    'tel:+14155550142',
  );
  await expect(contact).toContainText('urgent account issues');
  await expect(contact).toContainText('Available in the Roundroom app during business hours');
  // Live chat has no widget here: it must not offer a button that does nothing.
  await expect(contact.getByRole('button')).toHaveCount(0);
});

test('the FAQ answers the four common questions', async ({ page }) => {
  await page.goto('/support');
  const faq = page.getByRole('region', { name: 'Frequently asked questions' });
  const questions = faq.locator('summary');
  await expect(questions).toHaveText([
    'How do investors get access to a data room?',
    'How long does access last?',
    'Who can download files?',
    "How do I remove an investor's access?",
  ]);
  await expect(faq.getByText('until the founder revokes it')).toBeHidden();
});

test('the access-lifetime answer opens from the keyboard and agrees with the design', async ({ page }) => {
  await page.goto('/support');
  const entry = page.locator('details', { hasText: 'How long does access last?' });
  await entry.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(entry).toHaveAttribute('open', '');

  const answer = entry.locator('p');
  await expect(answer.first()).toBeVisible();
  const text = (await answer.allTextContents()).join(' ');
  expect(text).toContain('An invitation is valid for 7 days until the investor first signs in');
  expect(text).toContain('until the founder revokes it');
  expect(text).toContain('Each sign-in session lasts 7 days');
  expect(text).not.toMatch(/expires?\s+(\w+\s+){0,3}7 days after (the )?first (login|sign-in)/i);
});

test('support hours and the 24/7 emergency e-mail are shown', async ({ page }) => {
  await page.goto('/support');
  const hours = page.getByRole('region', { name: 'Support hours' });
  for (const line of ['Mon-Fri 9-6', 'Sat 10-4 EST', 'Sunday closed']) {
    await expect(hours.getByRole('listitem').filter({ hasText: line })).toHaveText(line);
  }

  const emergencies = page.getByRole('region', { name: 'Emergencies, 24/7' });
  await expect(emergencies).toContainText('answered 24/7');
  await expect(emergencies.getByRole('link', { name: e2eSupportEmail })).toHaveAttribute(
    'href',
    `mailto:${e2eSupportEmail}?subject=URGENT%3A%20`,
  );
});

test('the support center links to the terms and the privacy policy', async ({ page }) => {
  await page.goto('/support');
  const policies = page.getByRole('region', { name: 'Policies' });

  await policies.getByRole('link', { name: /Terms of use/ }).click();
  await expect(page).toHaveURL('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of use');

  await page.goBack();
  await policies.getByRole('link', { name: /Privacy policy/ }).click();
  await expect(page).toHaveURL('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
});

test.describe('when the support address cannot be loaded', () => {
  // Chromium logs the failed /api/site response itself as a console error; that one is expected.
  test.use({ allowedConsoleErrors: [/status of 503/] });

  test('the e-mail tile says so and can try again', async ({ page }) => {
    let failing = true;
    await page.route(apiPath(siteRoutes.info), (route) =>
      failing
        ? route.fulfill({
            status: 503,
            json: { error: 'unavailable', message: 'Try later.' },
          })
        : route.fallback(),
    );
    await page.goto('/support');
    const contact = page.getByRole('region', { name: 'Contact us' });
    await expect(contact).toContainText('We could not load our support address.');

    failing = false;
    await contact.getByRole('button', { name: 'Try again' }).click();
    await expect(contact.getByRole('link', { name: e2eSupportEmail }).first()).toHaveAttribute(
      'href',
      `mailto:${e2eSupportEmail}`,
    );
  });
});
