import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import type { RoomGroups } from '#shared/contracts/groups';
import { groupRoutes } from '#shared/contracts/groups';
import { questionRoutes } from '#shared/contracts/questions';
import type { RoomAnalytics } from '#shared/contracts/reading';
import { readingRoutes } from '#shared/contracts/reading';
import type { ShareLink } from '#shared/contracts/share-links';
import { shareLinkRoutes } from '#shared/contracts/share-links';
import { appShellParts } from '#web/app/app-shell-parts';
import { AppShellContext } from '#web/components/app/app-shell';
import { RoomAnalyticsPage } from './room-analytics-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const DEFAULT_GROUP = '0b6f3c1e-8a4d-4f2b-9c7e-1a2b3c4d5e6f';
const DILIGENCE = '6f1c2f4e-5b8a-4d36-9d7e-1d2f3a4b5c6d';
const MARCH_LINK = '3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b';
const DEMO_DAY_LINK = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';

const groups: RoomGroups = {
  groups: [
    { id: DEFAULT_GROUP, name: 'Everyone', isDefault: true, isViewOnly: false },
    { id: DILIGENCE, name: 'Diligence', isDefault: false, isViewOnly: false },
  ],
  investors: [],
  sections: [],
};

const link = (id: string, name: string): ShareLink => ({
  id,
  name,
  groupId: DEFAULT_GROUP,
  allowedDomains: null,
  requiresApproval: false,
  expiresAt: null,
  maxReaders: null,
  namesTheRoom: true,
  isDisabled: false,
  state: 'open',
  readerCount: 1,
  createdAt: '2026-11-20T09:00:00.000Z',
  addressKept: true,
  waitingCount: 0,
  readers: [],
  document: null,
  moreReaders: null,
});

/** The room's analytics with one document, named for whose reading it counts (so the page shows which). */
const analyticsTitled = (title: string): RoomAnalytics => ({
  documents: [
    {
      documentId: '8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b',
      title,
      readSeconds: 0,
      viewCount: 0,
      readerCount: 0,
      lastViewedAt: null,
    },
  ],
  // Someone read lately (another document, since deleted): the room is not unread.
  recentReaders: [
    {
      userId: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
      name: 'Ann Lee',
      email: 'ann@fund.example',
      lastSeenAt: new Date().toISOString(),
      readSeconds: 30,
      viewCount: 1,
    },
  ],
  firms: [],
});

const unread: RoomAnalytics = {
  documents: [
    {
      documentId: '8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b',
      title: 'Deck',
      readSeconds: 0,
      viewCount: 0,
      readerCount: 0,
      lastViewedAt: null,
    },
  ],
  recentReaders: [],
  firms: [],
};

/**
 * The Analytics place, its server answering with the room's groups, these share links, and analytics
 * whose one document is titled by the query it was asked with (the URLs asked are kept).
 */
function renderAnalytics(links: ShareLink[], analytics?: RoomAnalytics) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const { pathname, search } = new URL(url, 'http://localhost');
      if (pathname === apiPath(readingRoutes.room))
        return json(analytics ?? analyticsTitled(`Deck for ${search || 'everyone'}`));
      if (pathname === apiPath(questionRoutes.byPage)) return json({ documents: [] });
      if (pathname === apiPath(groupRoutes.list)) return json(groups);
      if (pathname === apiPath(shareLinkRoutes.list)) return json({ links });
      return json({ error: 'not_found', message: 'Not here.' }, 404);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AppShellContext value={appShellParts}>
          <RoomAnalyticsPage />
        </AppShellContext>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return asked;
}

const analyticsAsked = (asked: string[]) =>
  asked.filter(
    (url) => url.startsWith(apiPath(readingRoutes.room)) && !url.startsWith(apiPath(readingRoutes.links)),
  );

test('"Came by" narrows the analytics to the readers one share link brought, with the group too', async () => {
  const asked = renderAnalytics([link(MARCH_LINK, 'Cold outreach, March'), link(DEMO_DAY_LINK, 'Demo day')]);
  await screen.findByRole('link', { name: 'Deck for everyone' });
  const cameBy = await screen.findByRole('combobox', { name: 'Came by' });
  expect(screen.getByText('Total reading time over every investor.')).toBeTruthy();
  expect([...(cameBy as HTMLSelectElement).options].map((option) => option.text)).toEqual([
    'Any way in',
    'Cold outreach, March',
    'Demo day',
  ]);

  fireEvent.change(cameBy, { target: { value: DEMO_DAY_LINK } });
  await screen.findByRole('link', { name: `Deck for ?shareLink=${DEMO_DAY_LINK}` });
  // The totals are the filtered readers' now, and the panel says so.
  expect(screen.getByText('Total reading time of the investors the filters above keep.')).toBeTruthy();

  fireEvent.change(screen.getByRole('combobox', { name: 'Readers in' }), { target: { value: DILIGENCE } });
  await screen.findByRole('link', { name: `Deck for ?group=${DILIGENCE}&shareLink=${DEMO_DAY_LINK}` });

  fireEvent.change(cameBy, { target: { value: '' } });
  await screen.findByRole('link', { name: `Deck for ?group=${DILIGENCE}` });
  expect(analyticsAsked(asked)).toEqual([
    apiPath(readingRoutes.room),
    apiPath(readingRoutes.room, { query: { shareLink: DEMO_DAY_LINK } }),
    apiPath(readingRoutes.room, { query: { group: DILIGENCE, shareLink: DEMO_DAY_LINK } }),
    apiPath(readingRoutes.room, { query: { group: DILIGENCE } }),
  ]);
});

test('a room without share links offers no "Came by"', async () => {
  const asked = renderAnalytics([]);
  await screen.findByRole('combobox', { name: 'Readers in' });
  await waitFor(() => expect(asked).toContain(apiPath(shareLinkRoutes.list)));
  await screen.findByRole('link', { name: 'Deck for everyone' });
  expect(screen.queryByRole('combobox', { name: 'Came by' })).toBeNull();
});

test('a room nobody has read shows the next step and the searches (their switch matters before anyone reads), not five empty panels', async () => {
  renderAnalytics([], unread);
  await screen.findByRole('heading', { name: 'No one has read the room yet' });
  expect(screen.getByRole('link', { name: 'Invite investors' }).getAttribute('href')).toBe(
    '/configure?tab=invites',
  );
  expect(screen.getByRole('link', { name: 'Make a share link' }).getAttribute('href')).toBe(
    '/admin/investors',
  );
  expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
    'No one has read the room yet',
    'Searches',
  ]);
  expect(screen.queryByText('Most read documents')).toBeNull();
});

test('a room with no document yet asks for one first', async () => {
  renderAnalytics([], { ...unread, documents: [] });
  await screen.findByRole('heading', { name: 'No one has read the room yet' });
  expect(screen.getByRole('link', { name: 'Upload your first document' }).getAttribute('href')).toBe(
    '/configure',
  );
  expect(screen.queryByRole('link', { name: 'Invite investors' })).toBeNull();
});
