import { e2ePromoCode } from './e2e-environment';
import { expect, test } from './fixtures';
import { toast, uniqueEmail } from './support/people';

const PRO_FEATURES = [
  'sections.md control',
  'document uploads and external links',
  'magic link authentication',
  'secure investor access',
  'document access tracking',
  'e-mail invitation system',
];

test('the checkout shows the Pro plan, its six features and the money-back guarantee', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveTitle(/Checkout/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Pro', exact: true })).toBeVisible();
  const features = page.getByRole('list', { name: 'Included in Pro' }).getByRole('listitem');
  await expect(features).toHaveText(PRO_FEATURES, { ignoreCase: true });
  await expect(page.getByText('30-day money-back guarantee')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create your data room' })).toHaveAttribute(
    'href',
    '/setup-account',
  );
});

test('an unknown promo code is refused and the plan stays as it was', async ({ page }) => {
  await page.goto('/checkout');
  const apply = page.getByRole('button', { name: 'Apply' });
  await expect(apply).toBeDisabled();

  await page.getByLabel('Promo code', { exact: true }).fill('NOT-A-REAL-CODE');
  await apply.click();

  await expect(toast(page, 'Invalid promo code')).toContainText('Please check your code and try again.');
  await expect(apply).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Create your data room' })).toHaveAttribute(
    'href',
    '/setup-account',
  );
  await expect(page.getByRole('link', { name: 'Get free access' })).toHaveCount(0);
  expect(await page.evaluate("window.sessionStorage.getItem('promo_code')")).toBeNull();
});

test('a valid promo code is applied once and leads to the free sign-up @phone', async ({ page }) => {
  await page.goto('/checkout');
  // Codes are compared case-insensitively on the server.
  await page.getByLabel('Promo code', { exact: true }).fill(e2ePromoCode.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();

  await expect(toast(page, 'Promo code applied!')).toContainText('Your account will be upgraded for free.');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  const cta = page.getByRole('link', { name: 'Get free access' });
  await expect(cta).toHaveAttribute('href', '/setup-account?promo=true');
  await expect(page.getByRole('link', { name: 'Create your data room' })).toHaveCount(0);
  // The code travels in sessionStorage, never in the URL.
  expect(await page.evaluate("window.sessionStorage.getItem('promo_code')")).toBe(e2ePromoCode.toLowerCase());
  expect((await cta.getAttribute('href')) ?? '').not.toContain(e2ePromoCode.toLowerCase());

  // Coming back in the same tab keeps it applied.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Get free access' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
});

test('joining the waitlist twice with one e-mail succeeds both times', async ({ page }) => {
  const email = uniqueEmail('waitlist');
  await page.goto('/checkout');
  const company = page.getByLabel('Company name');
  const contact = page.getByLabel('Contact email');
  await expect(contact).toHaveAttribute('type', 'email');

  await company.fill('Waitlist Co');
  await contact.fill(email);
  await page.getByRole('button', { name: 'Join waitlist' }).click();
  const added = toast(page, 'Added to waitlist!');
  await expect(added).toBeVisible();
  await expect(company).toHaveValue('');
  await expect(contact).toHaveValue('');

  await added.getByRole('button', { name: /close/i }).click();
  await expect(added).toHaveCount(0);

  await company.fill('Waitlist Co, again');
  await contact.fill(email);
  await page.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(toast(page, 'Added to waitlist!')).toBeVisible();
  await expect(contact).toHaveValue('');
});

test('no promo code ships in the JavaScript the checkout loads', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response.text());
  });
  await page.goto('/checkout', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const texts = await Promise.all(scripts);
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text.toUpperCase()).not.toContain(e2ePromoCode.toUpperCase());
});

test('no promo code is anywhere in the built web app', async () => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const files = readdirSync('dist/web', { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isFile(),
  );
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) {
    const text = readFileSync(join(file.parentPath, file.name), 'utf8').toUpperCase();
    expect(text, file.name).not.toContain(e2ePromoCode.toUpperCase());
  }
});
