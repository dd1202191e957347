import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authRoutes } from '#shared/contracts/auth';
import { invitationRoutes } from '#shared/contracts/invitations';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  createFounder,
  founderWithInvestor,
  invite,
  requestMagicLinkToken,
  type SignedIn,
  uniqueEmail,
} from '#tests/support/factories';
import { expectNothingWritten, expectRefusal, writtenState } from '#tests/support/refusals';
import { startTestApp, type TestApp } from '#tests/support/test-app';
import { multipartBody, SAMPLE_FILES } from '#tests/support/uploads';

/**
 * Hostile tokens and ids (ADR 19). Invitation links and magic links are 43-character base64url
 * secrets of different kinds: a token that is empty, cut, lengthened, of the wrong alphabet or of
 * another kind (a magic link as an invitation, a session as either) opens nothing and uses nothing up.
 * Every :id is a UUID: anything else is a 400 naming the id, a UUID of nothing or of another room is
 * the same 404 (existence is not confirmed). Nothing is written by any of them.
 */

const ROOM_LINK = 'https://example.com/deck.pdf';

let t: TestApp;
let founder: SignedIn;
let investor: SignedIn;
let investorEmail: string;
let roomId: string;
let documentId: string;
let invitationId: string;
let inviteToken: string;
let magicLinkToken: string;
let otherRoom: { roomId: string; documentId: string; invitationId: string };

async function roomOf(owner: SignedIn) {
  return (await t.call(roomRoutes.mine, { as: owner })).json.id;
}

/** A room with one upload, one link in its markdown and one open invitation. */
async function furnish(owner: SignedIn) {
  const upload = multipartBody([{ name: 'file', filename: 'deck.pdf', content: SAMPLE_FILES.pdf }]);
  const uploaded = await t.request('POST', '/api/upload', {
    ...upload,
    headers: { ...upload.headers, ...owner.auth },
  });
  const sections = await t.call(roomRoutes.saveSections, {
    body: { content: `## Decks\n- [Deck](${ROOM_LINK})\n` },
    as: owner,
  });
  expect([uploaded.status, sections.status]).toEqual([201, 200]);
  const email = uniqueEmail('invited');
  const token = await invite(t, owner, email);
  const invitations = (await t.call(invitationRoutes.mine, { as: owner })).json;
  return {
    roomId: await roomOf(owner),
    documentId: (uploaded.json as { document: { id: string } }).document.id,
    invitationId: invitations.find((invitation) => invitation.email === email)?.id ?? '',
    token,
  };
}

beforeAll(async () => {
  t = await startTestApp();
  ({ founder, investor, investorEmail } = await founderWithInvestor(t));
  ({ roomId, documentId, invitationId, token: inviteToken } = await furnish(founder));
  otherRoom = await furnish(await createFounder(t));
  // Requested, never used: it must still work after being tried as an invitation.
  magicLinkToken = await requestMagicLinkToken(t, investorEmail);
});
afterAll(() => t.close());

async function expectRefused(
  method: string,
  path: string,
  options: Parameters<TestApp['request']>[2],
  status: number,
  expected: Parameters<typeof expectRefusal>[2],
) {
  const before = await writtenState(t);
  expectRefusal(await t.request(method, path, options), status, expected);
  await expectNothingWritten(t, before);
}

const INVITATION_NOT_FOUND = { error: 'invitation_not_found', message: /invalid, expired or was withdrawn/ };
const NOT_AN_INVITATION_TOKEN = { message: /^token: is not a valid invitation token$/, field: 'token' };

