import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import type { WebhookDelivery, WebhookEndpoint } from '#shared/contracts/webhooks';
import { webhookRoutes } from '#shared/contracts/webhooks';
import { WebhooksCard } from './webhooks-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function renderWithQueries(element: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}

const endpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: '7d1f1d2e-0000-4000-8000-000000000001',
  url: 'https://crm.example.com/hooks',
  events: ['document.viewed', 'nda.accepted'],
  isEnabled: true,
  disabledReason: null,
  disabledAt: null,
  secretHint: 'whsec_AbCdEf…',
  previousSecretExpiresAt: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  addedBy: { name: 'Fran Founder', email: 'fran@example.com' },
  ...overrides,
});

const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 'a1',
  messageId: 'msg_1',
  eventType: 'webhook.test',
  status: 'succeeded',
  attempts: 1,
  lastStatusCode: 204,
  lastError: null,
  responseExcerpt: null,
  durationMs: 12,
  createdAt: '2026-11-25T10:05:00.000Z',
  lastAttemptAt: '2026-11-25T10:05:00.000Z',
  nextAttemptAt: null,
  ...overrides,
});

test('adding an endpoint sends its URL and chosen events, then shows the secret once', async () => {
  const sent: unknown[] = [];
  let endpoints: WebhookEndpoint[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe(apiPath(webhookRoutes.endpoints));
      if (init.method === 'POST') {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        const created = endpoint({ url: body.url, events: body.events });
        endpoints = [created];
        return json({ endpoint: created, secret: 'whsec_c2VjcmV0LXNob3duLW9uY2U=' }, 201);
      }
      return json({ endpoints });
    }),
  );
  renderWithQueries(<WebhooksCard />);
  expect(await screen.findByText('No endpoints yet. Add one below.')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Endpoint URL'), {
    target: { value: ' https://crm.example.com/hooks ' },
  });
  // Every event is chosen to begin with; leave out two.
  fireEvent.click(screen.getByRole('checkbox', { name: /link\.clicked/ }));
  fireEvent.click(screen.getByRole('checkbox', { name: /document\.uploaded/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
  await waitFor(() =>
    expect(sent).toEqual([
      {
        url: 'https://crm.example.com/hooks',
        events: [
          'document.viewed',
          'document.downloaded',
          'invitation.accepted',
          'nda.accepted',
          'document.updated',
          'question.asked',
          'question.answered',
          'investor.engagement_changed',
        ],
      },
    ]),
  );
  const notice = await screen.findByRole('status');
  expect(within(notice).getByText('whsec_c2VjcmV0LXNob3duLW9uY2U=')).toBeTruthy();
  expect(within(notice).getByText(/not shown again/)).toBeTruthy();
  fireEvent.click(within(notice).getByRole('button', { name: 'Done' }));
  expect(screen.queryByText('whsec_c2VjcmV0LXNob3duLW9uY2U=')).toBeNull();
  expect(await screen.findByRole('heading', { name: 'https://crm.example.com/hooks' })).toBeTruthy();
});

test("the server's refusal of a URL is shown beside the form", async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) =>
      init.method === 'POST'
        ? json(
            {
              error: 'invalid_request',
              field: 'url',
              message:
                'url: must reach a public address: 10.0.0.5 is a private, loopback or link-local address.',
            },
            400,
          )
        : json({ endpoints: [] }),
    ),
  );
  renderWithQueries(<WebhooksCard />);
  fireEvent.change(await screen.findByLabelText('Endpoint URL'), { target: { value: 'https://10.0.0.5/x' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'The URL must reach a public address: 10.0.0.5 is a private, loopback or link-local address.',
  );
  expect(screen.getByLabelText('Endpoint URL').getAttribute('aria-invalid')).toBe('true');
});

test('an endpoint with no events chosen is not sent', async () => {
  const fetchMock = vi.fn(async () => json({ endpoints: [] }));
  vi.stubGlobal('fetch', fetchMock);
  renderWithQueries(<WebhooksCard />);
  fireEvent.change(await screen.findByLabelText('Endpoint URL'), {
    target: { value: 'https://crm.example.com/x' },
  });
  for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
  fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one event.');
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test('"Send test event" queues one and the delivery log shows its status code and attempts', async () => {
  const calls: string[] = [];
  let deliveries: WebhookDelivery[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (url.endsWith('/test')) {
        deliveries = [
          delivery({
            status: 'pending',
            attempts: 0,
            lastStatusCode: null,
            durationMs: null,
            lastAttemptAt: null,
          }),
        ];
        return json({ delivery: deliveries[0] }, 202);
      }
      if (url.endsWith('/deliveries')) {
        const answer = { deliveries };
        // The worker delivers it by the next read.
        deliveries = [delivery({ lastStatusCode: 204, attempts: 2, lastError: null })];
        return json(answer);
      }
      return json({
        endpoints: [
          endpoint(),
          endpoint({
            id: '7d1f1d2e-0000-4000-8000-000000000002',
            url: 'https://down.example.com/hooks',
            isEnabled: false,
            disabledReason: 'Every delivery failed for a day.',
            disabledAt: '2026-11-25T09:00:00.000Z',
          }),
        ],
      });
    }),
  );
  renderWithQueries(<WebhooksCard />);
  const off = (await screen.findByRole('heading', { name: 'https://down.example.com/hooks' })).closest('li');
  expect(within(off as HTMLElement).getByText('Turned off after failures')).toBeTruthy();
  expect(within(off as HTMLElement).getByRole('button', { name: 'Send test event' })).toHaveProperty(
    'disabled',
    true,
  );

  const on = screen
    .getByRole('heading', { name: 'https://crm.example.com/hooks' })
    .closest('li') as HTMLElement;
  fireEvent.click(within(on).getByRole('button', { name: 'Send test event' }));
  const log = await within(on).findByRole('region', { name: 'Delivery log' });
  await waitFor(() => expect(within(log).getByText(/HTTP 204, 2 attempts/)).toBeTruthy(), { timeout: 4000 });
  expect(within(log).getByText('Delivered')).toBeTruthy();
  expect(calls).toContain('POST /api/my-data-room/webhooks/7d1f1d2e-0000-4000-8000-000000000001/test');
});
