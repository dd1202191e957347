import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  countRows,
  createFounder,
  invite,
  requestMagicLinkToken,
  signInWithMagicLink,
  uniqueEmail,
} from '#tests/support/factories';
import { startTestApp, type TestApp, type TestResponse } from '#tests/support/test-app';

// CSRF is decided on the route the router matched, not on the raw URL (docs/decisions/0074-a-proof-of-
// one-room.md): the router decodes `/%61pi/auth/logout` to `/api/auth/logout`, and a hook that read the
// raw URL let such a request reach the route unchecked. Each spelling below, with a foreign Origin and
// the `text/plain` body a cross-site form can send, either reaches no route (404) or is refused (403),
// and nothing is written or signed in.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ environment: { AUTH_RATE_LIMIT_PER_IP: '100000' } });
});
afterAll(() => t.close());

const EVIL = 'https://evil.example';

/** Spellings of one API path that a browser's form could send and a router might decode. */
function spellingsOf(apiPath: string): string[] {
  const rest = apiPath.slice('/api/'.length);
  return [
    apiPath,
    `/%61pi/${rest}`,
    `/%61%70%69/${rest}`,
    `/api/%${rest.charCodeAt(0).toString(16)}${rest.slice(1)}`,
    `/API/${rest}`,
    `//api/${rest}`,
    `${apiPath}/`,
    `${apiPath}?x=1`,
    `/api/./${rest}`,
    `/api;/${rest}`,
    `/api%2F${rest}`,
    `/%2561pi/${rest}`,
  ];
}

/** A cross-site form's POST: the victim's cookies, a foreign Origin, and a text/plain body. */
function forgedPost(path: string, body: string, cookie?: string): Promise<TestResponse> {
  return t.request('POST', path, {
    body,
    headers: {
      origin: EVIL,
      'content-type': 'text/plain',
      ...(cookie ? { cookie } : {}),
    },
  });
}

const sessionCookieSet = (response: TestResponse) =>
  /rr_session=[^;]/.test(response.headers.get('set-cookie') ?? '');

describe('every unauthenticated write, spelt every way, from another site', () => {
  test('is refused or reaches no route; nothing is written, nobody signed in', async () => {
    const founder = await createFounder(t);
    const invitationToken = await invite(t, founder, uniqueEmail('invitee'));
    const writes: [string, string][] = [
      [`/api/data-room/invite/${invitationToken}/accept`, ''],
      ['/api/auth/verify', JSON.stringify({ token: 'A'.repeat(43) })],
      ['/api/auth/verify-code', JSON.stringify({ email: uniqueEmail('x'), code: '123456' })],
      [`/api/share/${'A'.repeat(43)}/verify`, JSON.stringify({ email: uniqueEmail('x'), code: '123456' })],
      [`/api/share/${'A'.repeat(43)}/code`, JSON.stringify({ email: uniqueEmail('x') })],
      ['/api/auth/magic-link', JSON.stringify({ email: founder.user.email })],
      ['/api/auth/logout', ''],
      ['/api/auth/passkey-sign-in', '{}'],
      ['/api/waitlist', JSON.stringify({ companyName: 'Forged', contactEmail: uniqueEmail('w') })],
      [
        '/api/complete-account-setup',
        JSON.stringify({ name: 'F', email: uniqueEmail('f'), companyName: 'F' }),
      ],
      ['/api/validate-promo-code', JSON.stringify({ code: 'X' })],
    ];
    const before = await countRows(t);
    const mails = t.smtp.messages.length;
    for (const [apiPath, body] of writes) {
      for (const path of spellingsOf(apiPath)) {
        const response = await forgedPost(path, body);
        expect([403, 404], `${path}: ${response.status} ${response.text}`).toContain(response.status);
        expect(sessionCookieSet(response), path).toBe(false);
      }
    }
    expect(await countRows(t)).toEqual(before);
    expect(t.smtp.messages.length).toBe(mails);
  });
});

describe('login and logout CSRF through an unusual spelling', () => {
  test("a forged verify of the attacker's own link signs nobody in and does not spend it", async () => {
    const email = uniqueEmail('attacker');
    await invite(t, await createFounder(t), email);
    const token = await requestMagicLinkToken(t, email);
    for (const path of spellingsOf('/api/auth/verify')) {
      const forged = await forgedPost(path, JSON.stringify({ token }));
      expect(sessionCookieSet(forged), path).toBe(false);
      expect(forged.status, path).not.toBe(200);
    }
    const proper = await t.request('POST', '/api/auth/verify', { json: { token } });
    expect(proper.status).toBe(200);
  });

  test("a forged logout leaves the victim's session working", async () => {
    const victim = await createFounder(t);
    const cookie = `rr_session=${victim.token}`;
    for (const path of spellingsOf('/api/auth/logout')) {
      const forged = await forgedPost(path, '', cookie);
      expect([403, 404], path).toContain(forged.status);
    }
    expect((await t.request('GET', '/api/auth/me', { headers: { cookie } })).status).toBe(200);
  });

  test("a sign-in write that carries cookies must name our Origin: an invitation's accept without one is refused", async () => {
    const founder = await createFounder(t);
    const token = await invite(t, founder, uniqueEmail('invitee'));
    const visitor = await signInWithMagicLink(t, founder.user.email);
    const noOrigin = await t.request('POST', `/api/data-room/invite/${token}/accept`, {
      headers: { cookie: `rr_browser_mark=${'b'.repeat(43)}` },
    });
    expect(noOrigin.status).toBe(403);
    expect((noOrigin.json as { error: string }).error).toBe('forbidden_origin');
    const withSession = await t.request('POST', `/api/data-room/invite/${token}/accept`, {
      headers: { cookie: `rr_session=${visitor.token}` },
    });
    expect(withSession.status).toBe(403);
    // From our page it works; an API client with no cookie needs no Origin.
    const ours = await t.request('POST', `/api/data-room/invite/${token}/accept`, {
      headers: { origin: t.config.appUrl },
    });
    expect(ours.status).toBe(200);
  });
});
