import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authRoutes } from '#shared/contracts/auth';
import { invitationRoutes } from '#shared/contracts/invitations';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  ALL_TABLES,
  countRows,
  createFounder,
  founderWithInvestor,
  invite,
  linkIn,
  mailTo,
  requestMagicLinkToken,
  signInWithMagicLink,
  uniqueEmail,
} from '#tests/support/factories';
import { startTestApp, type TestApp } from '#tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const verify = (token: string, headers?: Record<string, string>) =>
  t.call(authRoutes.verify, { body: { token }, headers });

describe('POST /api/auth/magic-link', () => {
  test('an e-mail with no account and no invitation gets 404 "No invitation found", and nothing is sent', async () => {
    const before = t.smtp.messages.length;
    const response = await t.call(authRoutes.requestMagicLink, {
      body: { email: uniqueEmail('stranger'), name: '' },
    });
    expect(response.status).toBe(404);
    expect(response.json).toEqual({
      error: 'no_invitation',
      message: 'No invitation found for this email address.',
    });
    expect(t.smtp.messages.length).toBe(before);
  });

  test('an invited e-mail gets a mail with the link, the company and the expiry, in text and HTML', async () => {
    const founder = await createFounder(t, { companyName: 'Nimbus <Labs>' });
    const email = uniqueEmail('invitee');
    await invite(t, founder, email);
    const response = await t.call(authRoutes.requestMagicLink, {
      body: { email: email.toUpperCase(), name: '' },
    });
    expect(response.status).toBe(200);

    const mail = await mailTo(t, email, 'sign-in link');
    expect(mail.subject).toBe('Your sign-in link for Nimbus <Labs>');
    const link = linkIn(mail, `${t.config.appUrl}/verify?token=`);
    expect(new URL(link).searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain('expires in 15 minutes');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Nimbus &#60;Labs&#62;');
    expect(mail.html).not.toContain('<Labs>');
  });

  test('an expired invitation no longer lets anyone ask for a link', async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('late');
    await invite(t, founder, email);
    await db()
      .updateTable('invitations')
      .set({ expires_at: Date.now() - 1000 })
      .where('email', '=', email)
      .execute();
    const response = await t.call(authRoutes.requestMagicLink, { body: { email, name: '' } });
    expect(response.status).toBe(404);
  });

  test('after the first sign-in, an investor can ask for a new link without a new invitation', async () => {
    const { investorEmail } = await founderWithInvestor(t);
    const again = await signInWithMagicLink(t, investorEmail);
    expect(again.user.email).toBe(investorEmail);
  });

  test('a deactivated user gets no link', async () => {
    const founder = await createFounder(t);
    await db().updateTable('users').set({ is_active: 0 }).where('id', '=', founder.user.id).execute();
    const response = await t.call(authRoutes.requestMagicLink, {
      body: { email: founder.user.email, name: '' },
    });
    expect(response.status).toBe(404);
  });

  test.each([
    [{}, 'email'],
    [{ email: '' }, 'email'],
    [{ email: 'no-at-sign' }, 'email'],
    [{ email: `${'x'.repeat(300)}@example.com` }, 'email'],
    [{ email: 'a@b.co', name: 'n'.repeat(201) }, 'name'],
    [{ email: 12 }, 'email'],
  ])('bad input %j is a 400 naming %s, and writes nothing', async (json, field) => {
    const before = await countRows(t);
    const response = await t.call(authRoutes.requestMagicLink, { rawBody: json });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'invalid_request', field });
    expect(await countRows(t)).toEqual(before);
  });
});

