import crypto from 'node:crypto';
import type { ScanFixture } from './scan-fixture';

/**
 * One request sqlmap attacks. Every `*` (sqlmap's custom injection marker) in the URL, body or headers
 * is an injection point; sqlmap tests each one and nothing else.
 */
export interface SqlmapTarget {
  /** The route and what is attacked, for the summary. */
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** Path and query. */
  path: string;
  body?: string;
  headers: Record<string, string>;
  /** Python sqlmap runs before each request (--eval): a fresh e-mail per sign-up, a turn of sessions. */
  evalCode?: string;
  /**
   * The status of the request without the markers. Checked before the scan, so a target that no longer
   * reaches its handler (expired token, wrong auth, changed route) fails instead of scanning nothing.
   */
  baselineStatus: number;
  /** A status that must never appear during the scan (it would mean the payloads stopped reaching the code). */
  forbiddenStatus?: number;
  /**
   * The status that means "true" (sqlmap --code), for a route whose answer cannot be compared as a
   * page: a click's 302 (no body) against 404 for a link that is not the room's; a sign-up's,
   * invitation's or upload's 201 (a new token, id or date each time) against its refusals.
   */
  trueStatus?: number;
  /**
   * Statuses sqlmap must not stop at (--ignore-code): a 401 when the marked value is the credential,
   * the 404 of another room's id.
   */
  ignoreStatuses?: number[];
}

export const MARKER = '*';

export function injectionPoints(target: SqlmapTarget): number {
  const text = [target.path, target.body ?? '', ...Object.values(target.headers)].join('\n');
  return text.split(MARKER).length - 1;
}

export function withoutMarkers(text: string): string {
  return text.split(MARKER).join('');
}

const json = (value: unknown) => JSON.stringify(value);
/** A JSON body with the marker at the end of some string values; `value*` must not need escaping. */
const jsonWithMarkers = (value: Record<string, unknown>, marked: string[]) =>
  json(value).replace(
    new RegExp(`"(${marked.join('|')})":"((?:[^"\\\\]|\\\\.)*)"`, 'g'),
    (_match, key: string, text: string) => `"${key}":"${text}${MARKER}"`,
  );

/** sqlmap's --eval: a new address for every request, so each sign-up reaches its INSERT. */
const freshEmail = (field: string) => `import uuid; ${field} = "scan-%s@example.com" % uuid.uuid4().hex`;

/** Enough uploads per founder to stay under the 500-per-room plan limit, then the next founder's turn. */
export const UPLOADS_PER_POOL_FOUNDER = 400;

/** sqlmap's --eval: each run of UPLOADS_PER_POOL_FOUNDER requests signs in as the next founder of the pool. */
function takeTurns(tokens: string[]): string {
  const list = `[${tokens.map((token) => `"${token}"`).join(', ')}]`;
  return [
    'import builtins',
    'turn = getattr(builtins, "roundroom_scan_requests", 0)',
    'builtins.roundroom_scan_requests = turn + 1',
    `cookie = "rr_session=" + ${list}[turn // ${UPLOADS_PER_POOL_FOUNDER} % ${tokens.length}]`,
  ].join('; ');
}

const BOUNDARY = '----RoundroomScanBoundary7MA4YWxkTrZu0gW';
function multipart(fields: { name: string; value: string; filename?: string }[]): string {
  const parts = fields.map((field) =>
    field.filename === undefined
      ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field.name}"\r\n\r\n${field.value}\r\n`
      : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field.name}"; filename="${field.filename}"\r\nContent-Type: application/pdf\r\n\r\n${field.value}\r\n`,
  );
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

/** The upload scans, one per field, each with its own pool of founders (see takeTurns). */
export const UPLOAD_FIELDS = ['title', 'section', 'filename'] as const;

/** The founder's write routes other than uploads, each scanned in a room of its own. */
export const WRITE_ROUTES = ['profile', 'status', 'sections', 'invites', 'invitations'] as const;

/**
 * Session tokens of the founders whose rooms absorb the write scans: one room per route, so no scan
 * changes what another reads back (sqlmap compares answers), and a pool per upload field.
 */
