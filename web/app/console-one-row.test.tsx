import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import type { PublicUser } from '#shared/contracts/auth';
import { authRoutes } from '#shared/contracts/auth';
import type { MyDataRoom } from '#shared/contracts/rooms';
import { roomRoutes } from '#shared/contracts/rooms';
import { href } from '#shared/routes';
import { queryClient } from '#web/app/query-client';
import { AppRoutes } from '#web/app/route-table';
import { CONSOLE_PLACES, consoleHref, consolePositionOf } from '#web/components/app/console-places';

// Every console page has exactly one row of navigation, at a desk's width and at a phone's
// (docs/decisions/0058-one-console.md): the console's, and no tab row of the page's own. The questions
// inbox's states are a filter of its list, not navigation, and are the one tab list allowed.

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const ROOM_ID = '11111111-2222-4333-8444-555555555555';
const founder: PublicUser = {
  id: '21111111-2222-4333-8444-555555555555',
  name: 'Fran Founder',
  email: 'fran@acme.example',
  role: 'founder',
  isActive: true,
  createdAt: '2026-11-27T10:00:00.000Z',
  managedRoom: { id: ROOM_ID, role: 'owner' },
  onlyRoomId: null,
};
const room: MyDataRoom = {
  id: ROOM_ID,
  companyName: 'Acme',
  description: 'Robots.',
  stage: 'Seed',
  foundedYear: null,
  website: '',
  isActive: true,
  isDownloadAllowed: true,
  isWatermarkEnabled: false,
  isNdaRequired: false,
};

/** The signed-in founder and their room; anything else the pages read is missing, which they say. */
function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === apiPath(authRoutes.session)) return json({ user: founder, isSecondFactorPending: false });
      if (path === apiPath(roomRoutes.mine)) return json(room);
      return json({ error: 'not_found', message: 'Not found.' }, 404);
    }),
  );
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

const SOME_ID = '3e2d1c0b-4a5f-4b6c-8d7e-9f0a1b2c3d4e';
/** Every URL of the console: each sub-place where it links and where else it is shown, and the pages below Analytics. */
const consoleUrls = [
  ...new Set(
    CONSOLE_PLACES.flatMap((place) =>
      place.subPlaces.flatMap((subPlace) => [subPlace.to, ...(subPlace.alsoAt ?? [])].map(consoleHref)),
    ),
  ),
  href('documentAnalytics', { documentId: SOME_ID }),
  href('investorAnalytics', { userId: SOME_ID }),
];

test('the sweep covers every page of the console', () => {
  expect(consoleUrls).toEqual(
    expect.arrayContaining([
      '/admin',
      '/admin/investors',
      '/admin/questions',
      '/admin/team',
      '/admin/analytics',
      '/admin/analytics/export',
      '/configure',
      '/configure?tab=sections',
      '/setup-data-room',
      '/setup-data-room?tab=groups',
      '/security',
    ]),
  );
});

test.each([1280, 390].flatMap((width) => consoleUrls.map((url) => [width, url] as const)))(
  'at %i px, %s has one row of navigation',
  async (width, url) => {
    atWidth(width);
    serve();
    render(
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
      </MemoryRouter>,
    );
    // The page itself has rendered, not only its header.
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
    const nav = screen.getByRole('navigation', { name: 'Your data room' });
    // Below lg the row is the place menu, and the sub-place menu when the place has more than one.
    const [pathname = '', query = ''] = url.split('?');
    const place = consolePositionOf(pathname, query && `?${query}`)?.place;
    const menus = width >= 1024 ? 0 : (place?.subPlaces.length ?? 0) > 1 ? 2 : 1;
    expect(within(nav).queryAllByRole('button')).toHaveLength(menus);
    const tabLists = screen.queryAllByRole('tablist').map((list) => list.getAttribute('aria-label'));
    expect(tabLists).toEqual(url === '/admin/questions' ? ['Questions by state'] : []);
  },
);