describe('POST /api/auth/verify', () => {
  test("an investor's first verification creates their user, accepts the invitation and grants the room", async () => {
    const founder = await createFounder(t, { companyName: 'Granted Co' });
    const email = uniqueEmail('first');
    await invite(t, founder, email, 'Ivy Example');
    const token = await requestMagicLinkToken(t, email);

    const response = await verify(token);
    expect(response.status).toBe(200);
    const body = response.json;
    expect(body.user).toMatchObject({ email, name: 'Ivy Example', role: 'investor', isActive: true });
    expect(response.headers.get('set-cookie')).toMatch(/^rr_session=[A-Za-z0-9_-]{43};.*HttpOnly/);

    const invitations = await t.call(invitationRoutes.mine, { as: founder });
    expect(invitations.json).toEqual([expect.objectContaining({ email, status: 'accepted', used: true })]);
    const rooms = await t.call(roomRoutes.accessible, { headers: { authorization: `Bearer ${body.token}` } });
    expect(rooms.json).toEqual({
      dataRooms: [expect.objectContaining({ companyName: 'Granted Co', fundingStage: 'Series A' })],
    });
  });

  test('a link works once: the second use fails with "Invalid or expired magic link"', async () => {
    const { investorEmail } = await founderWithInvestor(t);
    const token = await requestMagicLinkToken(t, investorEmail);
    expect((await verify(token)).status).toBe(200);
    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ error: 'invalid_token', message: 'Invalid or expired magic link' });
  });

  test('10 concurrent verifications of one link give exactly one success', async () => {
    const { investorEmail } = await founderWithInvestor(t);
    const token = await requestMagicLinkToken(t, investorEmail);
    const sessionsBefore = (await countRows(t)).sessions;
    const results = await Promise.all(Array.from({ length: 10 }, () => verify(token)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
    expect((await countRows(t)).sessions).toBe((sessionsBefore ?? 0) + 1);
  });

  test('two first sign-ins of one new investor at once never fail with a 500', async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('twin');
    await invite(t, founder, email);
    const first = await requestMagicLinkToken(t, email);
    const second = await requestMagicLinkToken(t, email);
    const results = await Promise.all([verify(first), verify(second)]);
    for (const result of results) expect([200, 400]).toContain(result.status);
    expect(results.some((result) => result.status === 200)).toBe(true);
    const users = await db().selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
  });

  test('an expired link is refused', async () => {
    const { investorEmail } = await founderWithInvestor(t);
    const token = await requestMagicLinkToken(t, investorEmail);
    await db()
      .updateTable('magic_links')
      .set({ expires_at: Date.now() - 1 })
      .where('email', '=', investorEmail)
      .execute();
    expect((await verify(token)).status).toBe(400);
  });

  test('a link whose invitation was deleted before it was used is refused', async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('withdrawn');
    await invite(t, founder, email);
    const token = await requestMagicLinkToken(t, email);
    const [invitation] = (await t.call(invitationRoutes.mine, { as: founder })).json;
    await t.call(invitationRoutes.remove, { params: { id: String(invitation?.id) }, as: founder });
    expect((await verify(token)).status).toBe(400);
    expect(
      await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });

  test.each(['', 'short', 'x'.repeat(129), 'has spaces in it', '../../etc/passwd'])(
    'the token %j is refused',
    async (token) => {
      const response = await verify(token);
      expect(response.status).toBe(400);
    },
  );

  test('a session token is not a magic link', async () => {
    const founder = await createFounder(t);
    expect((await verify(founder.token)).status).toBe(400);
  });
});

describe('sessions', () => {
  test('GET /api/auth/session says who is signed in, or null, without a 401', async () => {
    expect((await t.call(authRoutes.session)).json).toEqual({
      user: null,
      isSecondFactorPending: false,
    });
    const founder = await createFounder(t);
    const signed = await t.call(authRoutes.session, { as: founder });
    expect(signed.status).toBe(200);
    expect(signed.json).toEqual({ user: founder.user, isSecondFactorPending: false });
  });

  test('GET /api/auth/me without a session is a 401', async () => {
    const response = await t.call(authRoutes.me);
    expect(response.status).toBe(401);
    expect(response.json).toEqual({
      error: 'authentication_required',
      message: 'Authentication required. Please sign in.',
    });
  });

  test('logout revokes the session on the server: the same token no longer works, by cookie or bearer', async () => {
    const founder = await createFounder(t);
    const cookie = { cookie: `rr_session=${founder.token}` };
    const origin = { origin: new URL(t.config.appUrl).origin };
    const logout = await t.call(authRoutes.logout, { headers: { ...cookie, ...origin } });
    expect(logout.status).toBe(204);
    expect(logout.headers.get('set-cookie')).toMatch(/rr_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await t.call(authRoutes.me, { headers: cookie })).status).toBe(401);
    expect((await t.call(authRoutes.me, { as: founder })).status).toBe(401);
  });

  test('an expired session is refused', async () => {
    const founder = await createFounder(t);
    await db()
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', founder.user.id)
      .execute();
    expect((await t.call(authRoutes.me, { as: founder })).status).toBe(401);
  });

  test('the first link ever used for an e-mail ends the sessions sign-up started; later links end none', async () => {
    const signUp = await createFounder(t);
    const me = (token: string) => t.call(authRoutes.me, { headers: { authorization: `Bearer ${token}` } });
    const first = await signInWithMagicLink(t, signUp.user.email);
    expect((await me(signUp.token)).status).toBe(401);
    const second = await signInWithMagicLink(t, signUp.user.email);
    expect((await me(first.token)).status).toBe(200);
    expect((await me(second.token)).status).toBe(200);
  });

  test('sessions last 7 days', async () => {
    const founder = await createFounder(t);
    const session = await db()
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', founder.user.id)
      .executeTakeFirstOrThrow();
    expect(session.expires_at - session.created_at).toBe(7 * 24 * 60 * 60 * 1000);
  });

  test('no table holds a raw token after a full sign-in: only SHA-256 hashes are stored', async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('hashes');
    const inviteToken = await invite(t, founder, email);
    const magicToken = await requestMagicLinkToken(t, email);
    const investor = await verify(magicToken);
    const sessionToken = (investor.json as { token: string }).token;

    const dump: string[] = [];
    for (const table of ALL_TABLES) {
      dump.push(JSON.stringify(await db().selectFrom(table).selectAll().execute()));
    }
    const everything = dump.join('\n');
    for (const secret of [founder.token, inviteToken, magicToken, sessionToken]) {
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes: 256 bits
      expect(everything).not.toContain(secret);
    }
    expect(everything).toMatch(/[0-9a-f]{64}/);
  });
});

