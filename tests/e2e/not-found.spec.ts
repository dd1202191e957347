import { expect, test } from './fixtures';

test.describe('an unknown path', () => {
  // Chromium logs the 404 status of the document itself as a console error; that one is expected.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('shows the 404 page with HTTP status 404 and a way home @phone', async ({ page }) => {
    const response = await page.goto('/some/unknown/path');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 page not found' })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL('/');
  });
});

test('an unknown API path answers the JSON 404, not the page', async ({ request }) => {
  const response = await request.get('/api/no-such-route');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({
    error: 'not_found',
    message: 'There is no API route GET /api/no-such-route.',
  });
});
