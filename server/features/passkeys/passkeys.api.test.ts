import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { formatUtcDateTime } from '#server/mail/utc-dates';
import { adminRoutes } from '#shared/contracts/admin';
import { apiPath } from '#shared/contracts/api-route';
import { apiTokenRoutes } from '#shared/contracts/api-tokens';
import { authRoutes } from '#shared/contracts/auth';
import { documentRoutes } from '#shared/contracts/documents';
import { passkeyRoutes } from '#shared/contracts/passkeys';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import { href } from '#shared/routes';
import {
  createApiToken,
  createFounder,
  founderWithEditor,
  founderWithInvestor,
  requestMagicLinkToken,
  type SignedIn,
  signInWithMagicLink,
} from '#tests/support/factories';
import { runScript } from '#tests/support/server-process';
import { recipientsOf } from '#tests/support/smtp-server';
import { SoftwareAuthenticator } from '#tests/support/software-authenticator';
import { startTestApp, type TestApp } from '#tests/support/test-app';
import { resetPasskeys } from './passkeys.service';

let t: TestApp;
const registeredRoutes: { method: string; url: string }[] = [];
beforeAll(async () => {
  t = await startTestApp({
    onRoute: (route) => {
      for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
    },
  });
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const authenticatorFor = () =>
  new SoftwareAuthenticator(new URL(t.config.appUrl).hostname, new URL(t.config.appUrl).origin);

async function addPasskey(who: SignedIn, authenticator: SoftwareAuthenticator) {
  const options = await t.call(passkeyRoutes.registrationOptions, { as: who });
  expect(options.status, options.text).toBe(200);
  const response = await t.call(passkeyRoutes.add, {
    rawBody: { name: 'Laptop', response: authenticator.register(options.json) },
    as: who,
  });
  expect(response.status, response.text).toBe(201);
  return response.json;
}

/** Signs in by mail: the session, which for a manager holding a passkey waits for it. */
async function signInByMail(email: string) {
  const token = await requestMagicLinkToken(t, email);
  const response = await t.call(authRoutes.verify, { body: { token } });
  expect(response.status, response.text).toBe(200);
  const body = response.json;
  return {
    isPending: body.isSecondFactorPending === true,
    auth: { authorization: `Bearer ${body.token}` },
  };
}

async function secondFactorOptions(auth: Record<string, string>) {
  const response = await t.call(passkeyRoutes.secondFactorOptions, { headers: auth });
  expect(response.status, response.text).toBe(200);
  return response.json;
}

const givePasskey = (auth: Record<string, string>, response: unknown) =>
  t.call(passkeyRoutes.secondFactorPasskey, { rawBody: { response }, headers: auth });

/** A founder with a passkey on a software authenticator, and the recovery codes it came with. */
async function founderWithPasskey() {
  const founder = await createFounder(t);
  const authenticator = authenticatorFor();
  const { recoveryCodes } = await addPasskey(founder, authenticator);
  return { founder, authenticator, recoveryCodes: recoveryCodes ?? [] };
}

describe('registering a passkey', () => {
  test("a founder's options name this site as the relying party and exclude nothing yet", async () => {
    const founder = await createFounder(t);
    const response = await t.call(passkeyRoutes.registrationOptions, { as: founder });
    expect(response.status).toBe(200);
    const options = response.json;
    expect(options.rp?.id).toBe(new URL(t.config.appUrl).hostname);
    expect(options.excludeCredentials).toEqual([]);
    const stored = await db()
      .selectFrom('webauthn_challenges')
      .selectAll()
      .where('challenge', '=', options.challenge)
      .executeTakeFirstOrThrow();
    expect(stored.purpose).toBe('registration');
    expect(stored.user_id).toBe(founder.user.id);
  });

  test("a founder's first passkey is listed and comes with ten recovery codes, stored only as hashes", async () => {
    const { founder, recoveryCodes } = await founderWithPasskey();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    const stored = await db()
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', founder.user.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) expect(recoveryCodes.join()).not.toContain(code_hash);

    const list = await t.call(passkeyRoutes.list, { as: founder });
    expect(list.json).toMatchObject({
      passkeys: [{ name: 'Laptop', lastUsedAt: null }],
      recoveryCodesLeft: 10,
      isSecondFactorRequired: true,
    });
  });

  test('a second passkey brings no new codes', async () => {
    const { founder } = await founderWithPasskey();
    const second = await addPasskey(founder, authenticatorFor());
    expect(second.recoveryCodes).toBeNull();
  });

  test('a registration from another origin is refused and nothing is stored', async () => {
    const founder = await createFounder(t);
    const options = await t.call(passkeyRoutes.registrationOptions, { as: founder });
    const response = await t.call(passkeyRoutes.add, {
      rawBody: {
        response: authenticatorFor().register(options.json, { origin: 'https://evil.example' }),
      },
      as: founder,
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'passkey_invalid' });
    const list = await t.call(passkeyRoutes.list, { as: founder });
    expect(list.json).toMatchObject({ passkeys: [], recoveryCodesLeft: 0, isSecondFactorRequired: false });
  });

  test("a registration answering another user's challenge is refused", async () => {
    const founder = await createFounder(t);
    const other = await createFounder(t);
    const options = await t.call(passkeyRoutes.registrationOptions, { as: other });
    const response = await t.call(passkeyRoutes.add, {
      rawBody: { response: authenticatorFor().register(options.json) },
      as: founder,
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'challenge_invalid' });
  });

  test('a body that is not a WebAuthn response gets 400 naming the field', async () => {
    const founder = await createFounder(t);
    const response = await t.call(passkeyRoutes.add, {
      rawBody: { response: { id: 'abc', type: 'public-key' } },
      as: founder,
    });
    expect(response.status).toBe(400);
    expect(response.text).toContain('response.rawId');
  });
});

describe('the second factor after the magic link', () => {
  test('a manager holding a passkey gets a session that reaches nothing but the passkey step', async () => {
    const { founder } = await founderWithPasskey();
    const session = await signInByMail(founder.user.email);
    expect(session.isPending).toBe(true);

    for (const [method, url] of [
      ['GET', apiPath(authRoutes.me)],
      ['GET', apiPath(documentRoutes.mine)],
      ['GET', apiPath(adminRoutes.users)],
      ['GET', apiPath(passkeyRoutes.list)],
      ['POST', apiPath(passkeyRoutes.registrationOptions)],
      ['GET', apiPath(passkeyRoutes.sessions)],
      ['GET', apiPath(roomRoutes.accessible)],
    ] as const) {
      const response = await t.request(method, url, { headers: session.auth });
      expect(response.status, `${method} ${url}`).toBe(401);
      expect(response.json, `${method} ${url}`).toMatchObject({ error: 'second_factor_required' });
    }
    const token = await t.call(apiTokenRoutes.create, {
      body: { name: 'Sneaky', scopes: ['analytics:read'] },
      as: session,
    });
    expect(token.status).toBe(401);

    const state = await t.call(authRoutes.session, { as: session });
    expect(state.json).toEqual({ user: null, isSecondFactorPending: true });
  });

  test('on every other /api route the server registers, a pending session is nobody: the answer without one', async () => {
    const { founder } = await founderWithPasskey();
    const session = await signInByMail(founder.user.email);
    const completesOrEnds = new Set([
      'GET /api/auth/session',
      'POST /api/auth/logout',
      'POST /api/auth/second-factor/options',
      'POST /api/auth/second-factor/passkey',
      'POST /api/auth/second-factor/recovery-code',
    ]);
    const routes = registeredRoutes.filter(
      ({ method, url }) =>
        url.startsWith('/api/') && method !== 'HEAD' && !completesOrEnds.has(`${method} ${url}`),
    );
    expect(routes.length).toBeGreaterThan(60);
    for (const { method, url } of routes) {
      const path = url
        .replace(':token', 'A'.repeat(43))
        .replace(':page', '1')
        .replace(/:[A-Za-z]+/g, () => crypto.randomUUID());
      const json = method === 'GET' || method === 'DELETE' ? undefined : {};
      const anonymous = await t.request(method, path, { json, redirect: 'manual' });
      const pending = await t.request(method, path, { json, headers: session.auth, redirect: 'manual' });
      const refusal = (pending.json as { error?: string } | undefined)?.error;
      expect(
        anonymous.status === 401 ? refusal === 'second_factor_required' : pending.status === anonymous.status,
        `${method} ${url}: ${pending.status} ${pending.text.slice(0, 120)}, without a session ${anonymous.status}`,
      ).toBe(true);
    }
    expect((await t.call(authRoutes.me, { as: session })).status).toBe(401);
  });

  test('the passkey completes the sign-in, and the console answers', async () => {
    const { founder, authenticator } = await founderWithPasskey();
    const session = await signInByMail(founder.user.email);
    const options = await secondFactorOptions(session.auth);
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([authenticator.id]);

    const response = await givePasskey(session.auth, authenticator.authenticate(options));
    expect(response.status, response.text).toBe(200);
    expect(response.json).toMatchObject({ user: { email: founder.user.email } });

    const me = await t.call(authRoutes.me, { as: session });
    expect(me.status).toBe(200);
    expect((await t.call(documentRoutes.mine, { as: session })).status).toBe(200);
    const list = await t.call(passkeyRoutes.list, { as: session });
    expect(list.json.passkeys[0]?.lastUsedAt).not.toBeNull();
  });

  test('an assertion made for another origin is refused and the session still waits', async () => {
    const { founder, authenticator } = await founderWithPasskey();
    const session = await signInByMail(founder.user.email);
    const options = await secondFactorOptions(session.auth);
    const response = await givePasskey(
      session.auth,
      authenticator.authenticate(options, { origin: 'https://roundroom.evil.example' }),
    );
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'passkey_invalid' });
    expect((await t.call(authRoutes.me, { as: session })).status).toBe(401);
  });

  test('an assertion for another relying party is refused', async () => {
    const { founder, authenticator } = await founderWithPasskey();
    const session = await signInByMail(founder.user.email);
    const options = await secondFactorOptions(session.auth);
    const response = await givePasskey(
      session.auth,
      authenticator.authenticate(options, { rpId: 'evil.example' }),
    );
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'passkey_invalid' });
  });

  test('a replayed assertion is refused: its challenge was used once', async () => {
    const { founder, authenticator } = await founderWithPasskey();
    const first = await signInByMail(founder.user.email);
    const assertion = authenticator.authenticate(await secondFactorOptions(first.auth));
    expect((await givePasskey(first.auth, assertion)).status).toBe(200);

    // The same assertion again, on the same session and on another one waiting for its passkey.
    const again = await givePasskey(first.auth, assertion);
    expect(again.status).toBe(401);
    const second = await signInByMail(founder.user.email);
    await secondFactorOptions(second.auth);
    const replayed = await givePasskey(second.auth, assertion);
    expect(replayed.status).toBe(400);
    expect(replayed.json).toMatchObject({ error: 'challenge_invalid' });
    expect((await t.call(authRoutes.me, { as: second })).status).toBe(401);
  });

  test('a challenge that expired is refused', async () => {
    const { founder, authenticator } = await founderWithPasskey();
    const session = await signInByMail(founder.user.email);
    const options = await secondFactorOptions(session.auth);
    await db()
      .updateTable('webauthn_challenges')
      .set({ expires_at: Date.now() - 1 })
      .where('challenge', '=', options.challenge)
      .execute();
    const response = await givePasskey(session.auth, authenticator.authenticate(options));
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'challenge_invalid' });
  });

  test("a cloned key whose counter falls behind the original's is refused", async () => {
    const { founder, authenticator } = await founderWithPasskey();
    const clone = authenticator.clone();
    const first = await signInByMail(founder.user.email);
    expect(
      (await givePasskey(first.auth, authenticator.authenticate(await secondFactorOptions(first.auth))))
        .status,
    ).toBe(200);
    const second = await signInByMail(founder.user.email);
    expect(
      (await givePasskey(second.auth, authenticator.authenticate(await secondFactorOptions(second.auth))))
        .status,
    ).toBe(200);

    // The clone was copied when the counter stood at 0; the original has moved it to 2.
    const third = await signInByMail(founder.user.email);
    const response = await givePasskey(third.auth, clone.authenticate(await secondFactorOptions(third.auth)));
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'passkey_counter_mismatch' });
    expect((await t.call(authRoutes.me, { as: third })).status).toBe(401);
  });

  test("another user's passkey does not complete this session", async () => {
    const { founder } = await founderWithPasskey();
    const other = await founderWithPasskey();
    const session = await signInByMail(founder.user.email);
    const response = await givePasskey(
      session.auth,
      other.authenticator.authenticate(await secondFactorOptions(session.auth)),
    );
    expect(response.status).toBe(400);
    expect((await t.call(authRoutes.me, { as: session })).status).toBe(401);
  });

  test('a recovery code completes the sign-in once, and never again', async () => {
    const { founder, recoveryCodes } = await founderWithPasskey();
    const [code] = recoveryCodes;
    const first = await signInByMail(founder.user.email);
    const used = await t.call(passkeyRoutes.secondFactorRecoveryCode, {
      rawBody: { code: code?.toLowerCase() },
      as: first,
    });
    expect(used.status, used.text).toBe(200);
    expect((await t.call(authRoutes.me, { as: first })).status).toBe(200);

    const second = await signInByMail(founder.user.email);
    const again = await t.call(passkeyRoutes.secondFactorRecoveryCode, { rawBody: { code }, as: second });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ error: 'recovery_code_invalid', field: 'code' });
    expect((await t.call(authRoutes.me, { as: second })).status).toBe(401);
    const list = await t.call(passkeyRoutes.list, { as: first });
    expect(list.json).toMatchObject({ recoveryCodesLeft: 9 });
  });

  test('new recovery codes end the old set', async () => {
    const { founder, recoveryCodes } = await founderWithPasskey();
    const regenerated = await t.call(passkeyRoutes.regenerateRecoveryCodes, { as: founder });
    expect(regenerated.status).toBe(200);
    const fresh = regenerated.json.recoveryCodes;
    expect(fresh).toHaveLength(10);

    const session = await signInByMail(founder.user.email);
    const old = await t.call(passkeyRoutes.secondFactorRecoveryCode, {
      rawBody: { code: recoveryCodes[1] },
      as: session,
    });
    expect(old.status).toBe(400);
    const current = await t.call(passkeyRoutes.secondFactorRecoveryCode, {
      rawBody: { code: fresh[0] },
      as: session,
    });
    expect(current.status).toBe(200);
  });

  test('a co-founder holding a passkey is asked for it too; a session without one pending is refused the step', async () => {
    const { editor, editorEmail } = await founderWithEditor(t);
    await addPasskey(editor, authenticatorFor());
    expect((await signInByMail(editorEmail)).isPending).toBe(true);
    const options = await t.call(passkeyRoutes.secondFactorOptions, { as: editor });
    expect(options.status).toBe(401);
    expect(options.json).toMatchObject({ error: 'no_pending_second_factor' });
  });

  test('a founder without a passkey signs in by mail as before', async () => {
    const founder = await createFounder(t);
    const session = await signInByMail(founder.user.email);
    expect(session.isPending).toBe(false);
    expect((await t.call(authRoutes.me, { as: session })).status).toBe(200);
  });

  test('a pending session may sign out', async () => {
    const { founder } = await founderWithPasskey();
    const session = await signInByMail(founder.user.email);
    expect((await t.call(authRoutes.logout, { as: session })).status).toBe(204);
    const state = await t.call(authRoutes.session, { as: session });
    expect(state.json).toEqual({ user: null, isSecondFactorPending: false });
  });

  test('the operator reset removes the passkeys and codes and ends the sessions; the mailbox then signs in alone', async () => {
    const { founder } = await founderWithPasskey();
    const token = await createApiToken(t, founder, { scopes: ['analytics:read'] });
    const pending = await signInByMail(founder.user.email);
    const result = await resetPasskeys(db(), founder.user.email);
    expect(result).toEqual({ passkeys: 1 });
    // The API tokens the account made end with it: whoever held the account may have made them.
    expect((await t.call(readingRoutes.room, { as: token })).status).toBe(401);
    expect((await t.call(authRoutes.session, { as: pending })).json).toEqual({
      user: null,
      isSecondFactorPending: false,
    });
    expect((await t.call(authRoutes.me, { as: founder })).status).toBe(401);
    const after = await signInByMail(founder.user.email);
    expect(after.isPending).toBe(false);
    expect(await resetPasskeys(db(), 'nobody-here@example.com')).toBeUndefined();
  });
});

