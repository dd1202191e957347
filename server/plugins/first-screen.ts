import { accentCssVariables } from '#shared/brand-colours';
import type { ServedPageName } from '#shared/routes';

/**
 * The room's brand where the page names the room (docs/decisions/0094-the-founders-brand.md): its logo
 * (a cached URL with its content's hash), its accent and Roundroom's footer line; null while it is off.
 */
export interface FirstScreenBrand {
  companyName: string;
  accentColor: string | null;
  logoUrl: string | null;
  showsRoundroom: boolean;
}

/**
 * What the server writes into a reader's page before any script runs
 * (docs/decisions/0075-the-investors-first-screen.md): the room's name and its way in where the page's
 * own proof already shows them (an invitation's link, or a share link that may name its room), or the
 * room's frame where the reader's data needs the session the script checks. Nothing here is more than
 * the page itself shows that reader a moment later. The script keeps it on screen until its own page has
 * what to draw (web/lib/first-screen.tsx), so the page never flashes white.
 */
export type FirstScreen =
  | {
      /** An invitation's page: the invited view's panel and the room's heading. */
      kind: 'invitation';
      companyName: string;
      stage: string;
      invitedEmail: string;
      brand?: FirstScreenBrand | null;
    }
  | {
      /**
       * A share link's gate, for an open link whose founder lets it name the room: whose room it is and
       * nothing more, since the link's holder has proven no address yet (docs/decisions/0071-share-links.md).
       */
      kind: 'share-gate';
      companyName: string;
      founderFirstName: string | null;
      brand?: FirstScreenBrand | null;
    }
  | { kind: 'room-frame' };

/** What a reader's page starts with, written into its HTML. */
export interface PageStart {
  /** What it shows before its script runs, from what its URL proves; null for nothing. */
  screen: FirstScreen | null;
  /**
   * The API answers its script asks for first: requested with the HTML (preload as=fetch), so they
   * arrive with the code instead of after it. Only what the URL already names: the answers themselves
   * are the API's, authorised there as always.
   */
  apiPaths: string[];
  /**
   * The page image its viewer shows first, when the URL names a document the session may read: asked
   * for with the HTML (preload as=image, the viewer's own srcset and sizes) so it comes with the code.
   */
  pageImage?: { srcSet: string; sizes: string };
}

export interface PageRequest {
  page: ServedPageName;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The browser's session cookie, if it sent one (unchecked). */
  sessionToken: string | undefined;
}

export type PageStartOf = (request: PageRequest) => Promise<PageStart>;

/** The page's API answers, asked for as its script will ask (same URL, with the cookies) to be reused. */
export const apiPreloadsHtml = (apiPaths: readonly string[]) =>
  apiPaths
    .map(
      (apiPath) =>
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(apiPath)}">`,
    )
    .join('');

/**
 * The first page image as the viewer will ask for it, at the highest priority, on a phone or a tablet
 * only: there the page is drawn across the screen, as `sizes` says before layout, so the browser picks
 * the same width for the preload and the viewer. On a desk the viewer draws the page at a width only its
 * layout knows and could pick another one: the image would come twice.
 */
export const pageImagePreloadHtml = (image: PageStart['pageImage']) =>
  image
    ? `<link rel="preload" as="image" fetchpriority="high" media="(max-width: 1023px)" imagesrcset="${escapeHtml(image.srcSet)}" imagesizes="${escapeHtml(image.sizes)}">`
    : '';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text and attribute values as HTML: the five characters that could end either are escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? '');

// The markup uses the app's own Tailwind classes (web/app/styles.css scans this file), drawn as the
// pages draw them: the site's header, the room's heading, its button and skeleton rows for what loads.
const NAV_LINK =
  'inline-flex h-8 items-center justify-center rounded-md px-2 text-sm font-medium text-slate-700 sm:px-3';
const SITE_HEADER =
  '<header class="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">' +
  '<div class="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">' +
  '<a href="/" class="rounded-md" aria-label="Roundroom home"><span class="inline-flex items-center gap-2 font-semibold text-slate-900">' +
  '<svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#4f46e5"/><circle cx="16" cy="16" r="8" fill="none" stroke="#fff" stroke-width="3"/></svg>' +
  '<span class="text-lg tracking-tight">Roundroom</span></span></a>' +
  `<nav aria-label="Main" class="flex items-center gap-0.5 sm:gap-2"><a href="/demo" class="${NAV_LINK}">Demo</a><a href="/docs" class="${NAV_LINK}">Docs</a>` +
  '<a href="/login" class="inline-flex h-8 items-center justify-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900">Login</a></nav>' +
  '</div></header>';

/** The site's header as a branded room draws it: the company's mark, and the way in. */
function brandedHeader(brand: FirstScreenBrand): string {
  const mark = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.companyName)}" class="h-8 max-w-40 sm:max-w-48 w-auto object-contain">`
    : `<span class="truncate text-lg font-bold tracking-tight text-indigo-600">${escapeHtml(brand.companyName)}</span>`;
  return (
    '<header class="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">' +
    `<div class="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">${mark}` +
    '<nav aria-label="Main" class="flex items-center gap-0.5 sm:gap-2"><a href="/login" class="inline-flex h-8 items-center justify-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900">Login</a></nav>' +
    '</div></header>'
  );
}

/** The accent as the indigo the markup is drawn in: custom properties on the first screen's root. */
const accentStyle = (brand: FirstScreenBrand | null | undefined) =>
  brand?.accentColor
    ? ` style="${escapeHtml(
        Object.entries(accentCssVariables(brand.accentColor))
          .map(([name, value]) => `${name}:${value}`)
          .join(';'),
      )}"`
    : '';

