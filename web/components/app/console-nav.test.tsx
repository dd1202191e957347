import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { invitationRoutes } from '#shared/contracts/invitations';
import { roomRoutes } from '#shared/contracts/rooms';
import { FirstVisitChecklistCard } from '#web/app/first-visit-checklist-card';
import { useMyDocuments } from '#web/features/documents/api/document-hooks';
import { useInvitations } from '#web/features/invitations/api/invitation-hooks';
import { useMyDataRoom } from '#web/features/rooms/api/use-my-data-room';
import { ConsoleNav } from './console-nav';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => window.localStorage.clear());

function renderNav(url: string, role: 'owner' | 'editor' = 'owner') {
  const router = createMemoryRouter([{ path: '*', element: <ConsoleNav role={role} /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return router;
}

/** The window as wide as `width` CSS pixels, as the components' media queries read it. */
function atWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const minWidth = Number(/min-width: (\d+)px/.exec(query)?.[1] ?? Number.NaN);
    return {
      matches: width >= minWidth,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  });
}

const nav = () => screen.getByRole('navigation', { name: 'Your data room' });
const currentLinks = () =>
  within(nav())
    .queryAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

test('the place and the sub-place on screen are marked current', () => {
  renderNav('/configure?tab=invites');
  expect(currentLinks()).toEqual(['Investors', 'Invitations']);
  const investors = within(nav()).getByRole('list', { name: 'Investors' });
  expect(
    within(investors)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual([
    ['Invitations', '/configure?tab=invites'],
    ['Investors & NDAs', '/admin/investors'],
    ['Questions', '/admin/questions'],
    ['Notify investors', '/configure?tab=notify'],
  ]);
});

test('each place links to its first sub-place, and a place with one has no second row', () => {
  renderNav('/admin');
  const links = Object.fromEntries(
    within(nav())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  );
  expect(links).toEqual({
    Dashboard: '/admin',
    Room: '/setup-data-room',
    Documents: '/configure',
    Investors: '/configure?tab=invites',
    Analytics: '/admin/analytics',
    Settings: '/setup-data-room?tab=settings',
  });
  expect(currentLinks()).toEqual(['Dashboard']);
});

test('following a link moves the current place, and Back moves it back', async () => {
  const router = renderNav('/admin');
  fireEvent.click(within(nav()).getByRole('link', { name: 'Settings' }));
  expect(currentLinks()).toEqual(['Settings', 'Room settings']);
  fireEvent.click(within(nav()).getByRole('link', { name: 'Team' }));
  expect(router.state.location.pathname).toBe('/admin/team');
  expect(currentLinks()).toEqual(['Settings', 'Team']);
  await act(() => router.navigate(-1));
  expect(currentLinks()).toEqual(['Settings', 'Room settings']);
  await act(() => router.navigate(-1));
  expect(currentLinks()).toEqual(['Dashboard']);
});

test('a co-founder has no Team link, and has the rooms they read as an investor', () => {
  renderNav('/setup-data-room?tab=api', 'editor');
  expect(within(nav()).queryByRole('link', { name: 'Team' })).toBeNull();
  fireEvent.click(within(nav()).getByRole('link', { name: 'Security' }));
  expect(currentLinks()).toEqual(['Settings', 'Security']);
  fireEvent.click(within(nav()).getByRole('link', { name: 'API' }));
  expect(within(nav()).getByRole('link', { name: 'Rooms' })).toHaveProperty(
    'href',
    expect.stringMatching(/\/investor-dashboard$/),
  );
  expect(currentLinks()).toEqual(['Settings', 'API']);
});

test('on a phone the row is a place menu and a sub-place menu, each with its links', () => {
  atWidth(390);
  const router = renderNav('/configure?tab=invites');
  const placeMenu = within(nav()).getByRole('button', { name: 'Place: Investors' });
  const subPlaceMenu = within(nav()).getByRole('button', { name: 'In Investors: Invitations' });
  expect(within(nav()).queryAllByRole('link')).toEqual([]);
  fireEvent.click(subPlaceMenu);
  expect(subPlaceMenu.getAttribute('aria-expanded')).toBe('true');
  expect(
    within(nav())
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Invitations', 'Investors & NDAs', 'Questions', 'Notify investors']);
  fireEvent.keyDown(window.document, { key: 'Escape' });
  expect(subPlaceMenu.getAttribute('aria-expanded')).toBe('false');
  expect(window.document.activeElement).toBe(subPlaceMenu);

  fireEvent.click(placeMenu);
  expect(
    within(nav())
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Dashboard', 'Room', 'Documents', 'Investors', 'Analytics', 'Settings']);
  fireEvent.click(within(nav()).getByRole('link', { name: 'Analytics' }));
  expect(router.state.location.pathname).toBe('/admin/analytics');
  expect(within(nav()).queryAllByRole('link')).toEqual([]);
  fireEvent.click(within(nav()).getByRole('button', { name: 'In Analytics: Reading' }));
  fireEvent.click(within(nav()).getByRole('link', { name: 'Export CSV' }));
  expect(router.state.location.pathname).toBe('/admin/analytics/export');
  expect(within(nav()).getByRole('button', { name: 'In Analytics: Export CSV' })).toBeTruthy();
});

test('on a phone a place of one sub-place has only the place menu', () => {
  atWidth(390);
  renderNav('/admin');
  expect(
    within(nav())
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label')),
  ).toEqual(['Place: Dashboard']);
});

test('from lg up the current place’s sub-places are in the row, after it', () => {
  atWidth(1280);
  renderNav('/setup-data-room?tab=groups');
  expect(within(nav()).queryAllByRole('button')).toEqual([]);
  expect(currentLinks()).toEqual(['Room', 'Groups & visibility']);
  expect(
    within(within(nav()).getByRole('list', { name: 'Room' }))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual([
    ['Company', '/setup-data-room'],
    ['Sections', '/setup-data-room?tab=sections'],
    ['Groups & visibility', '/setup-data-room?tab=groups'],
  ]);
});

// The checklist, from the answers of the three reads it is made of.
const room = {
  id: '11111111-2222-4333-8444-555555555555',
  companyName: 'Tidewater Energy',
  description: '',
  stage: 'Seed',
  foundedYear: null,
  website: '',
  isActive: true,
  isDownloadAllowed: true,
  isWatermarkEnabled: false,
  isNdaRequired: false,
};
const document = {
  id: '21111111-2222-4333-8444-555555555555',
  title: 'Deck.pdf',
  fileType: 'pdf',
  fileSize: '1024',
  sectionName: null as string | null,
  updatedAt: '2026-11-27T10:00:00.000Z',
  isUploaded: true,
  preview: { status: 'ready', kind: 'pages', failure: null },
  downloadPolicy: 'room',
  isDownloadAllowed: true,
  version: 1,
  pageCount: 12,
};

function serve(answers: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (!(path in answers)) return new Response('{}', { status: 404 });
      return new Response(JSON.stringify(answers[path]), { headers: { 'content-type': 'application/json' } });
    }),
  );
}

/** Says when the checklist's three reads have answered, so that its absence means something. */
function LoadedProbe() {
  const loaded = [useMyDataRoom(), useMyDocuments(), useInvitations()].every((query) => query.isSuccess);
  return loaded ? <p>Room data loaded</p> : null;
}

function renderChecklist() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const page = (
    <>
      <LoadedProbe />
      <FirstVisitChecklistCard />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element: page }], {
    initialEntries: ['/configure'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const steps = () =>
  within(screen.getByRole('list', { name: 'First steps' }))
    .getAllByRole('listitem')
    .map((item) => `${item.textContent?.match(/^[^.(]*/)?.[0]?.trim()} ${item.dataset.done}`);

test('the checklist ticks what the room already holds and links to the rest', async () => {
  serve({
    [apiPath(roomRoutes.mine)]: room,
    [apiPath(documentRoutes.mine)]: [document],
    [apiPath(invitationRoutes.mine)]: [],
  });
  renderChecklist();
  expect(await screen.findByRole('heading', { name: 'Get your data room ready' })).toBeTruthy();
  expect(screen.getByText('1 of 4 done')).toBeTruthy();
  expect(steps()).toEqual([
    'Describe your company false',
    'Upload your first document true',
    'Place a document in a section false',
    'Invite your first investor false',
  ]);
  expect(screen.getByRole('link', { name: /Invite your first investor/ }).getAttribute('href')).toBe(
    '/configure?tab=invites',
  );
});

test('closed, the checklist stays closed for that room on this browser', async () => {
  serve({
    [apiPath(roomRoutes.mine)]: room,
    [apiPath(documentRoutes.mine)]: [],
    [apiPath(invitationRoutes.mine)]: [],
  });
  renderChecklist();
  fireEvent.click(await screen.findByRole('button', { name: 'Close the checklist' }));
  expect(screen.queryByRole('heading', { name: 'Get your data room ready' })).toBeNull();
  cleanup();
  renderChecklist();
  await screen.findByText('Room data loaded');
  expect(screen.queryByRole('heading', { name: 'Get your data room ready' })).toBeNull();
});

test('a room with every step done shows no checklist', async () => {
  serve({
    [apiPath(roomRoutes.mine)]: { ...room, description: 'Grid batteries for towns.' },
    [apiPath(documentRoutes.mine)]: [{ ...document, sectionName: 'Deck' }],
    [apiPath(invitationRoutes.mine)]: [
      {
        id: '31111111-2222-4333-8444-555555555555',
        email: 'ann@fund.example',
        name: null,
        status: 'pending',
        used: false,
        createdAt: '2026-11-27T10:00:00.000Z',
        expiresAt: '2026-12-04T10:00:00.000Z',
      },
    ],
  });
  renderChecklist();
  await screen.findByText('Room data loaded');
  expect(screen.queryByRole('heading', { name: 'Get your data room ready' })).toBeNull();
  expect(window.localStorage.getItem(`roundroom.first-visit-checklist.${room.id}`)).toBe('complete');
});

test('on a phone the checklist is one line, with the count and the next step, until it is opened', async () => {
  atWidth(390);
  serve({
    [apiPath(roomRoutes.mine)]: room,
    [apiPath(documentRoutes.mine)]: [document],
    [apiPath(invitationRoutes.mine)]: [],
  });
  renderChecklist();
  const open = await screen.findByRole('button', { name: /Get your data room ready:/ });
  expect(open.textContent).toBe('Get your data room ready: 1 of 4 doneNext: Describe your companyShow steps');
  expect(open.getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByRole('list', { name: 'First steps' })).toBeNull();
  fireEvent.click(open);
  expect(open.getAttribute('aria-expanded')).toBe('true');
  expect(steps()).toHaveLength(4);
});

test('from sm up the checklist is the whole card', async () => {
  atWidth(640);
  serve({
    [apiPath(roomRoutes.mine)]: room,
    [apiPath(documentRoutes.mine)]: [],
    [apiPath(invitationRoutes.mine)]: [],
  });
  renderChecklist();
  expect(await screen.findByRole('heading', { name: 'Get your data room ready' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Get your data room ready:/ })).toBeNull();
  expect(steps()).toHaveLength(4);
});