describe('npm run reset-passkeys', () => {
  const environment = (): Record<string, string> =>
    t.config.database.dialect === 'postgres'
      ? { DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.database.url }
      : { DATA_DIR: t.config.dataDir };

  test("the operator's command lets a founder who lost every passkey back in by mail, and says what it did", async () => {
    const { founder } = await founderWithPasskey();
    const pending = await signInByMail(founder.user.email);
    const { code, output } = await runScript(
      'scripts/reset-passkeys.ts',
      [founder.user.email],
      environment(),
    );
    expect(code, output).toBe(0);
    expect(output).toContain(`Removed 1 passkey(s) and every recovery code of ${founder.user.email}`);
    await expect
      .poll(async () => (await t.call(authRoutes.session, { as: pending })).json)
      .toEqual({ user: null, isSecondFactorPending: false });
    const after = await signInByMail(founder.user.email);
    expect(after.isPending).toBe(false);
  });

  test('an unknown address or a missing one is refused with exit code 1', async () => {
    const unknown = await runScript(
      'scripts/reset-passkeys.ts',
      ['nobody-at-all@example.com'],
      environment(),
    );
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No account has the e-mail address nobody-at-all@example.com.');
    const missing = await runScript('scripts/reset-passkeys.ts', [], environment());
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('Usage: npm run reset-passkeys');
  });
});

