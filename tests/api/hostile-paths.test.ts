import http from 'node:http';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import {
  createFounder,
  invite,
  requestMagicLinkToken,
  type SignedIn,
  uniqueEmail,
} from '#tests/support/factories';
import { expectNothingWritten, writtenState } from '#tests/support/refusals';
import { startTestApp, type TestApp } from '#tests/support/test-app';

// CSRF is decided on the route the router matched, not on the raw URL (docs/decisions/0074-a-proof-of-
// one-room.md): the router decodes `/%61pi/auth/logout` to `/api/auth/logout`, and a hook that read the
// raw URL let such a request reach the route unchecked. Every write to the API, spelt every way below and
// sent as another site's form sends it (a foreign Origin, a `text/plain` body, the visitor's cookie), is
// refused (403) or reaches no route (404), and nothing is written or signed in. The requests are sent
// byte for byte as written (node:http): fetch would resolve `/./` and `/../` before sending.

const EVIL = 'https://evil.example';

let t: TestApp;
const writeRoutes: { method: string; url: string }[] = [];
const routesRequiringOwnOrigin: string[] = [];
beforeAll(async () => {
  t = await startTestApp({
    environment: { AUTH_RATE_LIMIT_PER_IP: '1000000' },
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith('/api/')) return;
      for (const method of [route.method].flat()) {
        if (['GET', 'HEAD', 'OPTIONS'].includes(method)) continue;
        writeRoutes.push({ method, url: route.url });
        if (route.config?.requiresOwnOrigin === true) routesRequiringOwnOrigin.push(`${method} ${route.url}`);
      }
    },
  });
});
afterAll(() => t.close());

interface RawResponse {
  status: number;
  body: string;
  json: { error?: string; message?: string } | undefined;
  setCookie: string[];
}

/** One request exactly as written: the path is not normalised, the headers are only these. */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body = '',
): Promise<RawResponse> {
  const { hostname, port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        method,
        path,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: RawResponse['json'];
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({
            status: response.statusCode ?? 0,
            body: text,
            json,
            setCookie: response.headers['set-cookie'] ?? [],
          });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Another site's form: its Origin, a text/plain body, and the visitor's cookie when they have one. */
function forged(method: string, path: string, body: string, cookie?: string): Promise<RawResponse> {
  return send(
    method,
    path,
    { origin: EVIL, 'content-type': 'text/plain', ...(cookie ? { cookie } : {}) },
    body,
  );
}

const hex = (character: string) => `%${character.charCodeAt(0).toString(16)}`;

/** Spellings of one API path that a browser or a proxy could send and a router might decode. */
function spellingsOf(apiPath: string): string[] {
  const rest = apiPath.slice('/api/'.length);
  const lastSlash = apiPath.lastIndexOf('/');
  return [
    `/%61pi/${rest}`,
    `/%61%70%69/${rest}`,
    `/api/${hex(rest.charAt(0))}${rest.slice(1)}`,
    `/API/${rest}`,
    `/Api/${rest}`,
    `//api/${rest}`,
    `/api//${rest}`,
    `${apiPath}/`,
    `${apiPath}?x`,
    `${apiPath}?x=1`,
    `${apiPath}#x`,
    `${apiPath};x`,
    `/api;/${rest}`,
    `/./api/${rest}`,
    `/api/./${rest}`,
    `/api/x/../${rest}`,
    `/%2e/api/${rest}`,
    `/api%2F${rest}`,
    `${apiPath.slice(0, lastSlash)}%2F${apiPath.slice(lastSlash + 1)}`,
    `${apiPath.slice(0, lastSlash)}%2f${apiPath.slice(lastSlash + 1)}`,
    `/%2561pi/${rest}`,
    `/%252561pi/${rest}`,
    `/api\\${rest}`,
    `${apiPath}%00`,
  ];
}

/** A concrete path for a route: any well-formed value reaches it, as the checks run before its handler. */
function concretePath(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (name === 'token') return 'A'.repeat(43);
    if (name === 'page') return '1';
    return '7f0c2b7e-55f5-4d3e-9a51-0f7c8f1f2a10';
  });
}

const refusedOrigin = (response: RawResponse) =>
  response.status === 403 && response.json?.error === 'forbidden_origin';
/** The router found no route: the API's own 404, not a route's answer about something missing. */
const routedNowhere = (response: RawResponse) =>
  response.status === 404 && /^There is no API route /.test(response.json?.message ?? '');
const setsSession = (response: RawResponse) =>
  response.setCookie.some((cookie) => /^rr_session=[^;]/.test(cookie));