export interface ScanFounders {
  writers: Record<(typeof WRITE_ROUTES)[number], string>;
  uploads: Record<(typeof UPLOAD_FIELDS)[number], string[]>;
}

/**
 * Every API route that takes input, with each of its inputs marked: path parameters, query strings,
 * JSON fields, multipart fields and the file name, and the headers the server stores or looks up
 * (the session cookie, the Bearer token, the User-Agent kept with sessions and the access log).
 * Authenticated as the route needs: the investor for a room's reads, founders of rooms of their own
 * for writes, and founder B (another room) for A's ids, which it must not reach.
 */
export function sqlmapTargets(fixture: ScanFixture, founders: ScanFounders): SqlmapTarget[] {
  return [...anyoneTargets(fixture), ...investorTargets(fixture), ...founderTargets(fixture, founders)];
}

const jsonHeaders = { 'Content-Type': 'application/json', Accept: 'application/json' };
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** What anyone may call: sign-in, sign-up, promo codes, the waitlist, and an invitation link's reads. */
function anyoneTargets(fixture: ScanFixture): SqlmapTarget[] {
  const unusedToken = crypto.randomBytes(32).toString('base64url');
  const invite = `/api/data-room/invite/${fixture.inviteToken}`;
  const externalUrl = encodeURIComponent(fixture.externalUrl);
  const signUp = {
    name: 'Fran Founder',
    email: `scan-${Date.now()}@example.com`,
    companyName: 'Northwind Robotics',
  };
  return [
    // Anyone: sign-in, sign-up, promo codes, the waitlist.
    {
      name: 'POST /api/auth/magic-link (email, name)',
      method: 'POST',
      path: '/api/auth/magic-link',
      body: jsonWithMarkers({ email: fixture.inviteeEmail, name: 'Pat' }, ['email', 'name']),
      headers: jsonHeaders,
      baselineStatus: 200,
    },
    {
      name: 'POST /api/auth/verify (token)',
      method: 'POST',
      path: '/api/auth/verify',
      body: jsonWithMarkers({ token: unusedToken }, ['token']),
      headers: jsonHeaders,
      baselineStatus: 400,
    },
    {
      name: 'POST /api/complete-account-setup (name, companyName, User-Agent)',
      method: 'POST',
      path: '/api/complete-account-setup',
      body: jsonWithMarkers(signUp, ['name', 'companyName']),
      headers: { ...jsonHeaders, 'User-Agent': `Mozilla/5.0 (X11; Linux x86_64) Scan${MARKER}` },
      evalCode: freshEmail('email'),
      baselineStatus: 201,
      trueStatus: 201,
    },
    {
      name: 'POST /api/complete-account-setup (email)',
      method: 'POST',
      path: '/api/complete-account-setup',
      body: jsonWithMarkers({ ...signUp, email: `scan-email-${Date.now()}@example.com` }, ['email']),
      headers: jsonHeaders,
      baselineStatus: 201,
    },
    {
      name: 'POST /api/upgrade-with-promo (promoCode)',
      method: 'POST',
      path: '/api/upgrade-with-promo',
      body: jsonWithMarkers(
        { ...signUp, email: `scan-promo-${Date.now()}@example.com`, promoCode: fixture.promoCode },
        ['promoCode'],
      ),
      headers: jsonHeaders,
      evalCode: freshEmail('email'),
      baselineStatus: 201,
      trueStatus: 201,
    },
    {
      name: 'POST /api/validate-promo-code (code)',
      method: 'POST',
      path: '/api/validate-promo-code',
      body: jsonWithMarkers({ code: fixture.promoCode }, ['code']),
      headers: jsonHeaders,
      baselineStatus: 200,
    },
    {
      name: 'POST /api/waitlist (companyName)',
      method: 'POST',
      path: '/api/waitlist',
      body: jsonWithMarkers({ companyName: 'Contoso', contactEmail: `scan-wait-${Date.now()}@example.com` }, [
        'companyName',
      ]),
      headers: jsonHeaders,
      evalCode: freshEmail('contactEmail'),
      baselineStatus: 200,
    },
    {
      name: 'POST /api/waitlist (contactEmail)',
      method: 'POST',
      path: '/api/waitlist',
      body: jsonWithMarkers(
        { companyName: 'Contoso', contactEmail: `scan-wait2-${Date.now()}@example.com` },
        ['contactEmail'],
      ),
      headers: jsonHeaders,
      baselineStatus: 200,
    },

    // An invitation link, no session.
    {
      name: 'GET /api/data-room/invite/:token',
      method: 'GET',
      path: `${invite}${MARKER}`,
      headers: { Accept: 'application/json' },
      baselineStatus: 200,
    },
    {
      name: 'GET /api/data-room/invite/:token/sections',
      method: 'GET',
      path: `${invite}${MARKER}/sections`,
      headers: { Accept: 'application/json' },
      baselineStatus: 200,
    },
    {
      name: 'GET /api/data-room/invite/:token/documents',
      method: 'GET',
      path: `${invite}${MARKER}/documents`,
      headers: { Accept: 'application/json' },
      baselineStatus: 200,
    },
    {
      name: 'GET /api/data-room/invite/:token/click (token, url, User-Agent)',
      method: 'GET',
      path: `${invite}${MARKER}/click?url=${externalUrl}${MARKER}`,
      headers: { Accept: 'application/json', 'User-Agent': `Mozilla/5.0 Scan${MARKER}` },
      baselineStatus: 302,
      trueStatus: 302,
    },
  ];
}