describe('invitation links: GET /api/data-room/invite/:token, /sections, /documents and /click', () => {
  // [what the token is, the token as written in the path, status, what the refusal says]
  const tokens: [string, () => string, number, Parameters<typeof expectRefusal>[2]][] = [
    ['empty', () => '', 400, { message: /^token: is required$/, field: 'token' }],
    ['cut to 42 characters', () => inviteToken.slice(0, 42), 404, INVITATION_NOT_FOUND],
    ['one character longer', () => `${inviteToken}A`, 404, INVITATION_NOT_FOUND],
    [
      '129 characters',
      () => 'A'.repeat(129),
      400,
      { message: /^token: is too long to be an invitation token$/, field: 'token' },
    ],
    ['300 characters', () => 'A'.repeat(300), 414, { error: 'uri_too_long', message: /too long/ }],
    ['with a $', () => `${inviteToken.slice(0, 42)}$`, 400, NOT_AN_INVITATION_TOKEN],
    [
      'with a space',
      () => `${inviteToken.slice(0, 20)}%20${inviteToken.slice(20)}`,
      400,
      NOT_AN_INVITATION_TOKEN,
    ],
    ['with a NUL byte', () => `${inviteToken}%00`, 400, NOT_AN_INVITATION_TOKEN],
    ['in Cyrillic look-alikes', () => encodeURIComponent('ТОКЕН'), 400, NOT_AN_INVITATION_TOKEN],
    ['a path that climbs', () => '..%2F..%2Fetc%2Fpasswd', 400, NOT_AN_INVITATION_TOKEN],
    ['a malformed %-escape', () => '%E0%A4%A', 400, { error: 'bad_url', message: /malformed %-escape/ }],
    ['a magic-link token', () => magicLinkToken, 404, INVITATION_NOT_FOUND],
    ["an investor's session token", () => investor.token, 404, INVITATION_NOT_FOUND],
  ];
  const routes = ['', '/sections', '/documents', `/click?url=${encodeURIComponent(ROOM_LINK)}`];
  const cases = tokens.flatMap(([kind, token, status, expected]) =>
    routes.map((route) => ({ kind, token, route: route.split('?')[0], suffix: route, status, expected })),
  );

  test.each(cases)('$kind on invite/:token$route: $status', async ({ token, suffix, status, expected }) => {
    await expectRefused('GET', `/api/data-room/invite/${token()}${suffix}`, {}, status, expected);
  });
});

describe('POST /api/auth/verify with tokens that are not an unused magic link', () => {
  const INVALID_LINK = { error: 'invalid_token', message: /^Invalid or expired magic link$/ };
  const NOT_A_TOKEN = { message: /^token: is not a valid token$/, field: 'token' };
  test.each([
    ['cut to 42 characters', () => magicLinkToken.slice(0, 42), INVALID_LINK],
    ['one character longer', () => `${magicLinkToken}A`, INVALID_LINK],
    ['129 characters', () => 'A'.repeat(129), { message: /^token: is too long$/, field: 'token' }],
    ['with a $', () => `${magicLinkToken.slice(0, 42)}$`, NOT_A_TOKEN],
    ['with a NUL byte', () => `${magicLinkToken.slice(0, 42)}\u0000`, NOT_A_TOKEN],
    ['with padding (=)', () => `${magicLinkToken}=`, NOT_A_TOKEN],
    ['in standard base64 (+ and /)', () => `${magicLinkToken.slice(0, 41)}+/`, NOT_A_TOKEN],
    ['an SQL string', () => "' OR '1'='1", NOT_A_TOKEN],
    ['an invitation token', () => inviteToken, INVALID_LINK],
    ["an investor's session token", () => investor.token, INVALID_LINK],
  ])('%s: 400, and no session is started', async (_kind, token, expected) => {
    await expectRefused('POST', '/api/auth/verify', { json: { token: token() } }, 400, expected);
  });

  test('the magic link tried above as an invitation and cut short still signs in, once', async () => {
    const first = await t.call(authRoutes.verify, { body: { token: magicLinkToken } });
    expect(first.status, first.text).toBe(200);
    expect(first.json.user.email).toBe(investorEmail);
    const again = await t.call(authRoutes.verify, { body: { token: magicLinkToken } });
    expect(again.status).toBe(400);
  });
});

