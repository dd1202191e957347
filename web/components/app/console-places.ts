import { href, type PageName } from '#shared/routes';

/**
 * The founder's console (docs/decisions/0058-one-console.md): every thing a founder manages lives in
 * one place of one navigation, and each sub-place is a URL. The product's pages keep their tabs' panels
 * (docs/product-rules.md#pages) but draw no tab row: a tab is a sub-place here (`?tab=`), so where two
 * pages show one thing (files, sections) both URLs belong to the same place and the navigation says
 * which.
 */
export type ConsolePlaceId = 'dashboard' | 'room' | 'documents' | 'investors' | 'analytics' | 'settings';

export interface ConsoleLocation {
  /** A page of the route table, e.g. 'configure'. */
  page: PageName;
  /** Its `?tab=`, or null for the page's first tab. */
  tab: string | null;
}

export interface ConsoleSubPlace {
  id: string;
  label: string;
  /** Where the navigation links to. */
  to: ConsoleLocation;
  /** Other URLs that show the same thing (a second copy of it on another page). */
  alsoAt?: readonly ConsoleLocation[];
  /** Only the room's owner sees it in the navigation (ADR 47: co-founders do not manage the team). */
  ownerOnly?: boolean;
}

export interface ConsolePlace {
  id: ConsolePlaceId;
  label: string;
  subPlaces: readonly ConsoleSubPlace[];
  /** Pages whose every URL below them belongs to this place (the analytics' document and investor pages). */
  pagesBelow?: readonly PageName[];
}

/** The tabs of /configure and /setup-data-room, first tab first (docs/product-rules.md#setup-data-room, #configure), read by their pages. */
export const CONFIGURE_TABS = ['files', 'sections', 'invites', 'notify'] as const;
export const SETUP_DATA_ROOM_TABS = ['company', 'sections', 'files', 'settings', 'api', 'groups'] as const;

const at = (page: PageName, tab: string | null = null): ConsoleLocation => ({ page, tab });

export const CONSOLE_PLACES: readonly ConsolePlace[] = [
  {
    id: 'dashboard',
    label: 'Dashboard',
    subPlaces: [{ id: 'overview', label: 'Overview', to: at('admin') }],
  },
  {
    id: 'room',
    label: 'Room',
    subPlaces: [
      { id: 'company', label: 'Company', to: at('setupDataRoom') },
      {
        id: 'sections',
        label: 'Sections',
        to: at('configure', 'sections'),
        alsoAt: [at('setupDataRoom', 'sections')],
      },
      // The groups and "Visible to" as one component, also shown on Investors & NDAs.
      { id: 'groups', label: 'Groups & visibility', to: at('setupDataRoom', 'groups') },
    ],
  },
  {
    id: 'documents',
    label: 'Documents',
    subPlaces: [{ id: 'files', label: 'Files', to: at('configure'), alsoAt: [at('setupDataRoom', 'files')] }],
  },
  {
    id: 'investors',
    label: 'Investors',
    subPlaces: [
      { id: 'invitations', label: 'Invitations', to: at('configure', 'invites') },
      { id: 'people', label: 'Investors & NDAs', to: at('adminInvestors') },
      // Investors ask; the founder answers here, by document, group and firm (docs/product-rules.md#questions).
      { id: 'questions', label: 'Questions', to: at('adminQuestions') },
      { id: 'notify', label: 'Notify investors', to: at('configure', 'notify') },
    ],
  },
  {
    id: 'analytics',
    label: 'Analytics',
    subPlaces: [
      { id: 'reading', label: 'Reading', to: at('roomAnalytics') },
      // The records as CSV, beside the reading they count (docs/decisions/0042-csv-exports.md).
      { id: 'export', label: 'Export CSV', to: at('analyticsExport') },
    ],
    pagesBelow: ['roomAnalytics'],
  },
  {
    id: 'settings',
    label: 'Settings',
    subPlaces: [
      { id: 'room-settings', label: 'Room settings', to: at('setupDataRoom', 'settings') },
      { id: 'api', label: 'API', to: at('setupDataRoom', 'api') },
      { id: 'team', label: 'Team', to: at('adminTeam'), ownerOnly: true },
      // A manager's passkeys, recovery codes and sessions (ADR 62); investors open it from their dashboard.
      { id: 'security', label: 'Security', to: at('security') },
    ],
  },
];