describe('signing in with a passkey alone', () => {
  test('an investor adds a passkey and signs in with it, without mail; their magic link never waits', async () => {
    const { investor, investorEmail } = await founderWithInvestor(t);
    const authenticator = authenticatorFor();
    const added = await addPasskey(investor, authenticator);
    expect(added.recoveryCodes).toBeNull();
    expect((await signInByMail(investorEmail)).isPending).toBe(false);

    const options = await t.call(passkeyRoutes.signInOptions);
    expect(options.status).toBe(200);
    expect(options.json.allowCredentials ?? []).toEqual([]);
    const response = await t.call(passkeyRoutes.signIn, {
      rawBody: { response: authenticator.authenticate(options.json) },
    });
    expect(response.status, response.text).toBe(200);
    const body = response.json;
    expect(body.user.email).toBe(investorEmail);
    expect(response.headers.get('set-cookie')).toContain('rr_session=');
    const me = await t.call(authRoutes.me, { headers: { authorization: `Bearer ${body.token}` } });
    expect(me.status).toBe(200);
  });

  test('a founder signing in with the passkey gets a whole session', async () => {
    const { founder, authenticator } = await founderWithPasskey();
    const options = await t.call(passkeyRoutes.signInOptions);
    const response = await t.call(passkeyRoutes.signIn, {
      rawBody: { response: authenticator.authenticate(options.json) },
    });
    expect(response.status).toBe(200);
    const token = response.json.token;
    const docs = await t.call(documentRoutes.mine, { headers: { authorization: `Bearer ${token}` } });
    expect(docs.status).toBe(200);
    expect(founder.user.email).toBe(response.json.user.email);
  });

  test('an unknown passkey and a replayed sign-in are refused', async () => {
    const options = await t.call(passkeyRoutes.signInOptions);
    const unknown = await t.call(passkeyRoutes.signIn, {
      rawBody: { response: authenticatorFor().authenticate(options.json) },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ error: 'passkey_unknown' });

    const { authenticator } = await founderWithPasskey();
    const fresh = await t.call(passkeyRoutes.signInOptions);
    const assertion = authenticator.authenticate(fresh.json);
    expect((await t.call(passkeyRoutes.signIn, { rawBody: { response: assertion } })).status).toBe(200);
    const replay = await t.call(passkeyRoutes.signIn, { rawBody: { response: assertion } });
    expect(replay.status).toBe(400);
    expect(replay.json).toMatchObject({ error: 'challenge_invalid' });
  });

  test('a removed passkey no longer signs in, and the last one removed ends the second factor', async () => {
    const { founder, authenticator } = await founderWithPasskey();
    const list = await t.call(passkeyRoutes.list, { as: founder });
    const [passkey] = list.json.passkeys;
    const removed = await t.call(passkeyRoutes.remove, { params: { id: String(passkey?.id) }, as: founder });
    expect(removed.status).toBe(204);
    const options = await t.call(passkeyRoutes.signInOptions);
    const response = await t.call(passkeyRoutes.signIn, {
      rawBody: { response: authenticator.authenticate(options.json) },
    });
    expect(response.status).toBe(400);
    const byMail = await signInByMail(founder.user.email);
    expect(byMail.isPending).toBe(false);
    const again = await t.call(passkeyRoutes.remove, { params: { id: String(passkey?.id) }, as: byMail });
    expect(again.status).toBe(404);
  });
});

