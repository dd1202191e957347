import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { startWebhookReceiver, verifyWebhook } from '#tests/support/webhook-receiver';
import { expect, test } from './fixtures';
import { toast, uniqueEmail } from './support/people';

/**
 * Webhooks (docs/decisions/0052-webhooks.md): the founder adds an endpoint in Settings, copies its secret from the one time it
 * is shown, sends a test event, and sees it delivered in the endpoint's delivery log; the receiver (a
 * real HTTP server started here) checks the signature with the Standard Webhooks library.
 */
test('the founder adds a webhook endpoint, sends a test event and sees it in the delivery log @desktop @phone', async ({
  page,
  request,
  baseURL,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    const created = await request.post(apiPath(accountRoutes.completeSetup), {
      data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName: `Hooked ${Date.now()}` },
    });
    expect(created.status()).toBe(201);
    const { token } = (await created.json()) as { token: string };
    await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);

    await page.goto('/setup-data-room?tab=settings');
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    // Generous: the page's first reads share two cores with the other journeys.
    await expect(webhooks.getByText('No endpoints yet. Add one below.')).toBeVisible({ timeout: 15_000 });
    await webhooks.getByLabel('Endpoint URL').fill(receiver.url);
    await webhooks.getByRole('checkbox', { name: /link\.clicked/ }).uncheck();
    await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(toast(page, 'Endpoint added')).toBeVisible();

    const notice = webhooks.getByRole('status');
    await expect(notice).toContainText('not shown again');
    const secret = (await notice.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await notice.getByRole('button', { name: 'Done' }).click();
    await expect(notice).toHaveCount(0);

    const endpoint = webhooks
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: receiver.url }) });
    await expect(endpoint.getByText('On', { exact: true })).toBeVisible();
    await expect(endpoint).not.toContainText('link.clicked');
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await expect(toast(page, 'Test event sent')).toBeVisible();

    const log = endpoint.getByRole('region', { name: 'Delivery log' });
    await expect(log.getByText('Delivered')).toBeVisible({ timeout: 15_000 });
    await expect(log).toContainText('webhook.test');
    await expect(log).toContainText('HTTP 204, 1 attempt');

    const received = await receiver.waitFor((request) => request.json.type === 'webhook.test');
    expect(verifyWebhook(secret, received)).toMatchObject({ type: 'webhook.test' });
  } finally {
    await receiver.close();
  }
});
