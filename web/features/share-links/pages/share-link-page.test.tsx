import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import type { ShareLinkState } from '#shared/contracts/share-links';
import { shareLinkRoutes } from '#shared/contracts/share-links';
import { ShareLinkPage } from './share-link-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The gate of /share/tok, with GET /api/share/tok answering this state. */
function renderGate(state: ShareLinkState) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === apiPath(shareLinkRoutes.state, { params: { token: 'tok' } })
        ? json(state)
        : json({ error: 'not_found', message: 'Not here.' }, 404),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/share/tok']}>
        <Routes>
          <Route path="/share/:token" element={<ShareLinkPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const headingLevels = () =>
  screen.getAllByRole('heading').map((heading) => `${heading.tagName} ${heading.textContent}`);

test("a link that names the room: the company heads the page, shared by the founder's first name, the steps under it", async () => {
  renderGate({
    state: 'open',
    opens: 'room',
    requiresApproval: false,
    room: { companyName: 'Acme Robotics', founderFirstName: 'Fran' },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Acme Robotics' })).toBeTruthy();
  expect(screen.getByText('Shared by Fran')).toBeTruthy();
  expect(headingLevels()).toEqual(['H1 Acme Robotics', 'H2 Open the data room']);
  expect(screen.getByText(/We’ll e-mail you a six-digit code/)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Send me a code' })).toBeTruthy();
  // Roundroom is named in the footer only: no marketing header, no Login.
  expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  expect(screen.getByRole('contentinfo').textContent).toBe('Powered by Roundroom');
  expect(document.title).toBe('Acme Robotics data room');
});

test('a founder without a first name to show: the company alone', async () => {
  renderGate({
    state: 'open',
    opens: 'room',
    requiresApproval: false,
    room: { companyName: 'Acme Robotics', founderFirstName: null },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Acme Robotics' })).toBeTruthy();
  expect(screen.queryByText(/Shared by/)).toBeNull();
});

test("a link told not to name the room: today's neutral page, in the same plain frame", async () => {
  renderGate({ state: 'open', opens: 'room', requiresApproval: true, room: null });
  expect(await screen.findByRole('heading', { level: 1, name: 'Open the data room' })).toBeTruthy();
  expect(headingLevels()).toEqual(['H1 Open the data room']);
  expect(screen.queryByText(/Shared by/)).toBeNull();
  expect(screen.getByText(/The founder lets each reader in before they read/)).toBeTruthy();
  expect(screen.getByRole('contentinfo').textContent).toBe('Powered by Roundroom');
  expect(document.title).toBe('Open the data room · Roundroom');
});

test('a closed link says so, and names no room', async () => {
  renderGate({ state: 'disabled', opens: 'room', requiresApproval: false, room: null });
  expect(await screen.findByRole('heading', { level: 1, name: 'This link is turned off' })).toBeTruthy();
  expect(screen.queryByRole('textbox')).toBeNull();
});
