import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { RequireSession } from './require-session';

// A session opened by an invitation's link or a share-link code reads its room only
// (docs/decisions/0074-a-proof-of-one-room.md): the room's pages show, anything else asks for the mailbox.

const ROOM = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const OTHER_ROOM = '0f8fad5b-d9cb-469f-a165-70867728950e';
let requests: { method: string; path: string; body: unknown }[];
let onlyRoomId: string | null;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  requests = [];
  onlyRoomId = ROOM;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0] ?? url;
      const method = init?.method ?? 'GET';
      requests.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === apiPath(authRoutes.session))
        return json({
          user: {
            id: '00000000-0000-4000-8000-00000000000a',
            name: 'Ivy Investor',
            email: 'ivy@fund.vc',
            role: 'founder',
            isActive: true,
            createdAt: '2026-11-20T10:00:00.000Z',
            managedRoom: null,
            onlyRoomId,
          },
          isSecondFactorPending: false,
        });
      if (path === apiPath(authRoutes.requestMagicLink))
        return json({ message: 'Check your email for the secure access link.' });
      throw new Error(`unexpected request ${method} ${url}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <RequireSession>
                <p>The protected page</p>
              </RequireSession>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

test("the room's own pages show as they are", async () => {
  for (const path of [`/data-room/${ROOM}`, `/data-room/${ROOM}/documents/${OTHER_ROOM}`, '/data-room']) {
    renderAt(path);
    expect(await screen.findByText('The protected page')).toBeTruthy();
    cleanup();
  }
});

test('another room, the dashboard or the console asks to confirm the address, and sends the link to it', async () => {
  for (const path of [`/data-room/${OTHER_ROOM}`, '/investor-dashboard', '/admin']) {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail address' })).toBeTruthy();
    expect(screen.queryByText('The protected page')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the data room' }).getAttribute('href')).toBe(
      `/data-room/${ROOM}`,
    );
    cleanup();
  }
  renderAt('/admin/analytics');
  fireEvent.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Check your email' })).toBeTruthy());
  expect(requests.find((request) => request.path === apiPath(authRoutes.requestMagicLink))?.body).toEqual({
    email: 'ivy@fund.vc',
    name: '',
    returnTo: '/admin/analytics',
  });
});

test('a full session is not asked anything', async () => {
  onlyRoomId = null;
  renderAt('/admin');
  expect(await screen.findByText('The protected page')).toBeTruthy();
});
