import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import type { ApiToken } from '#shared/contracts/api-tokens';
import { ApiTokensPanel } from './api-tokens-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ApiTokensPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const token = (overrides: Partial<ApiToken> = {}): ApiToken => ({
  id: 'c4a3b1de-0000-4000-8000-000000000001',
  name: 'Affinity sync',
  scopes: ['analytics:read'],
  hint: 'x9Qk',
  createdAt: '2026-11-20T09:30:00.000Z',
  createdBy: { name: 'Fran Founder', email: 'fran@acme.example' },
  expiresAt: '2027-02-18T09:30:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  status: 'active',
  ...overrides,
});

/** A small in-memory API: the list, creation (answering the secret once) and revocation. */
function serveTokens(initial: ApiToken[]) {
  const tokens = [...initial];
  const requests: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      requests.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'GET') return json({ tokens });
      if (method === 'POST') {
        const body = JSON.parse(String(init.body)) as { name: string; scopes: ApiToken['scopes'] };
        const made = token({
          id: 'c4a3b1de-0000-4000-8000-000000000002',
          name: body.name,
          scopes: body.scopes,
          hint: 'Zz99',
        });
        tokens.unshift(made);
        return json({ token: made, secret: `rr_${'s'.repeat(39)}Zz99` }, 201);
      }
      const id = url.split('/').pop();
      const found = tokens.find((candidate) => candidate.id === id);
      if (found) Object.assign(found, { status: 'revoked', revokedAt: new Date().toISOString() });
      return json(null, 204);
    }),
  );
  return requests;
}

test('the list shows each token’s scopes, hint, creator and last use, and no secret', async () => {
  serveTokens([
    token({ lastUsedAt: '2026-11-25T10:02:11.000Z' }),
    token({
      id: 'c4a3b1de-0000-4000-8000-000000000009',
      name: 'Old script',
      status: 'revoked',
      revokedAt: '2026-11-21T00:00:00.000Z',
    }),
  ]);
  renderPanel();
  const list = await screen.findByRole('list', { name: 'API tokens' });
  const [active, revoked] = within(list).getAllByRole('listitem');
  expect(active?.textContent).toMatch(/Affinity sync.*Active.*Read analytics and the access log/);
  expect(active?.textContent).toMatch(/Ends in …x9Qk/);
  expect(active?.textContent).toMatch(/by Fran Founder/);
  expect(active?.textContent).toMatch(/last used/);
  expect(revoked?.textContent).toMatch(/Old script.*Revoked.*never used/);
  // A revoked token has nothing left to revoke.
  expect(within(revoked as HTMLElement).queryByRole('button')).toBeNull();
});

test('creating asks for a name and a scope first, then shows the secret once', async () => {
  const requests = serveTokens([]);
  renderPanel();
  expect(await screen.findByText('No API tokens yet.')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
  expect((await screen.findByRole('alert')).textContent).toMatch(/Give the token a name/);
  fireEvent.change(screen.getByLabelText('Token name'), { target: { value: 'Attio' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
  expect((await screen.findByRole('alert')).textContent).toMatch(/at least one thing/);
  expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

  fireEvent.click(screen.getByRole('checkbox', { name: 'Manage invitations' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Read analytics and the access log' }));
  fireEvent.change(screen.getByLabelText('Expires after'), { target: { value: 'never' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create token' }));

  const secret = (await screen.findByLabelText('Your API token')) as HTMLInputElement;
  expect(secret.value).toBe(`rr_${'s'.repeat(39)}Zz99`);
  expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
    name: 'Attio',
    scopes: ['analytics:read', 'invitations:write'],
    expiresInDays: null,
  });
  await waitFor(() => expect(screen.getAllByText(/Attio/).length).toBeGreaterThan(1));
  fireEvent.click(screen.getByRole('button', { name: 'I have stored it' }));
  expect(screen.queryByLabelText('Your API token')).toBeNull();
  // Once dismissed, the secret is nowhere on the page.
  expect(document.body.textContent).not.toContain('s'.repeat(39));
});

test('revoking asks first, then the token is listed as revoked', async () => {
  // jsdom has no modal dialogs; the Playwright journey revokes through the real one.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  const requests = serveTokens([token()]);
  renderPanel();
  fireEvent.click(await screen.findByRole('button', { name: 'Revoke Affinity sync' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Revoke token' }));
  await waitFor(() =>
    expect(
      requests.some(
        (request) =>
          request.method === 'DELETE' && request.url.endsWith('/c4a3b1de-0000-4000-8000-000000000001'),
      ),
    ).toBe(true),
  );
  expect(await screen.findByText('Revoked')).toBeTruthy();
});
