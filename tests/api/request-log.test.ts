import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SECRET_PATH_PREFIXES } from '#server/plugins/request-log';
import { authRoutes } from '#shared/contracts/auth';
import { groupRoutes } from '#shared/contracts/groups';
import { notificationRoutes } from '#shared/contracts/notifications';
import { roomRoutes } from '#shared/contracts/rooms';
import { shareLinkRoutes } from '#shared/contracts/share-links';
import {
  aBrowser,
  createFounder,
  invite,
  linkIn,
  requestMagicLinkToken,
  uniqueEmail,
} from '#tests/support/factories';
import { recipientsOf } from '#tests/support/smtp-server';
import { startTestApp, type TestApp } from '#tests/support/test-app';

// The request log as production writes it (its serializers and redaction, at LOG_LEVEL=info) after
// every way into a room that carries a secret in its URL: whoever reads the logs must find no share
// token, proof, code or invitation token there (ADR 74), whatever spelling the request used.

let t: TestApp;
const lines: string[] = [];
const routesWithToken: string[] = [];
beforeAll(async () => {
  t = await startTestApp({
    environment: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => lines.push(line) },
    onRoute: (route: RouteOptions) => {
      if (route.url.includes(':token')) routesWithToken.push(route.url);
    },
  });
});
afterAll(() => t.close());

/** The URL of every request the log recorded. */
const loggedUrls = () =>
  lines
    .map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url)
    .filter((url): url is string => url !== undefined);

async function makeShareLink(founder: Awaited<ReturnType<typeof createFounder>>) {
  const groups = (await t.call(groupRoutes.list, { as: founder })).json;
  const made = await t.call(shareLinkRoutes.create, {
    rawBody: { name: 'Outreach', groupId: groups.groups[0]?.id },
    as: founder,
  });
  expect(made.status, made.text).toBe(201);
  const url = made.json.url;
  return { url, token: url.slice(url.lastIndexOf('/') + 1) };
}

async function requestShareCode(
  link: { url: string; token: string },
  email: string,
  browser: { cookie: string },
) {
  const before = t.smtp.messages.length;
  const asked = await t.call(shareLinkRoutes.requestCode, {
    params: { token: link.token },
    body: { email },
    headers: browser,
  });
  expect(asked.status, asked.text).toBe(200);
  const mail = await t.smtp.waitForMessage(
    (m) => t.smtp.messages.indexOf(m) >= before && recipientsOf(m).includes(email),
  );
  const code = /^(\d{6}) is your (?:Roundroom )?code/.exec(mail.subject ?? '')?.[1] ?? '';
  const proof = new URL(linkIn(mail, link.url)).searchParams.get('proof') ?? '';
  expect(code).toMatch(/^\d{6}$/);
  expect(proof).toMatch(/^[\w-]{43}$/);
  return { code, proof };
}

test('after entries by a share code, a share proof, an invitation and a magic link, in any spelling, the log holds no secret', async () => {
  const founder = await createFounder(t);
  const ours = { origin: t.config.appUrl };
  const link = await makeShareLink(founder);
  const secrets: string[] = [link.token];

  // A share link entered by the code, then by the mailed proof; each spelt plainly and otherwise.
  const byCode = aBrowser();
  const codeReader = uniqueEmail('code-reader');
  await t.request('GET', `/share/${link.token}`);
  await t.request('GET', `//share/${link.token}`);
  const { code } = await requestShareCode(link, codeReader, byCode);
  const enteredByCode = await t.request('POST', `/%61pi/share/${link.token}/verify`, {
    json: { email: codeReader, code },
    headers: { ...byCode, ...ours },
  });
  expect(enteredByCode.status, enteredByCode.text).toBe(200);
  await t.call(roomRoutes.room, { params: { id: 'x' }, query: { code } });

  const byProof = aBrowser();
  const { proof, code: unusedCode } = await requestShareCode(link, uniqueEmail('proof-reader'), byProof);
  await t.request('GET', `/share/${link.token}?proof=${proof}`);
  await t.request('GET', `/share/${link.token}?%70roof=${proof}`);
  const enteredByProof = await t.call(shareLinkRoutes.verify, {
    params: { token: link.token },
    body: { proof },
    headers: { ...byProof, ...ours },
  });
  expect(enteredByProof.status, enteredByProof.text).toBe(200);
  secrets.push(code, proof, unusedCode);

  // An invitation, from the mail's page to the room's reads.
  const invitation = await invite(t, founder, uniqueEmail('invitee'));
  secrets.push(invitation);
  await t.request('GET', `/data-room?invite=${invitation}`);
  await t.call(authRoutes.invitationLinkState, { params: { token: invitation } });
  await t.request('GET', `/API/data-room/invite/${invitation}`);
  const accepted = await t.call(authRoutes.acceptInvitation, {
    params: { token: invitation },
    headers: ours,
  });
  expect(accepted.status, accepted.text).toBe(200);
  await t.request('GET', `/api/%64ata-room/invite/${invitation}/sections`);

  // A magic link's page and an unsubscribe link.
  const magic = await requestMagicLinkToken(t, founder.user.email);
  secrets.push(magic);
  await t.request('GET', `/verify?token=${magic}`);
  await t.call(notificationRoutes.unsubscribeDetails, { query: { token: magic } });

  const urls = loggedUrls();
  expect(urls).toContain('/share/[redacted]?proof=[redacted]');
  expect(urls).toContain('/api/share/[redacted]/verify');
  expect(urls).toContain('/api/data-room/invite/[redacted]/accept');
  for (const secret of secrets) {
    expect(
      urls.filter((url) => url.includes(secret)),
      secret,
    ).toEqual([]);
    // A token's tail too: an escaped first character must not leave the rest of it in the log.
    if (secret.length > 20)
      expect(
        lines.filter((line) => line.includes(secret.slice(-30))),
        secret,
      ).toEqual([]);
  }
});

test('every route with a token in its path is covered by the list of secret-bearing paths', () => {
  expect(routesWithToken.length).toBeGreaterThan(5);
  for (const route of routesWithToken) {
    const covered = SECRET_PATH_PREFIXES.some(
      (prefix) => route.startsWith(prefix) && route.slice(prefix.length).startsWith(':token'),
    );
    expect(covered, `${route} is not in SECRET_PATH_PREFIXES (server/plugins/request-log.ts)`).toBe(true);
  }
});
