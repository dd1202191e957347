import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { notificationRoutes } from '#shared/contracts/notifications';
import { NotificationSettingsCard } from './notification-settings-card';
import { NotifyInvestorsPanel } from './notify-investors-panel';

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

test('the four choices are radios showing the saved one; picking another sends it to the server', async () => {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe(apiPath(notificationRoutes.settings));
      if (init.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return json({ founderNotifications: 'daily', email: 'fran@acme.example' });
      }
      return json({ founderNotifications: 'first_visits_and_hourly', email: 'fran@acme.example' });
    }),
  );
  renderWithQueries(<NotificationSettingsCard />);
  const group = await screen.findByRole('radiogroup', { name: 'Notifications' });
  expect(group).toBeTruthy();
  expect(screen.getAllByRole('radio')).toHaveLength(4);
  for (const label of ['Off', 'First visits only', 'First visits and hourly digest', 'Daily digest'])
    expect(screen.getByRole('radio', { name: new RegExp(`^${label}`) })).toBeTruthy();
  expect(
    (screen.getByRole('radio', { name: /First visits and hourly digest/ }) as HTMLInputElement).checked,
  ).toBe(true);
  expect(screen.getByText(/E-mails to fran@acme.example/)).toBeTruthy();
  fireEvent.click(screen.getByRole('radio', { name: /Daily digest/ }));
  await waitFor(() => expect(sent).toEqual([{ founderNotifications: 'daily' }]));
});

test('Notify investors shows when the next message may go after the server refuses one with 429', async () => {
  const nextAllowedAt = new Date(Date.now() + 30 * 60_000).toISOString();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      if (init.method === 'POST')
        return json(
          {
            error: 'too_soon',
            message:
              'You can notify investors once an hour. Your next message can go at Wed, 25 Nov 2026, 16:30 UTC.',
            nextAllowedAt,
          },
          429,
        );
      return json({
        investors: [
          { id: 'c4a3b1de-0000-4000-8000-000000000001', name: 'Ann Lee', email: 'ann@fund.example' },
        ],
        lastSentAt: null,
        nextAllowedAt: null,
      });
    }),
  );
  renderWithQueries(<NotifyInvestorsPanel />);
  fireEvent.change(await screen.findByLabelText('Message'), { target: { value: 'Hello' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send to 1 investor' }));
  expect((await screen.findByRole('alert')).textContent).toMatch(
    /once an hour\. Your next message can go at/,
  );
  expect(screen.getByText(/The next one can go at/)).toBeTruthy();
});

test('Notify investors refuses an empty message and a message over the limit before sending', async () => {
  const fetch = vi.fn(async () =>
    json({
      investors: [{ id: 'c4a3b1de-0000-4000-8000-000000000001', name: '', email: 'a@b.example' }],
      lastSentAt: null,
      nextAllowedAt: null,
    }),
  );
  vi.stubGlobal('fetch', fetch);
  renderWithQueries(<NotifyInvestorsPanel />);
  const message = await screen.findByLabelText('Message');
  fireEvent.click(screen.getByRole('button', { name: 'Send to 1 investor' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Write a message first.');
  fireEvent.change(message, { target: { value: 'x'.repeat(1001) } });
  expect(screen.getByText('1,001 / 1,000 characters')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Send to 1 investor' }));
  expect((await screen.findByRole('alert')).textContent).toBe('A message can be at most 1,000 characters.');
  expect(fetch).toHaveBeenCalledTimes(1);
});