describe('every write to the API, however its path is spelt, from another site', () => {
  test('is refused at its own path and at every spelling the router decodes to it; the rest reach no route', async () => {
    const victim = await createFounder(t);
    expect(writeRoutes.length).toBeGreaterThan(50);
    const before = await writtenState(t);
    const wrong: string[] = [];
    for (const route of writeRoutes) {
      const path = concretePath(route.url);
      for (const cookie of [undefined, `rr_session=${victim.token}`]) {
        const own = await forged(route.method, path, '{}', cookie);
        if (!refusedOrigin(own)) wrong.push(`${route.method} ${path}: ${own.status} ${own.body}`);
        for (const spelt of spellingsOf(path)) {
          const response = await forged(route.method, spelt, '{}', cookie);
          if (!(refusedOrigin(response) || routedNowhere(response)) || setsSession(response))
            wrong.push(`${route.method} ${spelt}: ${response.status} ${response.body}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    await expectNothingWritten(t, before);
    expect((await send('GET', '/api/auth/me', { cookie: `rr_session=${victim.token}` })).status).toBe(200);
  });

  test('the decoded spellings do reach the route: from our own pages, /%61pi/auth/logout signs out', async () => {
    const visitor = await createFounder(t);
    const cookie = `rr_session=${visitor.token}`;
    const response = await send('POST', '/%61pi/auth/logout', { origin: t.config.appUrl, cookie });
    expect(response.status, response.body).toBe(204);
    expect((await send('GET', '/api/auth/me', { cookie })).status).toBe(401);
  });
});

describe('the sign-in writes that need no session', () => {
  test('are the routes that require our Origin, declared where each route is', () => {
    expect(routesRequiringOwnOrigin.sort()).toEqual(
      [
        'POST /api/auth/logout',
        'POST /api/auth/magic-link',
        'POST /api/auth/passkey-sign-in',
        'POST /api/auth/verify',
        'POST /api/auth/verify-code',
        'POST /api/complete-account-setup',
        'POST /api/data-room/invite/:token/accept',
        'POST /api/share/:token/code',
        'POST /api/share/:token/verify',
        'POST /api/upgrade-with-promo',
      ].sort(),
    );
  });

  test("another site's form posting the attacker's own magic link to /%61pi/auth/verify signs nobody in and spends nothing", async () => {
    const email = uniqueEmail('attacker');
    await invite(t, await createFounder(t), email);
    const token = await requestMagicLinkToken(t, email);
    for (const path of ['/api/auth/verify', ...spellingsOf(apiPath(authRoutes.verify))]) {
      for (const body of [JSON.stringify({ token }), `{"token":"${token}","x":"=1"}`]) {
        const response = await forged('POST', path, body);
        expect(setsSession(response), path).toBe(false);
        expect(refusedOrigin(response) || routedNowhere(response), `${path}: ${response.body}`).toBe(true);
      }
      const urlencoded = await send(
        'POST',
        path,
        { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
        `token=${token}`,
      );
      expect(refusedOrigin(urlencoded) || routedNowhere(urlencoded), path).toBe(true);
    }
    // Not spent: the link still signs its own holder in.
    const proper = await t.call(authRoutes.verify, { body: { token } });
    expect(proper.status, proper.text).toBe(200);
  });

  test("another site's form accepting the attacker's own invitation through /%61pi/ signs nobody in and spends nothing", async () => {
    const founder = await createFounder(t);
    const token = await invite(t, founder, uniqueEmail('attacker'));
    for (const path of spellingsOf(apiPath(authRoutes.acceptInvitation, { params: { token } }))) {
      const response = await forged('POST', path, 'x=1');
      expect(setsSession(response), path).toBe(false);
      expect(refusedOrigin(response) || routedNowhere(response), `${path}: ${response.body}`).toBe(true);
    }
    const state = await t.call(authRoutes.invitationLinkState, { params: { token } });
    expect(state.json).toMatchObject({ state: 'pending' });
    const fromOurPage = await send('POST', apiPath(authRoutes.acceptInvitation, { params: { token } }), {
      origin: t.config.appUrl,
    });
    expect(fromOurPage.status, fromOurPage.body).toBe(200);
  });

  test("a forged logout, spelt any way, leaves the victim's session working", async () => {
    const victim = await createFounder(t);
    const cookie = `rr_session=${victim.token}`;
    for (const path of ['/api/auth/logout', ...spellingsOf(apiPath(authRoutes.logout))]) {
      const response = await forged('POST', path, '', cookie);
      expect(refusedOrigin(response) || routedNowhere(response), `${path}: ${response.body}`).toBe(true);
      expect(response.setCookie, path).toEqual([]);
    }
    // Without any Origin (a browser that left it out) the cookie alone is not enough either.
    const noOrigin = await send('POST', '/%61pi/auth/logout', { cookie });
    expect(refusedOrigin(noOrigin), noOrigin.body).toBe(true);
    expect((await send('GET', '/api/auth/me', { cookie })).status).toBe(200);
  });

  test('without any Origin, what a browser could have sent is refused and an API client is let through', async () => {
    const founder = await createFounder(t);
    const acceptPath = async () =>
      `/%61pi/data-room/invite/${await invite(t, founder, uniqueEmail('i'))}/accept`;
    const mark = { cookie: `rr_browser_mark=${'b'.repeat(43)}` };
    const visitor: SignedIn = await createFounder(t);

    // A form body (an old browser's cross-site form leaves its Lax cookies behind), or any cookie.
    for (const headers of [
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-type': 'multipart/form-data; boundary=x' },
      { 'content-type': 'TEXT/PLAIN; charset=utf-8' },
      mark,
      { cookie: `rr_session=${visitor.token}` },
    ]) {
      const before = await writtenState(t);
      const response = await send('POST', await acceptPath(), headers, 'x=1');
      expect(refusedOrigin(response), `${JSON.stringify(headers)}: ${response.body}`).toBe(true);
      const logout = await send('POST', '/%61pi/auth/logout', headers);
      expect(refusedOrigin(logout), `${JSON.stringify(headers)}: ${logout.body}`).toBe(true);
      // The invitations made above are the only rows written.
      expect((await writtenState(t)).rows.sessions).toBe(before.rows.sessions);
    }

    // An API client: a JSON body (even beside a cookie), an Authorization header, or a bare POST.
    const bare = await send('POST', await acceptPath(), {});
    expect(bare.status, bare.body).toBe(200);
    const token = await requestMagicLinkToken(t, founder.user.email);
    const json = await send(
      'POST',
      apiPath(authRoutes.verify),
      { 'content-type': 'application/json', ...mark },
      JSON.stringify({ token }),
    );
    expect(json.status, json.body).toBe(200);
    const bearer = await send(
      'POST',
      apiPath(authRoutes.logout),
      { authorization: `Bearer ${visitor.token}`, 'content-type': 'text/plain' },
      'x',
    );
    expect(bearer.status, bearer.body).toBe(204);
  });
});