describe('sessions', () => {
  /** The first magic link of an address ends the sessions before it (ADR 20): a founder past that point. */
  async function signedInByMailOnce() {
    const founder = await createFounder(t);
    return signInWithMagicLink(t, founder.user.email);
  }

  test('the list names each device and address, and ending one signs it out', async () => {
    const founder = await signedInByMailOnce();
    const phone = await signInWithMagicLink(t, founder.user.email);
    const phoneAgent =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    await t.call(authRoutes.me, { headers: { ...phone.auth, 'user-agent': phoneAgent } });

    const list = await t.call(passkeyRoutes.sessions, { as: founder });
    expect(list.status).toBe(200);
    const sessions = list.json.sessions;
    expect(sessions).toHaveLength(2);
    const current = sessions.find((session) => session.isCurrent);
    const other = sessions.find((session) => !session.isCurrent);
    expect(current?.ipAddress).toBe('127.0.0.1');
    expect(current?.lastUsedAt).not.toBeNull();
    expect(other?.lastUsedAt).not.toBeNull();

    const ended = await t.call(passkeyRoutes.endSession, { params: { id: String(other?.id) }, as: founder });
    expect(ended.status).toBe(204);
    expect((await t.call(authRoutes.me, { as: phone })).status).toBe(401);
    expect((await t.call(authRoutes.me, { as: founder })).status).toBe(200);
  });

  test("another user's session cannot be ended: 404, and it keeps working", async () => {
    const founder = await signedInByMailOnce();
    const stranger = await signedInByMailOnce();
    const strangerSessions = await t.call(passkeyRoutes.sessions, { as: stranger });
    const [theirs] = strangerSessions.json.sessions;
    const response = await t.call(passkeyRoutes.endSession, {
      params: { id: String(theirs?.id) },
      as: founder,
    });
    expect(response.status).toBe(404);
    expect((await t.call(authRoutes.me, { as: stranger })).status).toBe(200);
  });

  test('ending every other session keeps only this one', async () => {
    const founder = await signedInByMailOnce();
    const a = await signInWithMagicLink(t, founder.user.email);
    const b = await signInWithMagicLink(t, founder.user.email);
    const response = await t.call(passkeyRoutes.endOtherSessions, { as: founder });
    expect(response.status).toBe(204);
    expect((await t.call(authRoutes.me, { as: a })).status).toBe(401);
    expect((await t.call(authRoutes.me, { as: b })).status).toBe(401);
    expect((await t.call(authRoutes.me, { as: founder })).status).toBe(200);
  });

  test('ending every other session revokes the API tokens the account made, and only theirs (ADR 74)', async () => {
    const founder = await signedInByMailOnce();
    const other = await signInWithMagicLink(t, founder.user.email);
    const token = await createApiToken(t, other, { scopes: ['analytics:read'] });
    const bystander = await createFounder(t);
    const bystanderToken = await createApiToken(t, bystander, { scopes: ['analytics:read'] });
    expect((await t.call(readingRoutes.room, { as: token })).status).toBe(200);
    expect((await t.call(passkeyRoutes.endOtherSessions, { as: founder })).status).toBe(204);
    const refused = await t.call(readingRoutes.room, { as: token });
    expect(refused.status).toBe(401);
    expect(refused.refusal?.error).toBe('api_token_invalid');
    expect((await t.call(readingRoutes.room, { as: bystanderToken })).status).toBe(200);
  });

  test('a session records its last use at most once a minute', async () => {
    const founder = await createFounder(t);
    await t.call(authRoutes.me, { as: founder });
    const read = () =>
      db()
        .selectFrom('session_uses')
        .innerJoin('sessions', 'sessions.id', 'session_uses.session_id')
        .select('session_uses.last_used_at')
        .where('sessions.user_id', '=', founder.user.id)
        .executeTakeFirstOrThrow();
    const first = (await read()).last_used_at;
    expect(first).not.toBeNull();
    await t.call(authRoutes.me, { as: founder });
    expect((await read()).last_used_at).toBe(first);
  });
});