const BRAND_FOOTER =
  '<footer class="px-4 py-6 text-center text-xs text-slate-500">Shared securely with <a href="/" class="inline-flex min-h-6 items-center font-medium text-slate-700">Roundroom</a></footer>';

// The page's main column, as the invited view and the room's page lay theirs out; the part inside it
// ([data-room-frame]) is what a page already drawn around it shows while its data loads.
const MAIN_OPEN =
  '<main id="main" class="flex-1"><div class="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">';
const MAIN_CLOSE = '</div></main>';

const SKELETON_ROWS =
  '<div class="mt-8 flex flex-col gap-3" aria-hidden="true">' +
  '<div class="h-20 animate-pulse rounded-xl bg-slate-100"></div>'.repeat(3) +
  '</div>';

// The Badge and the large Button of web/components/ui, as their default variants draw them.
const BADGE =
  'inline-flex items-center gap-1 rounded-full border border-transparent bg-indigo-600 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-white';
const OPEN_BUTTON =
  '<button type="button" disabled class="inline-flex h-12 shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md bg-indigo-600 px-6 text-base font-medium text-white">Open the data room</button>';
const HEADING = 'break-words text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl';

/** As the invited view draws it: the invitation's panel with its button, then the room's heading. */
function invitationHtml(screen: Extract<FirstScreen, { kind: 'invitation' }>): string {
  const company = escapeHtml(screen.companyName);
  const stage = screen.stage ? `<span class="${BADGE}">${escapeHtml(screen.stage)}</span>` : '';
  return (
    `<div class="flex flex-col gap-8">` +
    '<section aria-label="Your invitation" class="flex flex-col gap-4 rounded-xl border border-indigo-200 bg-indigo-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">' +
    `<div class="min-w-0"><p class="font-semibold break-words text-indigo-950">You are invited to ${company}’s data room</p>` +
    `<p class="mt-0.5 text-sm break-words text-indigo-900">Open it as ${escapeHtml(screen.invitedEmail)}: this device stays signed in for 7 days, with no password and no second e-mail.</p></div>` +
    `${OPEN_BUTTON}</section>` +
    `<div class="flex flex-wrap items-center gap-3"><h1 class="${HEADING}">${company}</h1>${stage}</div>` +
    '</div>'
  );
}

const ROOM_FRAME_HTML =
  '<div class="flex min-h-dvh flex-col" data-first-screen>' +
  '<div class="h-16 border-b border-slate-200 bg-white"></div>' +
  `${MAIN_OPEN}<div data-room-frame aria-busy="true">` +
  '<div class="h-10 w-64 max-w-full animate-pulse rounded-lg bg-slate-100"></div>' +
  SKELETON_ROWS +
  `</div>${MAIN_CLOSE}</div>`;

/**
 * As the share link's page draws it (a plain page with Roundroom only in its footer): whose room it is,
 * then the first step's card, its title and the place of its form.
 */
function shareGateHtml(screen: Extract<FirstScreen, { kind: 'share-gate' }>): string {
  const sharedBy = screen.founderFirstName
    ? `<p class="text-sm text-slate-600">Shared by ${escapeHtml(screen.founderFirstName)}</p>`
    : '';
  const { brand } = screen;
  const logo = brand?.logoUrl
    ? `<div class="mb-3"><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.companyName)}" class="h-12 max-w-60 w-auto object-contain"></div>`
    : '';
  const footer = brand
    ? brand.showsRoundroom
      ? BRAND_FOOTER
      : ''
    : '<footer class="px-4 py-6 text-center text-xs text-slate-500">Powered by <a href="/" class="inline-flex min-h-6 items-center font-medium text-slate-700">Roundroom</a></footer>';
  return (
    `<div class="flex min-h-dvh flex-col bg-slate-50" data-first-screen${accentStyle(brand)}><main id="main" class="flex-1">` +
    '<div class="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-20"><div data-room-frame aria-busy="true">' +
    `<div class="mb-6 flex flex-col items-center gap-1 text-center">${logo}` +
    `<h1 class="text-3xl font-bold tracking-tight text-balance wrap-anywhere text-slate-900 sm:text-4xl">${escapeHtml(screen.companyName)}</h1>` +
    `${sharedBy}</div>` +
    '<div class="rounded-xl border border-slate-200 bg-white shadow-sm">' +
    '<div class="flex flex-col gap-1.5 p-5 pb-0 sm:p-6 sm:pb-0"><h2 class="text-xl font-semibold leading-tight text-slate-900">Open the data room</h2>' +
    '<div class="h-10 animate-pulse rounded-md bg-slate-100"></div></div>' +
    '<div class="flex flex-col gap-4 p-5 sm:p-6"><div class="h-18 animate-pulse rounded-md bg-slate-100"></div>' +
    '<div class="h-12 animate-pulse rounded-md bg-slate-100"></div></div></div>' +
    '</div></div></main>' +
    footer +
    '</div>'
  );
}

/** The first screen as markup for the page's #root. */
export function firstScreenHtml(screen: FirstScreen): string {
  if (screen.kind === 'room-frame') return ROOM_FRAME_HTML;
  if (screen.kind === 'share-gate') return shareGateHtml(screen);
  const { brand } = screen;
  const header = brand ? brandedHeader(brand) : SITE_HEADER;
  return `<div class="flex min-h-dvh flex-col" data-first-screen${accentStyle(brand)}>${header}${MAIN_OPEN}<div data-room-frame>${invitationHtml(screen)}${SKELETON_ROWS}</div>${MAIN_CLOSE}</div>`;
}
