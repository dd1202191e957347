import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { groupRoutes } from '#shared/contracts/groups';
import { BulkInviteCard } from './bulk-invite-card';
import { InvitesPanel } from './invites-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ALL_INVESTORS = {
  id: '0b1c2d3e-4f50-4617-8283-94a5b6c7d8e9',
  name: 'All investors',
  isDefault: true,
  isViewOnly: false,
};
const DILIGENCE = {
  id: '6f1c2f4e-5b8a-4d36-9d7e-1d2f3a4b5c6d',
  name: 'Diligence',
  isDefault: false,
  isViewOnly: false,
};
const GROUPS_ROUTE = 'GET /api/my-data-room/groups';
const groupsAnswer = (groups: (typeof ALL_INVESTORS)[]) => () =>
  json(200, { groups, investors: [], sections: [] });

/**
 * The server's answers by method and path; every other request is a test failure. The forms read the
 * room's groups to offer a choice: one group unless the test gives its own, and that read is not
 * counted among what was sent.
 */
function serve(routes: Record<string, (body: unknown) => Response>) {
  const sent: { route: string; body: unknown }[] = [];
  const answers: Record<string, (body: unknown) => Response> = {
    [GROUPS_ROUTE]: groupsAnswer([ALL_INVESTORS]),
    ...routes,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const route = `${init.method ?? 'GET'} ${url}`;
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      if (route !== GROUPS_ROUTE) sent.push({ route, body });
      const answer = answers[route];
      if (!answer) throw new Error(`unexpected ${route}`);
      return answer(body);
    }),
  );
  return sent;
}

function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** The element the input's aria-describedby names, holding this text. */
function describedBy(input: HTMLElement, text: string | RegExp) {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const found = ids
    .map((id) => document.getElementById(id))
    .find(
      (element) =>
        element &&
        (typeof text === 'string' ? element.textContent === text : text.test(element.textContent ?? '')),
    );
  return found ?? null;
}