describe('every :id is a UUID of something the caller may reach', () => {
  // Each route, called by the room's founder, with an id that is not a UUID, a UUID of nothing, and
  // the id of the same kind of thing in another founder's room.
  const routes: {
    route: string;
    method: string;
    path: (id: string) => string;
    ids: () => { own: string; other: string };
    idIs: string;
    missing: RegExp;
  }[] = [
    {
      route: 'GET /api/data-room/:id',
      method: 'GET',
      path: (id) => `/api/data-room/${id}`,
      ids: () => ({ own: roomId, other: otherRoom.roomId }),
      idIs: 'a data room id',
      missing: /does not exist, or you do not have access to it/,
    },
    {
      route: 'GET /api/data-room/:id/sections',
      method: 'GET',
      path: (id) => `/api/data-room/${id}/sections`,
      ids: () => ({ own: roomId, other: otherRoom.roomId }),
      idIs: 'a data room id',
      missing: /does not exist, or you do not have access to it/,
    },
    {
      route: 'GET /api/data-room/:id/documents',
      method: 'GET',
      path: (id) => `/api/data-room/${id}/documents`,
      ids: () => ({ own: roomId, other: otherRoom.roomId }),
      idIs: 'a data room id',
      missing: /does not exist, or you do not have access to it/,
    },
    {
      route: 'GET /api/data-room/:id/click',
      method: 'GET',
      path: (id) => `/api/data-room/${id}/click?url=${encodeURIComponent(ROOM_LINK)}`,
      ids: () => ({ own: roomId, other: otherRoom.roomId }),
      idIs: 'a data room id',
      missing: /does not exist, or you do not have access to it/,
    },
    {
      route: 'GET /api/documents/:id/download',
      method: 'GET',
      path: (id) => `/api/documents/${id}/download`,
      ids: () => ({ own: documentId, other: otherRoom.documentId }),
      idIs: 'a document id',
      missing: /does not exist, or you do not have access to it/,
    },
    {
      route: 'DELETE /api/documents/:id',
      method: 'DELETE',
      path: (id) => `/api/documents/${id}`,
      ids: () => ({ own: documentId, other: otherRoom.documentId }),
      idIs: 'a document id',
      missing: /^That document does not exist\.$/,
    },
    {
      route: 'DELETE /api/invites/:id',
      method: 'DELETE',
      path: (id) => `/api/invites/${id}`,
      ids: () => ({ own: invitationId, other: otherRoom.invitationId }),
      idIs: 'an invitation id',
      missing: /^That invitation does not exist\.$/,
    },
  ];
  const ids: [string, (own: string, other: string) => string, 'invalid' | 'missing'][] = [
    ['a word', () => 'abc', 'invalid'],
    ['a sequence number', () => '1', 'invalid'],
    ['an SQL string', () => encodeURIComponent("1' OR '1'='1"), 'invalid'],
    ['a UUID in braces', (own) => `%7B${own}%7D`, 'invalid'],
    ['a UUID cut short', (own) => own.slice(0, 35), 'invalid'],
    ['a UUID of nothing', () => crypto.randomUUID(), 'missing'],
    ["another room's id", (_own, other) => other, 'missing'],
  ];
  const cases = routes.flatMap((route) =>
    ids.map(([kind, id, outcome]) => ({ ...route, kind, id, outcome })),
  );

  test.each(cases)('$route with $kind', async ({ method, path, ids: idsOf, id, outcome, idIs, missing }) => {
    const { own, other } = idsOf();
    const [status, expected] =
      outcome === 'invalid'
        ? [400, { message: new RegExp(`^id: must be ${idIs}$`), field: 'id' }]
        : [404, { error: 'not_found', message: missing }];
    await expectRefused(method, path(id(own, other)), { headers: founder.auth }, status, expected);
  });
});
