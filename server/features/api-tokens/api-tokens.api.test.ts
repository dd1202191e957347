import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '#server/plugins/auth';
import { hashToken } from '#server/security/tokens';
import { accountRoutes } from '#shared/contracts/accounts';
import { adminRoutes } from '#shared/contracts/admin';
import { apiPath } from '#shared/contracts/api-route';
import type { ApiTokenList, CreatedApiToken } from '#shared/contracts/api-tokens';
import { apiTokenRoutes } from '#shared/contracts/api-tokens';
import { authRoutes } from '#shared/contracts/auth';
import { documentRoutes } from '#shared/contracts/documents';
import { exportRoutes } from '#shared/contracts/exports';
import { healthRoutes } from '#shared/contracts/health';
import { invitationRoutes } from '#shared/contracts/invitations';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import { teamRoutes } from '#shared/contracts/team';
import {
  createApiToken,
  createFounder,
  founderWithEditor,
  founderWithInvestor,
  type SignedIn,
  uniqueEmail,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { expectNothingWritten, expectRefusal, writtenState } from '#tests/support/refusals';
import { startTestApp, type TestApp } from '#tests/support/test-app';

// API tokens (docs/decisions/0051-api-tokens-and-openapi.md): a room's managers create named,
// scoped tokens, shown once and stored as a hash; a token acts for its room only, on the routes of its
// scopes, is limited per token, and stops at once when revoked or expired.

const PER_MINUTE = 40;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ environment: { API_TOKEN_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) } });
});
afterAll(() => t.close());

const TOKENS = apiPath(apiTokenRoutes.list);
const list = async (manager: SignedIn) => {
  const response = await t.request('GET', TOKENS, { headers: manager.auth });
  expect(response.status, response.text).toBe(200);
  return (response.json as ApiTokenList).tokens;
};

describe('creating a token', () => {
  test('the founder gets the secret once; only its hash is stored, and the list shows it without it', async () => {
    const founder = await createFounder(t);
    const response = await t.request('POST', TOKENS, {
      json: { name: 'Affinity sync', scopes: ['sections:write', 'analytics:read'], expiresInDays: 30 },
      headers: founder.auth,
    });
    expect(response.status, response.text).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const created = response.json as CreatedApiToken;
    expect(created.secret).toMatch(/^rr_[A-Za-z0-9_-]{43}$/);
    expect(created.token).toMatchObject({
      name: 'Affinity sync',
      scopes: ['analytics:read', 'sections:write'],
      hint: created.secret.slice(-4),
      status: 'active',
      lastUsedAt: null,
      revokedAt: null,
      createdBy: { email: founder.user.email },
    });
    const days =
      (Date.parse(created.token.expiresAt ?? '') - Date.parse(created.token.createdAt)) / 86_400_000;
    expect(days).toBe(30);

    const row = await t.app.database.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', created.token.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(3));

    const listed = await t.request('GET', TOKENS, { headers: founder.auth });
    expect(listed.text).not.toContain(created.secret.slice(3));
    expect((listed.json as ApiTokenList).tokens).toEqual([created.token]);
  });

  test('a token without an expiry never expires', async () => {
    const founder = await createFounder(t);
    await createApiToken(t, founder, { scopes: ['documents:write'] });
    expect((await list(founder))[0]?.expiresAt).toBeNull();
  });

  test('a co-founder (editor) creates tokens of the room too, and sees the owner’s', async () => {
    const { founder, editor } = await founderWithEditor(t);
    await createApiToken(t, founder, { name: 'Owner’s', scopes: ['analytics:read'] });
    await createApiToken(t, editor, { name: 'Editor’s', scopes: ['analytics:read'] });
    expect((await list(editor)).map((token) => token.name).sort()).toEqual(['Editor’s', 'Owner’s']);
  });

  test.each([
    [{ name: 'No scopes', scopes: [] }, 'scopes', /at least one scope/],
    [{ name: 'Unknown', scopes: ['admin'] }, 'scopes.0', /must be one of analytics:read/],
    [{ name: 'Twice', scopes: ['analytics:read', 'analytics:read'] }, 'scopes', /twice/],
    [{ name: '', scopes: ['analytics:read'] }, 'name', /say what the token is for/],
    [
      { name: 'Forever and a day', scopes: ['analytics:read'], expiresInDays: 366 },
      'expiresInDays',
      /at most 365/,
    ],
    [{ name: 'Zero', scopes: ['analytics:read'], expiresInDays: 0 }, 'expiresInDays', /at least 1 day/],
  ])('%j is refused with 400 naming %s, and nothing is written', async (body, field, message) => {
    const founder = await createFounder(t);
    const before = await writtenState(t);
    const response = await t.request('POST', TOKENS, { json: body, headers: founder.auth });
    expectRefusal(response, 400, { message, field });
    await expectNothingWritten(t, before);
  });

  test('an investor cannot create one (403), and nothing is written', async () => {
    const { investor } = await founderWithInvestor(t);
    const before = await writtenState(t);
    const response = await t.request('POST', TOKENS, {
      json: { name: 'Mine', scopes: ['analytics:read'] },
      headers: investor.auth,
    });
    expectRefusal(response, 403, { message: /Only the founder/ });
    await expectNothingWritten(t, before);
  });

  test(`a room has at most 25 working tokens: the next is refused with 409 until one is revoked`, async () => {
    const founder = await createFounder(t);
    const made = [];
    for (let index = 0; index < 25; index += 1)
      made.push(await createApiToken(t, founder, { name: `Token ${index}`, scopes: ['analytics:read'] }));
    const refused = await t.request('POST', TOKENS, {
      json: { name: 'One too many', scopes: ['analytics:read'] },
      headers: founder.auth,
    });
    expectRefusal(refused, 409, { error: 'api_token_limit', message: /already has 25 working API tokens/ });
    expect((await t.request('DELETE', `${TOKENS}/${made[0]?.id}`, { headers: founder.auth })).status).toBe(
      204,
    );
    await createApiToken(t, founder, { name: 'Room again', scopes: ['analytics:read'] });
  });
});

