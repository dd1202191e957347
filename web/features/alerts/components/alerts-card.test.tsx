import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { type AlertSettings, type AlertTarget, alertRoutes } from '#shared/contracts/alerts';
import { apiPath } from '#shared/contracts/api-route';
import { notificationRoutes } from '#shared/contracts/notifications';
import { AlertsCard } from './alerts-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderWithQueries(element: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}

const target = (overrides: Partial<AlertTarget> = {}): AlertTarget => ({
  id: '7d1f1d2e-0000-4000-8000-000000000001',
  kind: 'slack',
  urlHint: 'https://hooks.slack.com/services/…wxyz',
  triggers: ['first_visit', 'downloaded'],
  isEnabled: true,
  isSilenced: false,
  addedBy: { name: 'Fran Founder', email: 'fran@example.com' },
  createdAt: '2026-12-01T10:00:00.000Z',
  lastDelivery: null,
  failingSince: null,
  ...overrides,
});

const settings = (overrides: Partial<AlertSettings> = {}): AlertSettings => ({
  returnAfterDays: 7,
  scoreThreshold: 70,
  mailTriggers: [],
  mailRecipients: ['fran@example.com', 'cofounder@example.com'],
  mailLastDelivery: null,
  targets: [],
  ...overrides,
});

/** The alerts' and the notifications' settings, as the server answers them; POSTs recorded. */
function serve(answer: () => AlertSettings, onPost: (url: string, body: unknown) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === 'POST') return onPost(url, JSON.parse(String(init.body)));
      if (url === apiPath(notificationRoutes.settings))
        return json({ founderNotifications: 'daily', email: 'fran@example.com' });
      return json(answer());
    }),
  );
}

test('first visits and questions by mail are shown as Notifications sets them, not as choices here', async () => {
  serve(settings, () => json({}));
  renderWithQueries(<AlertsCard />);
  const mail = await screen.findByRole('region', { name: 'Alerts by e-mail' });
  expect(within(mail).getByText(/To fran@example\.com, cofounder@example\.com/)).toBeTruthy();
  await waitFor(() =>
    expect(within(mail).getAllByText('Off: set by Notifications (Daily digest)')).toHaveLength(2),
  );
  const firstVisit = within(mail).getByRole('checkbox', { name: /^First visit/ }) as HTMLInputElement;
  expect(firstVisit.disabled).toBe(true);
  expect(firstVisit.checked).toBe(false);
  expect(within(mail).getByRole('checkbox', { name: 'Comes back after 7 days away' })).toBeTruthy();
  expect(within(mail).getByRole('checkbox', { name: 'Engagement score reaches 70' })).toBeTruthy();
});

test('ticking a trigger saves the mail triggers without those of Notifications', async () => {
  const sent: unknown[] = [];
  let current = settings();
  serve(
    () => current,
    (url, body) => {
      expect(url).toBe(apiPath(alertRoutes.saveSettings));
      sent.push(body);
      current = settings({ mailTriggers: ['downloaded'] });
      return json(current);
    },
  );
  renderWithQueries(<AlertsCard />);
  const mail = await screen.findByRole('region', { name: 'Alerts by e-mail' });
  fireEvent.click(within(mail).getByRole('checkbox', { name: 'Downloads a document' }));
  await waitFor(() => expect(sent).toEqual([{ mailTriggers: ['downloaded'] }]));
  await waitFor(() =>
    expect(
      (within(mail).getByRole('checkbox', { name: 'Downloads a document' }) as HTMLInputElement).checked,
    ).toBe(true),
  );
});

test('a target shows its last delivery: a failure in Slack’s own word, a retry as Retrying', async () => {
  serve(
    () =>
      settings({
        targets: [
          target({
            failingSince: '2026-12-01T10:05:00.000Z',
            lastDelivery: {
              status: 'failed',
              trigger: 'downloaded',
              attempts: 1,
              statusCode: 404,
              error:
                'Slack answered 404 no_service: the webhook was removed or revoked in Slack, add a new one.',
              at: '2026-12-01T10:05:00.000Z',
              nextAttemptAt: null,
            },
          }),
          target({
            id: '7d1f1d2e-0000-4000-8000-000000000002',
            kind: 'teams',
            urlHint: 'https://prod.westus.logic.azure.com/workflows/…abcd',
            lastDelivery: {
              status: 'pending',
              trigger: 'first_visit',
              attempts: 1,
              statusCode: 429,
              error: 'Microsoft Teams is throttling this webhook (HTTP error 429).',
              at: '2026-12-01T10:06:00.000Z',
              nextAttemptAt: new Date(Date.now() + 10_000).toISOString(),
            },
          }),
        ],
      }),
    () => json({}),
  );
  renderWithQueries(<AlertsCard />);
  const slack = await screen.findByRole('listitem', { name: 'Slack' });
  expect(within(slack).getByText('Failing')).toBeTruthy();
  expect(within(slack).getByRole('alert').textContent).toMatch(/Slack answered 404 no_service/);
  const teams = screen.getByRole('listitem', { name: 'Microsoft Teams' });
  expect(within(teams).getByText('Retrying')).toBeTruthy();
  expect(within(teams).getByRole('status').textContent).toMatch(/throttling.*Trying again within a minute\./);
});

test('adding a target sends its kind, URL and triggers, and shows the server’s refusal of the URL', async () => {
  const sent: unknown[] = [];
  serve(settings, (url, body) => {
    expect(url).toBe(apiPath(alertRoutes.addTarget));
    sent.push(body);
    return json(
      {
        error: 'invalid_request',
        field: 'url',
        message: 'url: must reach a public address: 10.0.0.5 is a private, loopback or link-local address.',
      },
      400,
    );
  });
  renderWithQueries(<AlertsCard />);
  const form = await screen.findByRole('form', { name: 'Add Slack or Microsoft Teams' });
  fireEvent.click(within(form).getByRole('radio', { name: 'Microsoft Teams' }));
  fireEvent.change(within(form).getByLabelText('Incoming webhook URL'), {
    target: { value: ' https://teams.example/workflows/1 ' },
  });
  fireEvent.click(within(form).getByRole('checkbox', { name: 'Is refused entry' }));
  fireEvent.click(within(form).getByRole('button', { name: 'Add Microsoft Teams' }));
  expect((await screen.findByText(/^The URL must reach a public address/)).getAttribute('role')).toBe(
    'alert',
  );
  expect(sent).toEqual([
    {
      kind: 'teams',
      url: 'https://teams.example/workflows/1',
      triggers: [
        'first_visit',
        'returned',
        'score_crossed',
        'key_document_opened',
        'question_asked',
        'access_refused',
      ],
    },
  ]);
});