describe("security notices to the account's own address", () => {
  const FIREFOX_ON_WINDOWS =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const ua = { 'user-agent': FIREFOX_ON_WINDOWS };

  /** The notice mailed to this address with this subject, checked for what every notice names. */
  async function noticeTo(email: string, subject: string, since: Date) {
    const mail = await t.smtp.waitForMessage(
      (message) => recipientsOf(message).includes(email) && message.subject === subject,
    );
    const minutes = [since, new Date()].map(formatUtcDateTime);
    expect(
      minutes.some((minute) => mail.text?.includes(`Time: ${minute}.`)),
      mail.text,
    ).toBe(true);
    expect(mail.text).toContain('Device: Firefox on Windows.');
    expect(mail.text).not.toContain(FIREFOX_ON_WINDOWS);
    expect(mail.text).toContain(`${t.config.appUrl}${href('security')}`);
    expect(mail.html).toContain('Firefox on Windows');
    return mail;
  }

  const noticesTo = (email: string) =>
    t.smtp.messages.filter(
      (message) =>
        recipientsOf(message).includes(email) &&
        /passkey|recovery code|sessions/i.test(message.subject ?? ''),
    );

  test('adding a passkey mails the account, naming the passkey, the device and the time', async () => {
    const since = new Date();
    const founder = await createFounder(t);
    const options = await t.call(passkeyRoutes.registrationOptions, { as: founder });
    const added = await t.call(passkeyRoutes.add, {
      rawBody: { name: 'Work laptop', response: authenticatorFor().register(options.json) },
      headers: ua,
      as: founder,
    });
    expect(added.status, added.text).toBe(201);
    const mail = await noticeTo(founder.user.email, 'A passkey was added to your account', since);
    expect(mail.text).toContain('A passkey "Work laptop" was added');
  });

  test('removing a passkey mails the account; a refused removal mails nothing', async () => {
    const { founder } = await founderWithPasskey();
    const [passkey] = (await t.call(passkeyRoutes.list, { as: founder })).json.passkeys;
    const missing = await t.call(passkeyRoutes.remove, {
      params: { id: crypto.randomUUID() },
      headers: ua,
      as: founder,
    });
    expect(missing.status).toBe(404);
    const since = new Date();
    const removed = await t.call(passkeyRoutes.remove, {
      params: { id: String(passkey?.id) },
      headers: ua,
      as: founder,
    });
    expect(removed.status).toBe(204);
    const mail = await noticeTo(founder.user.email, 'A passkey was removed from your account', since);
    expect(mail.text).toContain('The passkey "Laptop" was removed');
    expect(noticesTo(founder.user.email).filter((m) => m.subject?.includes('removed'))).toHaveLength(1);
  });

  test('signing in with a recovery code mails the account; a wrong code mails nothing', async () => {
    const { founder, recoveryCodes } = await founderWithPasskey();
    const session = await signInByMail(founder.user.email);
    const wrong = await t.call(passkeyRoutes.secondFactorRecoveryCode, {
      rawBody: { code: 'AAAAA-AAAAA' },
      headers: { ...session.auth, ...ua },
    });
    expect(wrong.status).toBe(400);
    const since = new Date();
    const used = await t.call(passkeyRoutes.secondFactorRecoveryCode, {
      rawBody: { code: recoveryCodes[0] },
      headers: { ...session.auth, ...ua },
    });
    expect(used.status, used.text).toBe(200);
    await noticeTo(founder.user.email, 'A recovery code was used to sign in', since);
    expect(noticesTo(founder.user.email).filter((m) => m.subject?.includes('recovery code'))).toHaveLength(1);
  });

  test('ending every other session mails the account', async () => {
    const founder = await signInWithMagicLink(t, (await createFounder(t)).user.email);
    await signInWithMagicLink(t, founder.user.email);
    const since = new Date();
    const ended = await t.call(passkeyRoutes.endOtherSessions, { headers: ua, as: founder });
    expect(ended.status).toBe(204);
    const mail = await noticeTo(founder.user.email, 'Your other sessions were signed out', since);
    expect(mail.text).toContain('Every other session was signed out');
  });
});

