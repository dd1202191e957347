import { afterAll, beforeAll, describe, test } from 'vitest';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { invitationRoutes } from '#shared/contracts/invitations';
import { ndaRoutes } from '#shared/contracts/nda';
import { notificationRoutes } from '#shared/contracts/notifications';
import { roomRoutes } from '#shared/contracts/rooms';
import { createFounder, type SignedIn, uniqueEmail } from '#tests/support/factories';
import { expectNothingWritten, expectRefusal, writtenState } from '#tests/support/refusals';
import { type RequestOptions, startTestApp, type TestApp } from '#tests/support/test-app';

/**
 * Hostile JSON bodies on every route that reads one (ADR 19): each case changes one thing in a body
 * the route would accept, and expects a 4xx in the one error shape that names what is wrong, with
 * nothing written (rows, files, mail). Requests carry a founder's bearer token, so the refusal is
 * about the body, never about who is asking.
 */

const PROMO_CODE = 'LAUNCH2026';

let t: TestApp;
let founder: SignedIn;
beforeAll(async () => {
  t = await startTestApp({ environment: { PROMO_CODES: PROMO_CODE } });
  founder = await createFounder(t);
});
afterAll(() => t.close());

const ACCEPT_NDA = apiPath(ndaRoutes.accept, { params: { id: '7f0c2b7e-55f5-4d3e-9a51-0f7c8f1f2a10' } });
const ACCEPT_NDA_BY_INVITATION = apiPath(ndaRoutes.acceptByInvitation, { params: { token: 'A'.repeat(43) } });

/** Each route with a body it accepts, so that a case's one change is the only thing wrong. */
const VALID_BODIES: Record<string, () => Record<string, unknown>> = {
  [apiPath(accountRoutes.completeSetup)]: () => ({
    name: 'Ann Founder',
    email: uniqueEmail(),
    companyName: 'Acme',
  }),
  [apiPath(accountRoutes.upgradeWithPromo)]: () => ({
    name: 'Ann Founder',
    email: uniqueEmail(),
    companyName: 'Acme',
    promoCode: PROMO_CODE,
  }),
  [apiPath(accountRoutes.validatePromoCode)]: () => ({ code: PROMO_CODE }),
  [apiPath(accountRoutes.joinWaitlist)]: () => ({ companyName: 'Acme', contactEmail: uniqueEmail() }),
  [apiPath(authRoutes.requestMagicLink)]: () => ({ email: founder.user.email, name: '' }),
  [apiPath(authRoutes.verify)]: () => ({ token: 'A'.repeat(43) }),
  [apiPath(invitationRoutes.create)]: () => ({ email: uniqueEmail('investor'), name: 'Ivy Investor' }),
  [apiPath(invitationRoutes.createByEmail)]: () => ({ email: uniqueEmail('investor') }),
  [apiPath(invitationRoutes.bulk)]: () => ({
    addresses: uniqueEmail('investor'),
    personalMessage: 'Welcome.',
  }),
  [apiPath(roomRoutes.saveProfile)]: () => ({
    name: 'Acme',
    description: 'We make things.',
    stage: 'Seed',
    foundedYear: 2020,
    website: 'https://acme.example',
  }),
  [apiPath(roomRoutes.setStatus)]: () => ({ isActive: true }),
  [apiPath(roomRoutes.setDownloadDefault)]: () => ({ isDownloadAllowed: true }),
  [apiPath(roomRoutes.setWatermark)]: () => ({ isWatermarkEnabled: false }),
  [apiPath(roomRoutes.saveSections)]: () => ({ content: '## Team\n' }),
  [apiPath(ndaRoutes.saveSettings)]: () => ({ isRequired: true, text: 'Keep it **secret**.' }),
  // Bodies are checked before anything else: a room nobody has is enough to show the refusals.
  [ACCEPT_NDA]: () => ({ versionId: 'v1', signerName: 'Ivy Investor', agree: true }),
  [ACCEPT_NDA_BY_INVITATION]: () => ({ versionId: 'v1', signerName: 'Ivy Investor', agree: true }),
  [apiPath(notificationRoutes.saveSettings)]: () => ({ founderNotifications: 'daily' }),
  [apiPath(notificationRoutes.sendInvestorMessage)]: () => ({ message: 'Our Q3 update is in the room.' }),
  [apiPath(notificationRoutes.unsubscribe)]: () => ({ token: 'A'.repeat(43) }),
};
const JSON_ROUTES = Object.keys(VALID_BODIES);
const validBody = (route: string) => VALID_BODIES[route]?.() ?? {};

