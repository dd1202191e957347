/**
 * The web app's URL space, shared so the server and the client router agree on it: the server answers
 * index.html with 200 for a page route and the 404 page with status 404 for any other path.
 *
 * `paths` is the whole route table (docs/product-rules.md#pages), used to build links. `pageRoutes` lists the
 * routes that have a page today; a feature adds its route there when it ships its page.
 */
export const paths = {
  landing: '/',
  login: '/login',
  verify: '/verify',
  support: '/support',
  privacy: '/privacy',
  terms: '/terms',
  demo: '/demo',
  docs: '/docs',
  /** The API's reference, rendered from /api/openapi.json. */
  apiReference: '/docs/api',
  checkout: '/checkout',
  setupAccount: '/setup-account',
  dataRoom: '/data-room',
  dataRoomById: '/data-room/:id',
  /** One section of a room (section ids are 1..n, from the sections markdown). */
  sectionInRoom: '/data-room/:id/sections/:section',
  /** A document of a room read in the viewer (members and the owner). */
  documentInRoom: '/data-room/:id/documents/:documentId',
  /** A room's questions: its FAQ, searchable, and the reader's own questions with their answers. */
  roomQuestions: '/data-room/:id/questions',
  preview: '/preview',
  /** A document of the founder's own room read in the viewer, from the preview. */
  previewDocument: '/preview/documents/:documentId',
  app: '/app',
  admin: '/admin',
  /** The console's Investors place: the active investors, their groups and the NDA acceptances. */
  adminInvestors: '/admin/investors',
  /** The console's Team (ADR 47), in Settings: the owner and the co-founders. */
  adminTeam: '/admin/team',
  /** The console's questions inbox, in Investors: open, answered, published. */
  adminQuestions: '/admin/questions',
  /** Reading analytics: the room, one document, one investor. */
  roomAnalytics: '/admin/analytics',
  documentAnalytics: '/admin/analytics/documents/:documentId',
  investorAnalytics: '/admin/analytics/investors/:userId',
  /** The console's CSV exports, in Analytics. */
  analyticsExport: '/admin/analytics/export',
  setupDataRoom: '/setup-data-room',
  configure: '/configure',
  investorDashboard: '/investor-dashboard',
  /** The one-click unsubscribe of the founder's notification mails: the page confirms, POST unsubscribes. */
  unsubscribe: '/unsubscribe',
  /** The one-click unsubscribe of an asker's answer mails (ADR 92): the page confirms, POST unsubscribes. */
  answerMailsUnsubscribe: '/unsubscribe/answers',
  /** The signed-in user's passkeys, recovery codes and sessions (ADR 62). */
  security: '/security',
  /** A group's share link (ADR 71): asks for an e-mail address and proves it before anything is shown. */
  shareLink: '/share/:token',
} as const;

export type PageName = keyof typeof paths;

export const pageRoutes = [
  'landing',
  'demo',
  'docs',
  'apiReference',
  'support',
  'privacy',
  'terms',
  'login',
  'verify',
  'checkout',
  'setupAccount',
  'investorDashboard',
  'configure',
  'dataRoom',
  'dataRoomById',
  'sectionInRoom',
  'documentInRoom',
  'roomQuestions',
  'preview',
  'previewDocument',
  'app',
  'admin',
  'adminInvestors',
  'adminTeam',
  'adminQuestions',
  'roomAnalytics',
  'documentAnalytics',
  'investorAnalytics',
  'analyticsExport',
  'setupDataRoom',
  'unsubscribe',
  'answerMailsUnsubscribe',
  'security',
  'shareLink',
] as const satisfies readonly PageName[];

export type ServedPageName = (typeof pageRoutes)[number];

/** Builds a concrete URL from a pattern such as /data-room/:id. */
export function href(name: PageName, params: Record<string, string> = {}): string {
  return paths[name].replace(/:([a-zA-Z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`href(${name}) needs the parameter ${key}`);
    return encodeURIComponent(value);
  });
}

/**
 * What a parameter may be. Ids in URLs are UUIDs (docs/product-rules.md#pages), so /data-room/x.bak is no
 * page: it gets the 404 status, and a scanner probing for backup files is not told one exists.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PARAMETER_SHAPES: Record<string, RegExp> = {
  id: UUID,
  documentId: UUID,
  userId: UUID,
  section: /^[1-9][0-9]{0,3}$/,
  /** A share link's secret: 43 base64url characters (server/security/tokens.ts). */
  token: /^[A-Za-z0-9_-]{43}$/,
};

/** The pattern's parameters in the path, or null when the path is not of that pattern. */
function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of want.entries()) {
    const actual = have[index] ?? '';
    if (!segment.startsWith(':')) {
      if (segment !== actual) return null;
    } else if (PARAMETER_SHAPES[segment.slice(1)]?.test(actual) ?? true) {
      params[segment.slice(1)] = actual;
    } else return null;
  }
  return params;
}

/** The served page at a path (without query or hash) and its parameters; a trailing slash is allowed. */
export function matchPageRoute(
  pathname: string,
): { name: ServedPageName; params: Record<string, string> } | null {
  for (const name of pageRoutes) {
    const params = matchPattern(paths[name], pathname);
    if (params) return { name, params };
  }
  return null;
}

/** True when the path (without query or hash) is a page the web app serves. A trailing slash is allowed. */
export function isPageRoute(pathname: string): boolean {
  return matchPageRoute(pathname) !== null;
}