/** The URL a sub-place's link opens. */
export function consoleHref({ page, tab }: ConsoleLocation): string {
  return tab ? `${href(page)}?tab=${encodeURIComponent(tab)}` : href(page);
}

/**
 * The URL a sub-place's link opens from `pathname`: the page on screen when it shows the sub-place too
 * (its alsoAt), so /setup-data-room's Sections and Files stay one page with one draft of the sections;
 * otherwise the sub-place's own URL.
 */
export function consoleLinkOf(subPlace: ConsoleSubPlace, pathname: string): string {
  const path = trimmed(pathname);
  const here = [subPlace.to, ...(subPlace.alsoAt ?? [])].find((location) => href(location.page) === path);
  return consoleHref(here ?? subPlace.to);
}

/**
 * The URL a place's link opens from `pathname`: its first sub-place the page on screen shows (Room from
 * /configure is its Sections tab), so moving between places keeps the page and its unsaved edits where
 * it can; otherwise its first sub-place.
 */
export function placeLinkOf(place: ConsolePlace, pathname: string): string | null {
  const path = trimmed(pathname);
  const onThisPage = place.subPlaces.find((subPlace) =>
    [subPlace.to, ...(subPlace.alsoAt ?? [])].some((location) => href(location.page) === path),
  );
  const subPlace = onThisPage ?? place.subPlaces[0];
  return subPlace ? consoleLinkOf(subPlace, pathname) : null;
}

export type ConsoleRole = 'owner' | 'editor';

/** The places and sub-places a manager of the room sees: co-founders see all but the owner's own. */
export function consolePlacesFor(role: ConsoleRole): ConsolePlace[] {
  return CONSOLE_PLACES.map((place) => ({
    ...place,
    subPlaces: place.subPlaces.filter((subPlace) => role === 'owner' || !subPlace.ownerOnly),
  }));
}

function trimmed(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

const TABS_OF: Partial<Record<PageName, readonly string[]>> = {
  configure: CONFIGURE_TABS,
  setupDataRoom: SETUP_DATA_ROOM_TABS,
};

/**
 * The tab a page shows for a `?tab=` value: null for its first tab, which is also what an unknown value
 * or a page without tabs shows.
 */
function shownTab(page: PageName, requested: string | null): string | null {
  const tabs = TABS_OF[page];
  if (!tabs || requested === null || !tabs.some((tab) => tab === requested) || requested === tabs[0])
    return null;
  return requested;
}

export interface ConsolePosition {
  place: ConsolePlace;
  subPlace: ConsoleSubPlace | null;
}

/**
 * Which place and sub-place of the console a URL shows, or null when it is not part of the console
 * (the investor dashboard, a room's view, the public site).
 */
export function consolePositionOf(
  pathname: string,
  search: string,
  places: readonly ConsolePlace[] = CONSOLE_PLACES,
): ConsolePosition | null {
  const path = trimmed(pathname);
  const requested = new URLSearchParams(search).get('tab');
  for (const place of places) {
    for (const subPlace of place.subPlaces) {
      const shows = (location: ConsoleLocation) =>
        path === href(location.page) && shownTab(location.page, requested) === location.tab;
      if ([subPlace.to, ...(subPlace.alsoAt ?? [])].some(shows)) return { place, subPlace };
    }
    for (const page of place.pagesBelow ?? []) {
      if (path.startsWith(`${href(page)}/`)) return { place, subPlace: null };
    }
  }
  return null;
}