async function expectRefused(
  route: string,
  options: RequestOptions,
  status: number,
  expected: Parameters<typeof expectRefusal>[2],
) {
  const before = await writtenState(t);
  const response = await t.request('POST', route, {
    ...options,
    headers: { ...founder.auth, ...options.headers },
  });
  expectRefusal(response, status, expected);
  await expectNothingWritten(t, before);
}

const asJson = { 'content-type': 'application/json' };

/** A value as a test's name shows it: escaped, and long strings by their length. */
function shown(value: unknown): string {
  if (typeof value === 'symbol') return '(missing)';
  if (typeof value === 'string' && value.length > 60)
    return `${JSON.stringify(value.slice(0, 12))}… (${value.length} characters)`;
  return JSON.stringify(value);
}

describe('bodies that are not the JSON object a route reads', () => {
  // The parser and the strict schemas refuse these before any route logic runs, on every route.
  const shapes = [
    {
      label: 'malformed JSON',
      options: () => ({ body: '{"name": "Ann",', headers: asJson }),
      status: 400,
      expected: { error: 'invalid_json', message: /not valid JSON/ },
    },
    {
      label: 'a body over the 1 MB limit',
      options: (route: string) => ({
        body: JSON.stringify({ ...validBody(route), padding: 'x'.repeat(1024 * 1024) }),
        headers: asJson,
      }),
      status: 413,
      expected: { error: 'payload_too_large', message: /too large/ },
    },
    {
      label: 'a form-encoded body',
      options: () => ({
        body: 'name=Ann&email=ann%40example.com',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      status: 415,
      expected: { error: 'unsupported_media_type', message: /content type/ },
    },
    {
      label: 'a JSON array',
      options: (route: string) => ({ json: [validBody(route)] }),
      status: 400,
      expected: { message: /^The request body must be a JSON object\.$/, field: 'body' },
    },
    {
      label: 'an extra field', // the schemas are strict
      options: (route: string) => ({ json: { ...validBody(route), isAdmin: true } }),
      status: 400,
      expected: { message: /^Unexpected field: isAdmin$/, field: 'isAdmin' },
    },
  ];
  const cases = JSON_ROUTES.flatMap((route) => shapes.map((shape) => ({ route, ...shape })));

  test.each(cases)('$label to $route is a $status', async ({ route, options, status, expected }) => {
    await expectRefused(route, options(route), status, expected);
  });
});

describe('content types and encodings', () => {
  // One route stands for all: the body parser is shared, so each way of lying about the body is shown once.
  const route = apiPath(roomRoutes.saveProfile);
  test.each([
    {
      label: 'an empty body labelled JSON',
      options: { body: '', headers: asJson },
      status: 400,
      expected: { error: 'invalid_json', message: /empty/ },
    },
    {
      label: 'no body and no content type',
      options: {},
      status: 400,
      expected: { message: /must be a JSON object/, field: 'body' },
    },
    {
      label: 'JSON sent as text/plain',
      options: { body: JSON.stringify({ name: 'Acme' }), headers: { 'content-type': 'text/plain' } },
      status: 400,
      expected: { message: /must be a JSON object/, field: 'body' },
    },
    {
      label: 'XML',
      options: { body: '<room><name>Acme</name></room>', headers: { 'content-type': 'application/xml' } },
      status: 415,
      expected: { error: 'unsupported_media_type', message: /content type/ },
    },
    {
      label: 'multipart form data',
      options: {
        body: '--x\r\n\r\n--x--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      },
      status: 415,
      expected: { error: 'unsupported_media_type', message: /content type/ },
    },
    {
      // Decoded leniently these bytes would be stored as U+FFFD: not what was sent.
      label: 'bytes that are not UTF-8',
      options: {
        body: Buffer.concat([Buffer.from('{"name":"Acme '), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
        headers: asJson,
      },
      status: 400,
      expected: { error: 'invalid_json', message: /not valid UTF-8/ },
    },
    {
      label: 'a __proto__ key (prototype poisoning)',
      options: { body: '{"name":"Acme","__proto__":{"isAdmin":true}}', headers: asJson },
      status: 400,
      expected: { error: 'invalid_json', message: /not valid JSON/ },
    },
    {
      label: 'a constructor.prototype key',
      options: { body: '{"name":"Acme","constructor":{"prototype":{"isAdmin":true}}}', headers: asJson },
      status: 400,
      expected: { error: 'invalid_json', message: /not valid JSON/ },
    },
    {
      label: 'JSON null',
      options: { body: 'null', headers: asJson },
      status: 400,
      expected: { message: /must be a JSON object/, field: 'body' },
    },
    {
      label: 'a name nested 50,000 arrays deep',
      options: { body: `{"name":${'['.repeat(50_000)}${']'.repeat(50_000)}}`, headers: asJson },
      status: 400,
      expected: { message: /^name: must be text$/, field: 'name' },
    },
    {
      // JSON.parse keeps the last of duplicate keys: the value checked is the value used.
      label: 'a duplicate key, last one wrong',
      options: { body: '{"name":"Acme","name":42}', headers: asJson },
      status: 400,
      expected: { message: /^name: must be text$/, field: 'name' },
    },
  ])('$label is a $status', async ({ options, status, expected }) => {
    await expectRefused(route, options, status, expected);
  });
});

describe('fields: missing, of the wrong type, too long, or holding characters no text should', () => {
  // Every text field of every write route, and the non-text ones (stage, year, switch). Names that
  // break a line ('\r\n' in a name that goes into an e-mail), hide (NUL, ESC) or display as something
  // else (U+202E) are refused, as are strings that are not Unicode (an unpaired surrogate). PostgreSQL
  // cannot store NUL at all, so each of these also guards against a 500 there.
  const MISSING = Symbol('missing');
  const setup = apiPath(accountRoutes.completeSetup);
  const promo = apiPath(accountRoutes.upgradeWithPromo);
  const room = apiPath(roomRoutes.saveProfile);
  const sections = apiPath(roomRoutes.saveSections);
  const cases: [string, string, unknown, RegExp, string?][] = [
    [setup, 'name', MISSING, /^name: is required$/],
    [setup, 'name', 42, /^name: must be text$/],
    [setup, 'name', '   ', /^name: is required$/],
    [setup, 'name', 'x'.repeat(101), /^name: must be at most 100 characters$/],
    [setup, 'name', 'Ann\u0000', /^name: contains the control character U\+0000/],
    [setup, 'name', 'Ann\r\nBcc: victim@example.com', /^name: contains the control character U\+000D/],
    [setup, 'companyName', 'x'.repeat(201), /^companyName: must be at most 200 characters$/],
    [setup, 'companyName', null, /^companyName: must be text$/],
    [
      setup,
      'companyName',
      'Acme\u202Eexe.pdf',
      /^companyName: contains the invisible text-direction control U\+202E/,
    ],
    [setup, 'companyName', 'Acme \ud800', /^companyName: contains an unpaired surrogate/],
    [setup, 'email', MISSING, /^email: is required$/],
    [setup, 'email', 42, /^email: must be an e-mail address$/],
    [promo, 'promoCode', MISSING, /^promoCode: is required$/],
    [promo, 'promoCode', 'x'.repeat(65), /^promoCode: must be at most 64 characters$/],
    [promo, 'promoCode', [PROMO_CODE], /^promoCode: must be text$/],
    [promo, 'promoCode', 'NOT-A-CODE', /^Invalid promo code\.$/, 'invalid_promo_code'],
    [promo, 'name', 'x'.repeat(101), /^name: must be at most 100 characters$/],
    [promo, 'companyName', '\u0007Acme', /^companyName: contains the control character U\+0007/],
    [apiPath(accountRoutes.validatePromoCode), 'code', MISSING, /^code: is required$/],
    [
      apiPath(accountRoutes.validatePromoCode),
      'code',
      'x'.repeat(65),
      /^code: must be at most 64 characters$/,
    ],
    [apiPath(accountRoutes.validatePromoCode), 'code', {}, /^code: must be text$/],
    [
      apiPath(accountRoutes.validatePromoCode),
      'code',
      'LAUNCH\u00002026',
      /^code: contains the control character U\+0000/,
    ],
    [apiPath(accountRoutes.joinWaitlist), 'companyName', MISSING, /^companyName: is required$/],
    [
      apiPath(accountRoutes.joinWaitlist),
      'companyName',
      'x'.repeat(201),
      /^companyName: must be at most 200 characters$/,
    ],
    // An ANSI escape would recolour or rewrite the line of a log that shows it.
    [
      apiPath(accountRoutes.joinWaitlist),
      'companyName',
      'Acme\u001b[2K',
      /^companyName: contains the control character U\+001B/,
    ],
    [apiPath(accountRoutes.joinWaitlist), 'contactEmail', MISSING, /^contactEmail: is required$/],
    [apiPath(accountRoutes.joinWaitlist), 'contactEmail', true, /^contactEmail: must be an e-mail address$/],
    [apiPath(authRoutes.requestMagicLink), 'email', MISSING, /^email: is required$/],
    [apiPath(authRoutes.requestMagicLink), 'name', 'x'.repeat(201), /^name: must be at most 200 characters$/],
    [apiPath(authRoutes.requestMagicLink), 'name', 5, /^name: must be text$/],
    [
      apiPath(authRoutes.requestMagicLink),
      'name',
      'Ann\u0000',
      /^name: contains the control character U\+0000/,
    ],
    [apiPath(authRoutes.verify), 'token', MISSING, /^token: is required$/],
    [apiPath(authRoutes.verify), 'token', '', /^token: is required$/],
    [apiPath(authRoutes.verify), 'token', 12345, /^token: must be text$/],
    [apiPath(authRoutes.verify), 'token', 'A'.repeat(129), /^token: is too long$/],
    [apiPath(authRoutes.verify), 'token', 'abc def', /^token: is not a valid token$/],
    [apiPath(invitationRoutes.mine), 'email', MISSING, /^email: is required$/],
    [apiPath(invitationRoutes.mine), 'email', ['ivy@example.com'], /^email: must be an e-mail address$/],
    [apiPath(invitationRoutes.mine), 'name', 'x'.repeat(101), /^name: must be at most 100 characters$/],
    [apiPath(invitationRoutes.mine), 'name', 42, /^name: must be text$/],
    [
      apiPath(invitationRoutes.mine),
      'name',
      'Ivy\nSubject: You won',
      /^name: contains the control character U\+000A/,
    ],
    [
      apiPath(invitationRoutes.mine),
      'name',
      'Ivy \u2066evil\u2069',
      /^name: contains the invisible text-direction control U\+2066/,
    ],
    [apiPath(invitationRoutes.createByEmail), 'email', MISSING, /^email: is required$/],
    [apiPath(invitationRoutes.createByEmail), 'email', 12, /^email: must be an e-mail address$/],
    // The admin form's invitation takes an e-mail only.
    [apiPath(invitationRoutes.createByEmail), 'name', 'Ivy', /^Unexpected field: name$/],
    [room, 'name', MISSING, /^name: is required$/],
    [room, 'name', ' ', /^name: Company name is required$/],
    [room, 'name', 'x'.repeat(201), /^name: must be at most 200 characters$/],
    [room, 'name', 'Acme\u0000Corp', /^name: contains the control character U\+0000/],
    [room, 'description', 'x'.repeat(2001), /^description: must be at most 2000 characters$/],
    [room, 'description', 7, /^description: must be text$/],
    [
      room,
      'description',
      'Line one\nLine two\u0000',
      /^description: line 2 contains the control character U\+0000/,
    ],
    [
      room,
      'website',
      `https://acme.example/${'a'.repeat(2000)}`,
      /^website: must be at most 2000 characters$/,
    ],
    [room, 'website', 'ftp://acme.example', /^website: must be an http:\/\/ or https:\/\/ address$/],
    [room, 'website', 'javascript:alert(1)', /^website: must be an http:\/\/ or https:\/\/ address$/],
    // The URL parser would drop the line break and accept it; the stored text would keep it.
    [room, 'website', 'https://acme\n.example', /^website: contains the control character U\+000A/],
    [room, 'website', 42, /^website: must be an http:\/\/ or https:\/\/ address$/],
    [room, 'stage', 'Series Z', /^stage: must be one of Pre-Seed, Seed, Series A/],
    [room, 'foundedYear', 1899, /^foundedYear: must be 1900 or later$/],
    [room, 'foundedYear', '2020', /^foundedYear: must be a year$/],
    [room, 'foundedYear', 2020.5, /^foundedYear: must be a whole year$/],
    [room, 'foundedYear', 9999, /^foundedYear: cannot be in the future$/],
    [
      apiPath(notificationRoutes.settings),
      'founderNotifications',
      'weekly',
      /^founderNotifications: must be one of off, first_visits/,
    ],
    [
      apiPath(notificationRoutes.settings),
      'founderNotifications',
      MISSING,
      /^founderNotifications: must be one of/,
    ],
    [apiPath(notificationRoutes.investorMessages), 'message', MISSING, /^message: is required$/],
    [
      apiPath(notificationRoutes.investorMessages),
      'message',
      'x'.repeat(1001),
      /^message: must be at most 1000 characters$/,
    ],
    [apiPath(notificationRoutes.investorMessages), 'message', ' \n\t ', /^message: is required/],
    [
      apiPath(notificationRoutes.investorMessages),
      'message',
      'Hi\u0007',
      /^message: line 1 contains the control character U\+0007/,
    ],
    [
      apiPath(notificationRoutes.investorMessages),
      'recipientIds',
      'everyone',
      /^recipientIds: must be a list of investor ids$/,
    ],
    [
      apiPath(notificationRoutes.unsubscribeDetails),
      'token',
      'short',
      /^token: must be the token from the e-mail$/,
    ],
    [
      apiPath(notificationRoutes.unsubscribeDetails),
      'token',
      `${'A'.repeat(42)}\u0000`,
      /^token: must be the token from the e-mail$/,
    ],
    [apiPath(roomRoutes.setStatus), 'isActive', MISSING, /^isActive: must be true or false$/],
    [apiPath(roomRoutes.setStatus), 'isActive', 'true', /^isActive: must be true or false$/],
    [apiPath(roomRoutes.setStatus), 'isActive', 1, /^isActive: must be true or false$/],
    [apiPath(roomRoutes.setStatus), 'isActive', null, /^isActive: must be true or false$/],
    [
      apiPath(roomRoutes.setDownloadDefault),
      'isDownloadAllowed',
      MISSING,
      /^isDownloadAllowed: must be true or false$/,
    ],
    [
      apiPath(roomRoutes.setDownloadDefault),
      'isDownloadAllowed',
      'false',
      /^isDownloadAllowed: must be true or false$/,
    ],
    [
      apiPath(roomRoutes.setDownloadDefault),
      'isDownloadAllowed',
      0,
      /^isDownloadAllowed: must be true or false$/,
    ],
    [
      apiPath(roomRoutes.setWatermark),
      'isWatermarkEnabled',
      MISSING,
      /^isWatermarkEnabled: must be true or false$/,
    ],
    [
      apiPath(roomRoutes.setWatermark),
      'isWatermarkEnabled',
      'on',
      /^isWatermarkEnabled: must be true or false$/,
    ],
    [sections, 'content', MISSING, /^content: is required$/],
    [sections, 'content', 42, /^content: must be text$/],
    [sections, 'content', 'x'.repeat(200_001), /^content: must be at most 200000 characters$/],
    [
      sections,
      'content',
      '## Team\n\n- [Deck](https://x.example/d.pdf)\u0000\n',
      /^content: line 3 contains the control character U\+0000/,
    ],
    [
      sections,
      'content',
      '## Team\n\u202Efdp.exe\n',
      /^content: line 2 contains the invisible text-direction control U\+202E/,
    ],
    [sections, 'content', '## Team \ud800\n', /^content: line 1 contains an unpaired surrogate/],
    [apiPath(ndaRoutes.settings), 'isRequired', 'true', /^isRequired: must be true or false$/],
    [apiPath(ndaRoutes.settings), 'text', MISSING, /^text: is required$/],
    [apiPath(ndaRoutes.settings), 'text', 42, /^text: must be text$/],
    [apiPath(ndaRoutes.settings), 'text', 'x'.repeat(20_001), /^text: must be at most 20000 characters$/],
    [
      apiPath(ndaRoutes.settings),
      'text',
      'Keep\n\u202Eit\n',
      /^text: line 2 contains the invisible text-direction control/,
    ],
    [
      apiPath(ndaRoutes.settings),
      'text',
      '',
      /^text: write the agreement investors must accept/,
      'invalid_nda',
    ],
    [
      apiPath(ndaRoutes.settings),
      'text',
      `${'['.repeat(40)}x`,
      /^text: This text is too deeply nested on line 1/,
      'invalid_nda',
    ],
    [ACCEPT_NDA, 'agree', false, /^agree: Tick “I agree” to accept the agreement$/],
    [ACCEPT_NDA, 'agree', MISSING, /^agree: Tick “I agree” to accept the agreement$/],
    [ACCEPT_NDA, 'agree', 'yes', /^agree: Tick “I agree” to accept the agreement$/],
    [ACCEPT_NDA, 'signerName', '  ', /^signerName: Type your full name$/],
    [ACCEPT_NDA, 'signerName', MISSING, /^signerName: is required$/],
    [ACCEPT_NDA, 'signerName', 'N'.repeat(201), /^signerName: must be at most 200 characters$/],
    [ACCEPT_NDA, 'signerName', 'Ivy\nEvil', /^signerName: contains the control character U\+000A/],
    [ACCEPT_NDA, 'versionId', MISSING, /^versionId: is required$/],
    [ACCEPT_NDA_BY_INVITATION, 'agree', false, /^agree: Tick “I agree” to accept the agreement$/],
    [ACCEPT_NDA_BY_INVITATION, 'signerName', '', /^signerName: Type your full name$/],
  ];

  const rows = cases.map(([route, field, value, message, error]) => ({
    route,
    field,
    value,
    message,
    error,
    shown: shown(value),
  }));
  test.each(rows)('$route with $field = $shown', async ({ route, field, value, message, error }) => {
    const body = validBody(route);
    if (value === MISSING) delete body[field];
    else body[field] = value;
    await expectRefused(route, { json: body }, 400, { message, field, error });
  });
});