/** The investor's reads of the room they were invited to, and the session's own lookup. */
function investorTargets(fixture: ScanFixture): SqlmapTarget[] {
  const investor = { Accept: 'application/json', ...bearer(fixture.investorToken) };
  const room = `/api/data-room/${fixture.roomId}`;
  const externalUrl = encodeURIComponent(fixture.externalUrl);
  return [
    // The investor's session (Bearer), on the room they were invited to.
    {
      name: 'GET /api/data-room/:id',
      method: 'GET',
      path: `${room}${MARKER}`,
      headers: investor,
      baselineStatus: 200,
    },
    {
      name: 'GET /api/data-room/:id/sections',
      method: 'GET',
      path: `${room}${MARKER}/sections`,
      headers: investor,
      baselineStatus: 200,
    },
    {
      name: 'GET /api/data-room/:id/documents',
      method: 'GET',
      path: `${room}${MARKER}/documents`,
      headers: investor,
      baselineStatus: 200,
    },
    {
      name: 'GET /api/data-room/:id/click (id, url, User-Agent)',
      method: 'GET',
      path: `${room}${MARKER}/click?url=${externalUrl}${MARKER}`,
      headers: { ...investor, 'User-Agent': `Mozilla/5.0 Scan${MARKER}` },
      baselineStatus: 302,
      trueStatus: 302,
    },
    {
      name: 'GET /api/documents/:id/download (id, User-Agent)',
      method: 'GET',
      path: `/api/documents/${fixture.documentId}${MARKER}/download`,
      headers: { ...investor, 'User-Agent': `Mozilla/5.0 Scan${MARKER}` },
      baselineStatus: 200,
    },

    // The session itself, looked up (by its hash) on every request.
    {
      name: 'GET /api/auth/me (Authorization: Bearer)',
      method: 'GET',
      path: '/api/auth/me',
      headers: { Accept: 'application/json', Authorization: `Bearer ${fixture.investorToken}${MARKER}` },
      baselineStatus: 200,
      ignoreStatuses: [401],
    },
    {
      name: 'GET /api/auth/me (session cookie)',
      method: 'GET',
      path: '/api/auth/me',
      headers: { Accept: 'application/json', Cookie: `rr_session=${fixture.investorToken}${MARKER}` },
      baselineStatus: 200,
      ignoreStatuses: [401],
    },
  ];
}

