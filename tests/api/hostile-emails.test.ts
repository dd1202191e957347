import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { invitationRoutes } from '#shared/contracts/invitations';
import { createFounder, type SignedIn } from '#tests/support/factories';
import { expectNothingWritten, expectRefusal, writtenState } from '#tests/support/refusals';
import { startTestApp, type TestApp } from '#tests/support/test-app';

/**
 * Hostile e-mail addresses in every field that takes one (ADR 19). The decision, written in
 * shared/contracts/fields.ts: an address is ASCII, trimmed and lower-cased, at most 64 characters
 * before the @ and 254 in all, in the shape zod's practical e-mail check accepts (no quoted local
 * parts, no address literals, no display names). Internationalised addresses are refused rather than
 * stored: a Unicode address needs SMTPUTF8 from every relay, and a mixed-script look-alike
 * ('exаmple.com' with a Cyrillic 'а') is how a phishing address hides; an internationalised domain is
 * accepted in its ASCII form (xn--), stored and shown back exactly as sent.
 */

const PROMO_CODE = 'LAUNCH2026';

let t: TestApp;
let founder: SignedIn;
beforeAll(async () => {
  t = await startTestApp({ environment: { PROMO_CODES: PROMO_CODE } });
  founder = await createFounder(t);
});
afterAll(() => t.close());

const INVALID = /^must be a valid e-mail address$/;
const NOT_ASCII = /^must be written in ASCII characters \(an internationalised domain in its xn-- form\)$/;

// [why it is refused, the address, what the message says]
const REFUSED_ADDRESSES: [string, string, RegExp][] = [
  ['no @ at all', 'plainaddress', INVALID],
  ['nothing after the @', 'ann@', INVALID],
  ['nothing before the @', '@example.com', INVALID],
  ['two @ in a row', 'ann@@example.com', INVALID],
  ['two @ apart', 'ann@bob@example.com', INVALID],
  ['a space inside', 'ann smith@example.com', INVALID],
  ['a quoted local part', '"ann"@example.com', INVALID],
  ['a quoted local part with a space', '"ann smith"@example.com', INVALID],
  ['a trailing dot', 'ann@example.com.', INVALID],
  ['a dot before the @', 'ann.@example.com', INVALID],
  ['a leading dot', '.ann@example.com', INVALID],
  ['two dots in a row', 'ann..smith@example.com', INVALID],
  ['no top-level domain', 'ann@example', INVALID],
  ['a domain label starting with a hyphen', 'ann@-example.com', INVALID],
  ['an IP address literal', 'ann@[127.0.0.1]', INVALID],
  ['a display name', 'Ann <ann@example.com>', INVALID],
  ['two addresses', 'ann@example.com, bob@example.com', INVALID],
  // Header injection: a line break would add a Bcc to the invitation's headers.
  ['a line break and a Bcc header', 'ann@example.com\r\nBcc: victim@example.com', INVALID],
  ['a NUL byte', 'ann@example.com\u0000', INVALID],
  [
    '65 characters before the @',
    `${'a'.repeat(65)}@example.com`,
    /^must have at most 64 characters before the @$/,
  ],
  ['255 characters in all', `ann@${'a'.repeat(247)}.com`, /^must be at most 254 characters$/],
  ['an internationalised domain (IDN)', 'ann@bücher.de', NOT_ASCII],
  ['a Unicode local part', 'jörg@example.de', NOT_ASCII],
  ['a Cyrillic look-alike letter in the domain', 'ann@exаmple.com', NOT_ASCII],
  // Lower-casing turns the Kelvin sign into an ASCII 'k': it must not become kate@example.com.
  ['the Kelvin sign, which lower-cases to k', '\u212Aate@example.com', NOT_ASCII],
  ['a full-width @', 'ann＠example.com', NOT_ASCII],
  ['a zero-width space', 'ann@exam\u200Bple.com', NOT_ASCII],
  ['an empty string', '', /^is required$/],
  ['only spaces', '   ', /^is required$/],
];

async function expectAddressRefused(
  route: string,
  field: string,
  body: Record<string, unknown>,
  reason: RegExp,
) {
  const before = await writtenState(t);
  const response = await t.request('POST', route, { json: body, headers: founder.auth });
  expectRefusal(response, 400, {
    error: 'invalid_request',
    field,
    message: new RegExp(`^${field}: ${reason.source.replace(/^\^/, '')}`),
  });
  await expectNothingWritten(t, before);
}