test('a refused address is said beside the address field, announced, and the field is marked invalid', async () => {
  const sent = serve({
    'GET /api/invites': () => json(200, []),
    'POST /api/invites': () =>
      json(409, {
        error: 'already_member',
        message: 'ann@fund.example already has access to this data room.',
      }),
  });
  renderWithQueries(<InvitesPanel page="configure" />);
  const address = screen.getByRole('textbox', { name: 'Email address' });
  fireEvent.change(address, { target: { value: 'ann@fund.example' } });
  fireEvent.change(screen.getAllByRole('textbox', { name: /Personal message/ })[0] as HTMLElement, {
    target: { value: 'See you Thursday.' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

  await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
  const error = describedBy(address, 'ann@fund.example already has access to this data room.');
  expect(error).not.toBeNull();
  expect(error?.getAttribute('aria-live')).toBe('polite');
  expect(sent.find((request) => request.route === 'POST /api/invites')?.body).toEqual({
    email: 'ann@fund.example',
    personalMessage: 'See you Thursday.',
  });

  // Typing again clears it.
  fireEvent.change(address, { target: { value: 'bo@fund.example' } });
  expect(address.getAttribute('aria-invalid')).toBeNull();
});

test('a 400 naming the address reads as a sentence beside it', async () => {
  serve({
    'GET /api/invites': () => json(200, []),
    'POST /api/invites': () =>
      json(400, {
        error: 'invalid_request',
        message: 'email: must be a valid e-mail address',
        field: 'email',
      }),
  });
  renderWithQueries(<InvitesPanel page="configure" />);
  const address = screen.getByRole('textbox', { name: 'Email address' });
  fireEvent.change(address, { target: { value: 'ann@fund' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
  await waitFor(() =>
    expect(describedBy(address, 'Email address must be a valid e-mail address.')).not.toBeNull(),
  );
});

test('bulk: a typo beside an address is listed by name with why and left in the box; the counts say 1 sent, 1 refused', async () => {
  const sent = serve({
    'POST /api/invites/bulk': () =>
      json(200, {
        message: '1 invitation sent, 1 address refused',
        invitedCount: 1,
        refusedCount: 1,
        results: [
          {
            entry: 'ana@angel.vc',
            status: 'invited',
            reason: null,
            invitation: {
              id: '3e2d1c0b-4a5f-4b6c-8d7e-9f0a1b2c3d4e',
              email: 'ana@angel.vc',
              name: null,
              status: 'pending',
              used: false,
              createdAt: '2026-11-25T09:30:00.000Z',
              expiresAt: '2026-12-02T09:30:00.000Z',
            },
          },
          {
            entry: 'not-an-email',
            status: 'refused',
            reason: 'Not an e-mail address (a name goes in a CSV “name” column, or as Name <address>).',
            invitation: null,
          },
        ],
      }),
  });
  renderWithQueries(<BulkInviteCard />);
  const box = screen.getByRole('textbox', { name: 'Addresses' });
  fireEvent.change(box, { target: { value: 'ana@angel.vc, not-an-email' } });
  fireEvent.click(screen.getByRole('button', { name: 'Invite all' }));

  const refused = await screen.findByRole('list', { name: 'Addresses not invited' });
  expect(refused.textContent).toBe(
    'not-an-email: Not an e-mail address (a name goes in a CSV “name” column, or as Name <address>).',
  );
  expect(screen.getByText('1 invitation sent, 1 address refused').closest('[aria-live]')).not.toBeNull();
  expect((box as HTMLTextAreaElement).value).toBe('not-an-email');
  expect(sent[0]?.body).toEqual({ addresses: 'ana@angel.vc, not-an-email' });
});

test('bulk: a list the server cannot read is said beside the Addresses field', async () => {
  serve({
    'POST /api/invites/bulk': () =>
      json(400, {
        error: 'invalid_request',
        message: 'addresses: at most 10,000 addresses at once: split the list',
        field: 'addresses',
      }),
  });
  renderWithQueries(<BulkInviteCard />);
  const box = screen.getByRole('textbox', { name: 'Addresses' });
  fireEvent.change(box, { target: { value: 'a@b.example' } });
  fireEvent.click(screen.getByRole('button', { name: 'Invite all' }));
  await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
  expect(describedBy(box, 'Addresses at most 10,000 addresses at once: split the list.')).not.toBeNull();
});

test('bulk: sending an empty box asks for addresses beside the field and calls nothing', () => {
  const sent = serve({});
  renderWithQueries(<BulkInviteCard />);
  fireEvent.click(screen.getByRole('button', { name: 'Invite all' }));
  const box = screen.getByRole('textbox', { name: 'Addresses' });
  expect(describedBy(box, /Paste at least one address/)).not.toBeNull();
  expect(sent).toEqual([]);
});

test('with more than one group, the pasted list goes to the group chosen; with one, nothing is asked', async () => {
  const sent = serve({
    [GROUPS_ROUTE]: groupsAnswer([ALL_INVESTORS, DILIGENCE]),
    'POST /api/invites/bulk': () =>
      json(200, {
        message: '1 invitation sent, 0 addresses refused',
        invitedCount: 1,
        refusedCount: 0,
        results: [],
      }),
  });
  renderWithQueries(<BulkInviteCard />);
  const group = await screen.findByRole('combobox', { name: 'Group' });
  expect((group as HTMLSelectElement).value).toBe(ALL_INVESTORS.id);
  fireEvent.change(group, { target: { value: DILIGENCE.id } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Addresses' }), {
    target: { value: 'ann@fund.example' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Invite all' }));
  await screen.findByText('1 invitation sent, 0 addresses refused');
  expect(sent[0]?.body).toEqual({ addresses: 'ann@fund.example', groupId: DILIGENCE.id });
  cleanup();

  serve({});
  renderWithQueries(<BulkInviteCard />);
  // Once the groups are read and rendered, the one group is not offered as a choice.
  await waitFor(() =>
    expect(vi.mocked(fetch).mock.calls.some(([url]) => url === apiPath(groupRoutes.list))).toBe(true),
  );
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(screen.queryByRole('combobox', { name: 'Group' })).toBeNull();
});

test('an end of access chosen while inviting is sent as the end of that day, and a refusal of it is said beside it', async () => {
  const sent = serve({
    'GET /api/invites': () => json(200, []),
    'POST /api/invites': (body) =>
      (body as { email: string }).email === 'late@fund.example'
        ? json(400, {
            error: 'invalid_request',
            message: 'accessExpiresAt: must be in the future',
            field: 'accessExpiresAt',
          })
        : json(201, {
            message: 'Invitation sent to ann@fund.example',
            invitation: {
              id: '3e2d1c0b-4a5f-4b6c-8d7e-9f0a1b2c3d4e',
              email: 'ann@fund.example',
              name: null,
              status: 'pending',
              used: false,
              createdAt: '2026-11-25T09:30:00.000Z',
              expiresAt: '2026-12-02T09:30:00.000Z',
            },
          }),
  });
  renderWithQueries(<InvitesPanel page="configure" />);
  const address = screen.getByRole('textbox', { name: 'Email address' });
  // The first form's: the bulk card below has its own.
  const ends = screen.getAllByLabelText(/Access ends/)[0] as HTMLElement;
  expect(ends.getAttribute('type')).toBe('date');
  fireEvent.change(address, { target: { value: 'ann@fund.example' } });
  fireEvent.change(ends, { target: { value: '2027-03-31' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
  await waitFor(() =>
    expect(sent.filter((request) => request.route === 'POST /api/invites')).toHaveLength(1),
  );
  expect(sent.find((request) => request.route === 'POST /api/invites')?.body).toEqual({
    email: 'ann@fund.example',
    accessExpiresAt: '2027-03-31T23:59:59.000Z',
  });
  // Sent: the form is empty again, the end too.
  await waitFor(() => expect((ends as HTMLInputElement).value).toBe(''));

  fireEvent.change(address, { target: { value: 'late@fund.example' } });
  fireEvent.change(ends, { target: { value: '2027-03-31' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
  await waitFor(() => expect(describedBy(ends, 'Access ends must be in the future.')).not.toBeNull());
  expect(ends.getAttribute('aria-invalid')).toBe('true');
});
