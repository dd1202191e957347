import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import type { AccessibleDataRoom } from '#shared/contracts/rooms';
import { roomRoutes } from '#shared/contracts/rooms';
import { appShellParts } from '#web/app/app-shell-parts';
import { AppShellContext } from '#web/components/app/app-shell';
import { InvestorDashboardPage } from './investor-dashboard-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The dashboard with these rooms from /api/my-accessible-data-rooms (and a signed-out header). */
function renderDashboard(dataRooms: AccessibleDataRoom[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.startsWith(apiPath(roomRoutes.accessible))
        ? json({ dataRooms })
        : json({ error: 'unauthorized', message: 'Sign in.' }, 401),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AppShellContext value={appShellParts}>
          <InvestorDashboardPage />
        </AppShellContext>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

test('a room whose NDA is not accepted shows its name and "NDA required", nothing of the company', async () => {
  renderDashboard([
    {
      id: 'a1',
      companyName: 'Gated Robotics',
      name: 'Gated Robotics',
      isNdaRequired: true,
      fundingStage: null,
      companyDescription: null,
      foundedYear: null,
      website: null,
    },
    {
      id: 'b2',
      companyName: 'Open Bio',
      name: 'Open Bio',
      isNdaRequired: false,
      fundingStage: 'Seed',
      companyDescription: 'Enzymes for everyone',
      foundedYear: 2020,
      website: 'https://open.example',
    },
  ]);
  const gated = (await screen.findByRole('heading', { name: 'Gated Robotics' })).closest('li') as HTMLElement;
  expect(within(gated).getByText('NDA required')).toBeTruthy();
  expect(within(gated).queryByText(/Founded/)).toBeNull();
  expect(within(gated).queryByRole('link', { name: /example/ })).toBeNull();
  expect(within(gated).getByRole('link', { name: /View data room/ })).toBeTruthy();

  const open = screen.getByRole('heading', { name: 'Open Bio' }).closest('li') as HTMLElement;
  expect(within(open).queryByText('NDA required')).toBeNull();
  expect(within(open).getByText('Enzymes for everyone')).toBeTruthy();
  expect(within(open).getByText('Seed')).toBeTruthy();
  expect(within(open).getByText('Founded 2020')).toBeTruthy();
});
