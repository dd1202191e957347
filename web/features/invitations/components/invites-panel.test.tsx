import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import type { Invitation } from '#shared/contracts/invitations';
import { InvitesPanel } from './invites-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const invitation = (id: string, email: string, name: string | null, status: Invitation['status']) => ({
  id,
  email,
  name,
  status,
  used: status === 'accepted',
  createdAt: '2026-11-25T09:30:00.000Z',
  expiresAt: '2026-12-02T09:30:00.000Z',
});

const vera = invitation(
  '3e2d1c0b-4a5f-4b6c-8d7e-9f0a1b2c3d4e',
  'vera@capital.example',
  'Vera Capital',
  'pending',
);
const ivy = invitation('4f3e2d1c-5b6a-4c7d-9e8f-0a1b2c3d4e5f', 'ivy@fund.example', null, 'accepted');

/**
 * The server's answers by method and path, each a list of answers given in turn (the last one repeats);
 * every other request is a test failure.
 */
function serve(routes: Record<string, ((body: unknown) => Response)[]>) {
  const sent: { route: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const route = `${init.method ?? 'GET'} ${url}`;
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      const answers = routes[route];
      if (!answers) throw new Error(`unexpected ${route}`);
      const earlier = sent.filter((request) => request.route === route).length;
      sent.push({ route, body });
      return (answers[Math.min(earlier, answers.length - 1)] as (body: unknown) => Response)(body);
    }),
  );
  return sent;
}

function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const region = (name: string) => screen.getByRole('region', { name });
const rowOf = (list: HTMLElement, text: string) =>
  within(list)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(text)) as HTMLElement;

test('on /configure: the form asks for a name and a message, and the list has Resend, Copy link and Delete', async () => {
  serve({ 'GET /api/invites': [() => json(200, [vera, ivy])] });
  renderWithQueries(<InvitesPanel page="configure" />);

  const form = region('Invite an investor');
  expect(within(form).getByRole('textbox', { name: /Name/ })).toBeTruthy();
  expect(within(form).getAllByRole('textbox', { name: /Personal message/ }).length).toBeGreaterThan(0);
  expect(screen.getByRole('heading', { name: 'Invite many at once' })).toBeTruthy();

  const list = await within(region('Sent invitations')).findByRole('list');
  const pending = rowOf(list, 'Vera Capital');
  expect(pending.textContent).toContain('vera@capital.example');
  expect(
    within(pending).getByRole('button', { name: 'Resend the invitation to vera@capital.example' }),
  ).toBeTruthy();
  expect(
    within(pending).getByRole('button', { name: 'Copy a new invitation link for vera@capital.example' }),
  ).toBeTruthy();
  expect(
    within(pending).getByRole('button', { name: 'Delete the invitation for vera@capital.example' }),
  ).toBeTruthy();
  // An accepted invitation has no link left to send again.
  const accepted = rowOf(list, 'ivy@fund.example');
  expect(within(accepted).queryByRole('button', { name: /Resend/ })).toBeNull();
  expect(
    within(accepted).getByRole('button', { name: 'Delete the invitation for ivy@fund.example' }),
  ).toBeTruthy();
});

test('on /configure: a blank address is required, said beside the field, and nothing is sent', () => {
  const sent = serve({ 'GET /api/invites': [() => json(200, [])] });
  renderWithQueries(<InvitesPanel page="configure" />);
  const address = screen.getByRole('textbox', { name: 'Email address' });
  fireEvent.change(address, { target: { value: '   ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
  expect(address.getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText('Email is required')).toBeTruthy();
  expect(sent.map((request) => request.route)).toEqual(['GET /api/invites']);
});

test('on /admin: the spec’s Send Invitation with the address only, and the Invitations list by address with Resend and Copy link', async () => {
  const sent = serve({ 'GET /api/admin/invitations': [() => json(200, [vera, ivy])] });
  renderWithQueries(<InvitesPanel page="admin" />);

  const form = region('Send Invitation');
  expect(within(form).getAllByRole('textbox')).toHaveLength(1);
  expect(screen.queryByRole('heading', { name: 'Invite many at once' })).toBeNull();

  const list = await within(region('Invitations')).findByRole('list');
  const pending = rowOf(list, 'vera@capital.example');
  // /admin's list is by address: the admin view has no name (docs/product-rules.md#admin-dashboard).
  expect(pending.textContent).not.toContain('Vera Capital');
  expect(
    within(pending).getByRole('button', { name: 'Resend the invitation to vera@capital.example' }),
  ).toBeTruthy();
  expect(
    within(pending).getByRole('button', { name: 'Copy a new invitation link for vera@capital.example' }),
  ).toBeTruthy();
  expect(within(pending).queryByRole('button', { name: /Delete/ })).toBeNull();
  expect(sent.map((request) => request.route)).toEqual(['GET /api/admin/invitations']);
});

test('on /admin: a whitespace-only address is ignored; a real one goes to /api/invitations and both lists reload', async () => {
  const sent = serve({
    'GET /api/admin/invitations': [() => json(200, []), () => json(200, [vera])],
    'GET /api/invites': [() => json(200, []), () => json(200, [vera])],
    'POST /api/invitations': [
      () => json(201, { message: 'Invitation sent to vera@capital.example', invitation: vera }),
    ],
  });
  // Both pages' components in one app: what one sends, the other lists.
  renderWithQueries(
    <>
      <InvitesPanel page="admin" />
      <InvitesPanel page="configure" />
    </>,
  );
  const form = region('Send Invitation');
  const address = within(form).getByRole('textbox', { name: 'Email address' });
  const send = within(form).getByRole('button', { name: 'Send invitation' });
  fireEvent.change(address, { target: { value: '   ' } });
  expect((send as HTMLButtonElement).disabled).toBe(true);
  fireEvent.submit(address.closest('form') as HTMLFormElement);
  expect(address.getAttribute('aria-invalid')).toBeNull();

  fireEvent.change(address, { target: { value: '  vera@capital.example  ' } });
  fireEvent.click(send);
  await waitFor(() => expect((address as HTMLInputElement).value).toBe(''));
  expect(sent.find((request) => request.route === 'POST /api/invitations')?.body).toEqual({
    email: 'vera@capital.example',
  });
  await within(region('Invitations')).findByText('vera@capital.example');
  await within(region('Sent invitations')).findByText('Vera Capital');
});

test('on /admin: a refused address is said beside the address field', async () => {
  serve({
    'GET /api/admin/invitations': [() => json(200, [])],
    'POST /api/invitations': [
      () =>
        json(400, {
          error: 'invalid_request',
          message: 'email: must be a valid e-mail address',
          field: 'email',
        }),
    ],
  });
  renderWithQueries(<InvitesPanel page="admin" />);
  const address = screen.getByRole('textbox', { name: 'Email address' });
  fireEvent.change(address, { target: { value: 'not-an-address' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
  await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
  expect(screen.getByText('Email address must be a valid e-mail address.')).toBeTruthy();
});