describe('passkeys required of co-founders', () => {
  const requireOfCofounders = (owner: SignedIn, isRequiredOfCofounders: boolean) =>
    t.call(passkeyRoutes.saveRequirement, { body: { isRequiredOfCofounders }, as: owner });

  test('a co-founder without a passkey is signed out, then adds one before the console opens', async () => {
    const { founder, editor, editorEmail } = await founderWithEditor(t);
    const saved = await requireOfCofounders(founder, true);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toEqual({ isRequiredOfCofounders: true });
    expect((await t.call(authRoutes.me, { as: editor })).status).toBe(401);

    const waiting = await signInByMail(editorEmail);
    expect(waiting.isPending).toBe(true);
    const session = await t.call(authRoutes.session, { headers: waiting.auth });
    expect(session.json).toEqual({ user: null, isSecondFactorPending: true, isPasskeySetupRequired: true });
    expect((await t.call(roomRoutes.mine, { headers: waiting.auth })).status).toBe(401);

    const options = await t.call(passkeyRoutes.registrationOptions, { headers: waiting.auth });
    expect(options.status, options.text).toBe(200);
    const added = await t.call(passkeyRoutes.add, {
      rawBody: { response: authenticatorFor().register(options.json) },
      headers: waiting.auth,
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json.recoveryCodes).toHaveLength(10);
    expect((await t.call(roomRoutes.mine, { headers: waiting.auth })).status).toBe(200);
    // Next time the mail is followed by that passkey, as for any manager holding one.
    const next = await signInByMail(editorEmail);
    expect(next.isPending).toBe(true);
    expect(
      (await t.call(authRoutes.session, { headers: next.auth })).json.isPasskeySetupRequired,
    ).toBeUndefined();
  });

  test('a session waiting for a passkey its user holds cannot add another instead', async () => {
    const { founder } = await founderWithPasskey();
    const waiting = await signInByMail(founder.user.email);
    expect(waiting.isPending).toBe(true);
    const options = await t.call(passkeyRoutes.registrationOptions, { headers: waiting.auth });
    expect(options.status).toBe(401);
    expect(options.refusal?.error).toBe('second_factor_required');
    const list = await db()
      .selectFrom('passkeys')
      .select('id')
      .where('user_id', '=', founder.user.id)
      .execute();
    expect(list).toHaveLength(1);
  });

  test('only the owner sets it; a co-founder reads it, keeps a passkey they hold, and cannot remove the last', async () => {
    const { founder, editor } = await founderWithEditor(t);
    const authenticator = authenticatorFor();
    const { passkey } = await addPasskey(editor, authenticator);
    expect((await t.call(passkeyRoutes.requirement, { as: editor })).json).toEqual({
      isRequiredOfCofounders: false,
    });
    const byEditor = await requireOfCofounders(editor, true);
    expect(byEditor.status).toBe(403);
    const bad = await t.call(passkeyRoutes.saveRequirement, {
      rawBody: { isRequiredOfCofounders: 'yes' },
      as: founder,
    });
    expect(bad.status).toBe(400);
    expect(bad.refusal?.field).toBe('isRequiredOfCofounders');
    expect((await t.call(passkeyRoutes.requirement, { as: founder })).json.isRequiredOfCofounders).toBe(
      false,
    );

    expect((await requireOfCofounders(founder, true)).status).toBe(200);
    expect((await t.call(authRoutes.me, { as: editor })).status).toBe(200);
    const removed = await t.call(passkeyRoutes.remove, { params: { id: passkey.id }, as: editor });
    expect(removed.status).toBe(409);
    expect(removed.refusal?.error).toBe('passkey_required');
    expect((await t.call(passkeyRoutes.list, { as: editor })).json.passkeys).toHaveLength(1);

    expect((await requireOfCofounders(founder, false)).status).toBe(200);
    expect((await t.call(passkeyRoutes.remove, { params: { id: passkey.id }, as: editor })).status).toBe(204);
  });

  test('without the requirement a co-founder without a passkey signs in by mail alone', async () => {
    const { founder, editorEmail } = await founderWithEditor(t);
    expect((await requireOfCofounders(founder, true)).status).toBe(200);
    expect((await requireOfCofounders(founder, false)).status).toBe(200);
    expect((await signInByMail(editorEmail)).isPending).toBe(false);
  });
});

describe.runIf(inject('testDatabase').dialect === 'postgres')('two nodes on one PostgreSQL', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await startTestApp({ nodeBeside: t });
  });
  afterAll(() => b?.close());

  test('a challenge issued by one node is answered on the other, once, and the session is whole on both', async () => {
    const { founder, authenticator } = await founderWithPasskey();
    const session = await signInByMail(founder.user.email);
    const assertion = authenticator.authenticate(await secondFactorOptions(session.auth));
    const onB = await b.call(passkeyRoutes.secondFactorPasskey, {
      rawBody: { response: assertion },
      as: session,
    });
    expect(onB.status, onB.text).toBe(200);
    const second = await signInByMail(founder.user.email);
    await secondFactorOptions(second.auth);
    const replayedOnA = await givePasskey(second.auth, assertion);
    expect(replayedOnA.status).toBe(400);
    await expect.poll(async () => (await t.call(authRoutes.me, { as: session })).status).toBe(200);
    expect((await b.call(authRoutes.me, { as: session })).status).toBe(200);
  });

  test('a session ended on one node is refused by the other within a second', async () => {
    const founder = await createFounder(t);
    const byMail = await signInWithMagicLink(t, founder.user.email);
    const other = await signInWithMagicLink(t, founder.user.email);
    expect((await b.call(authRoutes.me, { as: other })).status).toBe(200);
    const list = await t.call(passkeyRoutes.sessions, { as: byMail });
    const target = list.json.sessions.find((entry) => !entry.isCurrent);
    expect(
      (await t.call(passkeyRoutes.endSession, { params: { id: String(target?.id) }, as: byMail })).status,
    ).toBe(204);
    await expect
      .poll(async () => (await b.call(authRoutes.me, { as: other })).status, {
        timeout: 1_000,
      })
      .toBe(401);
  });
});