describe('an invitation (which sends mail) refuses every malformed or Unicode address', () => {
  test.each(REFUSED_ADDRESSES)('%s: %j', async (_why, email, reason) => {
    await expectAddressRefused(apiPath(invitationRoutes.create), 'email', { email, name: 'Ivy' }, reason);
  });
});

describe('every other e-mail field refuses them the same way', () => {
  // The one emailField schema is behind every route; these show it is wired to each.
  const samples = REFUSED_ADDRESSES.filter(([why]) =>
    [
      'two @ apart',
      'a quoted local part',
      'a trailing dot',
      'a line break and a Bcc header',
      '65 characters before the @',
      'a Cyrillic look-alike letter in the domain',
    ].includes(why),
  );
  const routes: [string, string, (email: string) => Record<string, unknown>][] = [
    [apiPath(accountRoutes.completeSetup), 'email', (email) => ({ name: 'Ann', email, companyName: 'Acme' })],
    [
      apiPath(accountRoutes.upgradeWithPromo),
      'email',
      (email) => ({ name: 'Ann', email, companyName: 'Acme', promoCode: PROMO_CODE }),
    ],
    [
      apiPath(accountRoutes.joinWaitlist),
      'contactEmail',
      (contactEmail) => ({ companyName: 'Acme', contactEmail }),
    ],
    [apiPath(authRoutes.requestMagicLink), 'email', (email) => ({ email, name: '' })],
    [apiPath(invitationRoutes.createByEmail), 'email', (email) => ({ email })],
  ];
  const cases = routes.flatMap(([route, field, body]) =>
    samples.map(([why, email, reason]) => ({ route, field, body: body(email), reason, why })),
  );
  test.each(cases)('$route: $why', async ({ route, field, body, reason }) => {
    await expectAddressRefused(route, field, body, reason);
  });
});

describe('addresses that are valid are stored normalised and shown back exactly', () => {
  // Accepted writes: the invitation is stored with the normalised address, listed with it, and the
  // mail goes to it.
  test.each([
    ['surrounding spaces and capitals are normalised', '  Ann.Smith@Example.COM ', 'ann.smith@example.com'],
    ['an apostrophe and a plus are kept', "o'Brien+deals@example.com", "o'brien+deals@example.com"],
    ['an internationalised domain in its xn-- form is kept', 'ann@xn--bcher-kva.de', 'ann@xn--bcher-kva.de'],
    [
      '64 characters before the @ are allowed',
      `${'b'.repeat(64)}@example.com`,
      `${'b'.repeat(64)}@example.com`,
    ],
  ])('%s', async (_why, sent, stored) => {
    const response = await t.call(invitationRoutes.create, { body: { email: sent }, as: founder });
    expect(response.status, response.text).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.json).toMatchObject({
      message: `Invitation sent to ${stored}`,
      invitation: { email: stored },
    });

    const listed = (await t.call(invitationRoutes.mine, { as: founder })).json;
    expect(listed.filter((invitation) => invitation.email === stored)).toHaveLength(1);
    const rows = await t.app.database.db
      .selectFrom('invitations')
      .select('email')
      .where('email', '=', stored)
      .execute();
    expect(rows).toEqual([{ email: stored }]);
    // The raw To header (unfolded): the parsed one shows an xn-- domain in Unicode.
    const mail = await t.smtp.waitForMessage((m) =>
      m.headerLines.some(({ key, line }) => key === 'to' && line.replace(/\s+/g, ' ') === `To: ${stored}`),
    );
    expect(mail.subject).toMatch(/invited you/);
  });

  test('a sign-up with a differently written address is the same person: 409, nothing added', async () => {
    const email = 'Fran.Founder@Example.com';
    const first = await t.call(accountRoutes.completeSetup, {
      body: { name: 'Fran', email: ` ${email} `, companyName: 'Fran Co' },
    });
    expect(first.status, first.text).toBe(201);
    expect(first.json.user.email).toBe('fran.founder@example.com');
    const before = await writtenState(t);
    const again = await t.call(accountRoutes.completeSetup, {
      body: { name: 'Fran', email: email.toUpperCase(), companyName: 'Other Co' },
    });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: 'account_exists', message: expect.any(String), shouldLogin: true });
    await expectNothingWritten(t, before);
  });
});