describe('calling the API with a token', () => {
  test('analytics:read reads the access log and analytics, and records the last use', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = (
      (await uploadFile(t, founder, { name: 'Deck.pdf', bytes: uniquePdf() })).json as {
        document: { id: string };
      }
    ).document.id;
    await t.call(documentRoutes.download, { params: { id: documentId }, as: investor });
    const token = await createApiToken(t, founder, { scopes: ['analytics:read'] });

    const access = await t.call(adminRoutes.recentAccess, { as: token });
    expect(access.status, access.text).toBe(200);
    expect(access.json).toEqual([
      expect.objectContaining({
        userName: 'Ivy Investor',
        documentTitle: 'Deck.pdf',
        actionType: 'downloaded',
      }),
    ]);
    expect((await t.call(readingRoutes.room, { as: token })).status).toBe(200);
    const csv = await t.call(exportRoutes['access-log'], { as: token });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.text).toContain('Deck.pdf');
    expect((await list(founder))[0]?.lastUsedAt).not.toBeNull();
  });

  test('each scope opens its routes only: another scope’s route is 403 naming the missing scope', async () => {
    const founder = await createFounder(t);
    const sections = await createApiToken(t, founder, { scopes: ['sections:write'] });
    expect((await t.call(roomRoutes.sectionsMarkdown, { as: sections })).status).toBe(200);
    for (const [method, path, scope] of [
      ['GET', apiPath(adminRoutes.recentAccess), 'analytics:read'],
      ['GET', apiPath(documentRoutes.mine), 'documents:write'],
      ['GET', apiPath(invitationRoutes.mine), 'invitations:write'],
    ] as const) {
      const before = await writtenState(t);
      expectRefusal(await t.request(method, path, { headers: sections.auth }), 403, {
        error: 'api_token_scope_missing',
        message: new RegExp(`lacks the ${scope} scope`),
      });
      await expectNothingWritten(t, before);
    }
  });

  test('documents:write uploads and deletes a document of its room', async () => {
    const founder = await createFounder(t);
    const token = await createApiToken(t, founder, { scopes: ['documents:write'] });
    const uploaded = await uploadFile(
      t,
      { ...founder, auth: token.auth },
      { name: 'Model.pdf', bytes: uniquePdf() },
    );
    expect(uploaded.status, uploaded.text).toBe(201);
    const id = (uploaded.json as { document: { id: string } }).document.id;
    const deleted = await t.call(documentRoutes.remove, { params: { id }, as: token });
    expect(deleted.status, deleted.text).toBe(204);
  });

  test('invitations:write invites an investor, and the invitation mail goes out', async () => {
    const founder = await createFounder(t);
    const token = await createApiToken(t, founder, { scopes: ['invitations:write'] });
    const email = uniqueEmail('crm-invitee');
    const response = await t.call(invitationRoutes.create, { body: { email, name: 'Cass Crm' }, as: token });
    expect(response.status, response.text).toBe(201);
    await t.smtp.waitForMessage((mail) => (mail.to ? JSON.stringify(mail.to) : '').includes(email));
  });

  test('a token cannot use cookie-only routes: token management, sign-in, the account, the investor’s reading', async () => {
    const { founder } = await founderWithInvestor(t);
    const token = await createApiToken(t, founder, {
      scopes: ['analytics:read', 'documents:write', 'invitations:write', 'sections:write'],
    });
    const roomId = (await t.call(roomRoutes.mine, { as: founder })).json.id;
    for (const [method, path, json] of [
      ['GET', TOKENS, undefined],
      ['POST', TOKENS, { name: 'Self-made', scopes: ['analytics:read'] }],
      ['GET', apiPath(authRoutes.me), undefined],
      ['POST', apiPath(authRoutes.requestMagicLink), { email: founder.user.email }],
      [
        'POST',
        apiPath(accountRoutes.completeSetup),
        { name: 'X', email: uniqueEmail('x'), companyName: 'X' },
      ],
      ['POST', apiPath(authRoutes.logout), undefined],
      ['GET', apiPath(roomRoutes.room, { params: { id: roomId } }), undefined],
      ['GET', apiPath(teamRoutes.team), undefined],
    ] as const) {
      const before = await writtenState(t);
      const response = await t.request(method, path, { json, headers: token.auth });
      expectRefusal(response, 403, { error: 'api_token_not_allowed', message: /API tokens cannot call/ });
      await expectNothingWritten(t, before);
    }
    // Public routes answer as to anyone; which room it acts for, any token may read (ADR 91).
    expect((await t.call(healthRoutes.health, { as: token })).status).toBe(200);
    const narrow = await createApiToken(t, founder, { scopes: ['questions:write'] });
    expect((await t.call(roomRoutes.mine, { as: narrow })).json).toMatchObject({ id: roomId });
  });

  test('a token acts for its room only: another room’s document is 404, as one that does not exist', async () => {
    const ours = await createFounder(t);
    const theirs = await createFounder(t);
    const theirDocument = (
      (await uploadFile(t, theirs, { name: 'Theirs.pdf', bytes: uniquePdf() })).json as {
        document: { id: string };
      }
    ).document.id;
    const token = await createApiToken(t, ours, { scopes: ['documents:write'] });
    const before = await writtenState(t);
    const response = await t.call(documentRoutes.remove, { params: { id: theirDocument }, as: token });
    expect(response.status, response.text).toBe(404);
    await expectNothingWritten(t, before);
  });

  test('with a token, a cookie is ignored, and a write needs no Origin (nor is refused for a foreign one)', async () => {
    const founder = await createFounder(t);
    const token = await createApiToken(t, founder, { scopes: ['analytics:read'] });
    // The owner's cookie beside a token does not lend it the owner's console.
    const withCookie = await t.call(invitationRoutes.mine, {
      headers: { ...token.auth, cookie: `${SESSION_COOKIE}=${founder.token}` },
    });
    expectRefusal(withCookie, 403, { error: 'api_token_scope_missing', message: /invitations:write/ });
    const writer = await createApiToken(t, founder, { scopes: ['invitations:write'] });
    const fromElsewhere = await t.call(invitationRoutes.create, {
      body: { email: uniqueEmail('elsewhere') },
      headers: { ...writer.auth, origin: 'https://crm.example' },
    });
    expect(fromElsewhere.status, fromElsewhere.text).toBe(201);
  });
});