/** The founders' writes, each to a room of its own, founder B's reach into A's room, and the uploads. */
function founderTargets(fixture: ScanFixture, founders: ScanFounders): SqlmapTarget[] {
  const writer = (route: (typeof WRITE_ROUTES)[number]) => ({
    ...jsonHeaders,
    ...bearer(founders.writers[route]),
  });
  return [
    // The founder's writes, each to a room of its own.
    {
      name: 'POST /api/data-rooms (name, description, stage, website, foundedYear)',
      method: 'POST',
      path: '/api/data-rooms',
      body: jsonWithMarkers(
        {
          name: 'Northwind Robotics',
          description: 'Warehouse robots.',
          stage: 'Seed',
          website: 'https://northwind.example',
          foundedYear: 2021,
        },
        ['name', 'description', 'stage', 'website'],
      ).replace('"foundedYear":2021', `"foundedYear":2021${MARKER}`),
      headers: writer('profile'),
      baselineStatus: 200,
    },
    {
      name: 'POST /api/my-data-room/status (isActive)',
      method: 'POST',
      path: '/api/my-data-room/status',
      body: `{"isActive":true${MARKER}}`,
      headers: writer('status'),
      baselineStatus: 200,
    },
    {
      name: 'POST /api/sections/update (content)',
      method: 'POST',
      path: '/api/sections/update',
      body: jsonWithMarkers(
        {
          content: `## Financial information\nRevenue and projections.\n- [Model](${fixture.externalUrl})\n\n## Team\nFounders.`,
        },
        ['content'],
      ),
      headers: writer('sections'),
      baselineStatus: 200,
    },
    {
      name: 'POST /api/invites (email, name)',
      method: 'POST',
      path: '/api/invites',
      body: jsonWithMarkers({ email: `scan-invitee-${Date.now()}@fund.example`, name: 'Sam Scout' }, [
        'email',
        'name',
      ]),
      headers: writer('invites'),
      baselineStatus: 201,
      trueStatus: 201,
    },
    {
      name: 'POST /api/invitations (email)',
      method: 'POST',
      path: '/api/invitations',
      body: jsonWithMarkers({ email: `scan-admin-invitee-${Date.now()}@fund.example` }, ['email']),
      headers: writer('invitations'),
      baselineStatus: 201,
      trueStatus: 201,
    },
    // Founder B aims at founder A's document and invitation: 404 unless an injection escapes the room.
    {
      name: "DELETE /api/documents/:id (another room's document)",
      method: 'DELETE',
      path: `/api/documents/${fixture.documentId}${MARKER}`,
      headers: { Accept: 'application/json', ...bearer(fixture.otherFounderToken) },
      baselineStatus: 404,
      ignoreStatuses: [404],
    },
    {
      name: "DELETE /api/invites/:id (another room's invitation)",
      method: 'DELETE',
      path: `/api/invites/${fixture.invitationId}${MARKER}`,
      headers: { Accept: 'application/json', ...bearer(fixture.otherFounderToken) },
      baselineStatus: 404,
      ignoreStatuses: [404],
    },
    ...UPLOAD_FIELDS.map((field) => uploadTarget(fixture, founders, field)),
  ];
}

function uploadTarget(
  fixture: ScanFixture,
  founders: ScanFounders,
  field: (typeof UPLOAD_FIELDS)[number],
): SqlmapTarget {
  const pdf = '%PDF-1.7\n%scan\n'.padEnd(1024, ' ');
  const mark = (name: string, value: string) => (name === field ? `${value}${MARKER}` : value);
  return {
    name: `POST /api/upload (multipart ${field}, session cookie)`,
    method: 'POST',
    path: '/api/upload',
    body: multipart([
      { name: 'title', value: mark('title', 'Board deck Q3') },
      // Only the section scan names a section: each upload into one also rewrites the markdown.
      { name: 'section', value: field === 'section' ? `Financial information${MARKER}` : '' },
      { name: 'file', value: pdf, filename: `${mark('filename', 'board-deck')}.pdf` },
    ]),
    headers: {
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      Accept: 'application/json',
      Origin: fixture.origin,
      Cookie: `rr_session=${founders.uploads[field][0]}`,
    },
    evalCode: takeTurns(founders.uploads[field]),
    baselineStatus: 201,
    trueStatus: 201,
    forbiddenStatus: 409,
  };
}