describe('writes from a foreign site (CSRF)', () => {
  test('a cookie-authenticated write must come from our Origin', async () => {
    const founder = await createFounder(t);
    const cookie = `rr_session=${founder.token}`;
    const json = { email: uniqueEmail('csrf') };
    const foreign = await t.call(invitationRoutes.create, {
      body: json,
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.json).toMatchObject({ error: 'forbidden_origin' });
    const noOrigin = await t.call(invitationRoutes.create, { body: json, headers: { cookie } });
    expect(noOrigin.status).toBe(403);
    expect(
      (await t.call(invitationRoutes.mine, { headers: { authorization: `Bearer ${founder.token}` } })).json,
    ).toEqual([]);

    const ours = await t.call(invitationRoutes.create, {
      body: json,
      headers: { cookie, origin: new URL(t.config.appUrl).origin },
    });
    expect(ours.status).toBe(201);
  });

  test('an opaque ("null") Origin is foreign; without Origin, a foreign Referer is refused too', async () => {
    const founder = await createFounder(t);
    const cookie = `rr_session=${founder.token}`;
    const json = { email: uniqueEmail('csrf') };
    expect(
      (await t.call(invitationRoutes.create, { body: json, headers: { cookie, origin: 'null' } })).status,
    ).toBe(403);
    const referred = await t.call(invitationRoutes.create, {
      body: json,
      headers: { cookie, referer: 'https://evil.example/page' },
    });
    expect(referred.status).toBe(403);
    const ours = await t.call(invitationRoutes.create, {
      body: json,
      headers: { cookie, referer: `${t.config.appUrl}/configure` },
    });
    expect(ours.status).toBe(201);
  });

  test('a bearer-authenticated client needs no Origin', async () => {
    const founder = await createFounder(t);
    const response = await t.call(invitationRoutes.create, {
      body: { email: uniqueEmail('api') },
      as: founder,
    });
    expect(response.status).toBe(201);
  });

  test('a foreign site cannot sign a visitor in with its own link (login CSRF)', async () => {
    const { investorEmail } = await founderWithInvestor(t);
    const token = await requestMagicLinkToken(t, investorEmail);
    const response = await verify(token, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect((await verify(token)).status).toBe(200); // the refused attempt did not use up the link
  });
});

describe('rate limits', () => {
  test('magic links per e-mail: past the limit a 429 with Retry-After, and no mail', async () => {
    const limited = await startTestApp({ environment: { MAGIC_LINKS_PER_EMAIL: '2' } });
    try {
      const founder = await createFounder(limited);
      for (let i = 0; i < 2; i++) await requestMagicLinkToken(limited, founder.user.email);
      const before = limited.smtp.messages.length;
      const refused = await limited.call(authRoutes.requestMagicLink, {
        body: { email: founder.user.email },
      });
      expect(refused.status).toBe(429);
      expect(refused.json).toMatchObject({
        error: 'rate_limited',
        message: expect.stringMatching(/15 minutes/),
      });
      expect(refused.headers.get('retry-after')).toBe('900');
      expect(limited.smtp.messages.length).toBe(before);
    } finally {
      await limited.close();
    }
  });

  test('magic-link requests per IP: past the limit a 429, whatever the address', async () => {
    const limited = await startTestApp({ environment: { AUTH_RATE_LIMIT_PER_IP: '3' } });
    try {
      for (let i = 0; i < 3; i++) {
        const refused = await limited.call(authRoutes.requestMagicLink, {
          body: { email: uniqueEmail('probe') },
        });
        expect(refused.status).toBe(404);
      }
      const limitedResponse = await limited.call(authRoutes.requestMagicLink, {
        body: { email: uniqueEmail('probe') },
      });
      expect(limitedResponse.status).toBe(429);
      expect(limitedResponse.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });

  test('verification attempts per IP: past the limit a 429 with Retry-After', async () => {
    const limited = await startTestApp({ environment: { AUTH_RATE_LIMIT_PER_IP: '5' } });
    try {
      for (let i = 0; i < 5; i++) {
        const wrong = await limited.call(authRoutes.verify, { body: { token: `guess${i}` } });
        expect(wrong.status).toBe(400);
      }
      const refused = await limited.call(authRoutes.verify, { body: { token: 'guess6' } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});

test('when the mail server is down, asking for a link is an error and leaves no link behind', async () => {
  const broken = await startTestApp({ environment: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  try {
    const founder = await createFounder(broken);
    const response = await broken.call(authRoutes.requestMagicLink, { body: { email: founder.user.email } });
    expect(response.status).toBe(502);
    expect(response.json).toEqual({
      error: 'mail_failed',
      message: 'The sign-in e-mail could not be sent. Please try again in a moment.',
    });
    expect((await countRows(broken)).magic_links).toBe(0);
  } finally {
    await broken.close();
  }
});