describe('tokens that stop working', () => {
  test('a revoked token is refused with 401 on its very next request', async () => {
    const founder = await createFounder(t);
    const token = await createApiToken(t, founder, { scopes: ['analytics:read'] });
    expect((await t.call(readingRoutes.room, { as: token })).status).toBe(200);
    const revoked = await t.request('DELETE', `${TOKENS}/${token.id}`, { headers: founder.auth });
    expect(revoked.status, revoked.text).toBe(204);
    expectRefusal(await t.call(readingRoutes.room, { as: token }), 401, {
      error: 'api_token_invalid',
      message: /revoked, it expired, or it never existed/,
    });
    expect((await list(founder))[0]).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
  });

  test('an expired token is refused with 401 and listed as expired', async () => {
    const founder = await createFounder(t);
    const token = await createApiToken(t, founder, { scopes: ['analytics:read'], expiresInDays: 7 });
    await t.app.database.db
      .updateTable('api_tokens')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', token.id)
      .execute();
    expectRefusal(await t.call(readingRoutes.room, { as: token }), 401, {
      error: 'api_token_invalid',
      message: /expired/,
    });
    expect((await list(founder))[0]?.status).toBe('expired');
  });

  test('a co-founder’s tokens stop when the owner removes them from the team', async () => {
    const { founder, editor, memberId } = await founderWithEditor(t);
    const token = await createApiToken(t, editor, { scopes: ['analytics:read'] });
    expect((await t.call(readingRoutes.room, { as: token })).status).toBe(200);
    expect((await t.call(teamRoutes.removeEditor, { params: { id: memberId }, as: founder })).status).toBe(
      204,
    );
    expect((await t.call(readingRoutes.room, { as: token })).status).toBe(401);
  });

  test('only the room’s managers revoke its tokens: another founder gets 404, and the token still works', async () => {
    const founder = await createFounder(t);
    const other = await createFounder(t);
    const token = await createApiToken(t, founder, { scopes: ['analytics:read'] });
    const before = await writtenState(t);
    expectRefusal(await t.request('DELETE', `${TOKENS}/${token.id}`, { headers: other.auth }), 404, {
      error: 'api_token_not_found',
      message: /no such API token/,
    });
    await expectNothingWritten(t, before);
    expect((await t.call(readingRoutes.room, { as: token })).status).toBe(200);
  });

  test('a token no one issued is 401; a well-formed id of no token is 404 to revoke', async () => {
    const founder = await createFounder(t);
    const unissued = `rr_${'A'.repeat(43)}`;
    expect(
      (await t.call(readingRoutes.room, { headers: { authorization: `Bearer ${unissued}` } })).status,
    ).toBe(401);
    const response = await t.request('DELETE', `${TOKENS}/${crypto.randomUUID()}`, { headers: founder.auth });
    expect(response.status).toBe(404);
  });
});

test(`each token is limited to ${PER_MINUTE} requests a minute across routes; another token is not held up`, async () => {
  const founder = await createFounder(t);
  const busy = await createApiToken(t, founder, { scopes: ['analytics:read', 'sections:write'] });
  const calm = await createApiToken(t, founder, { scopes: ['analytics:read'] });
  for (let index = 0; index < PER_MINUTE; index += 1) {
    const route = index % 2 === 0 ? adminRoutes.recentAccess : roomRoutes.sectionsMarkdown;
    expect((await t.call(route, { as: busy })).status).toBe(200);
  }
  const limited = await t.call(readingRoutes.room, { as: busy });
  expectRefusal(limited, 429, {
    error: 'rate_limited',
    message: new RegExp(`more than ${PER_MINUTE} requests`),
  });
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await t.call(readingRoutes.room, { as: calm })).status).toBe(200);
  // The founder's own session is not counted against the token.
  expect((await t.call(readingRoutes.room, { as: founder })).status).toBe(200);
});
