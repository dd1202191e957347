import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { groupRoutes } from '#shared/contracts/groups';
import { invitationRoutes } from '#shared/contracts/invitations';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  countRows,
  createFounder,
  founderWithInvestor,
  invite,
  linkIn,
  mailTo,
  requestMagicLinkToken,
  uniqueEmail,
} from '#tests/support/factories';
import { startTestApp, type TestApp } from '#tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const list = (auth: Record<string, string>) => t.call(invitationRoutes.mine, { headers: auth });

describe('inviting', () => {
  test('the owner invites by e-mail: a pending invitation valid 7 days, and a mail with the link, company and expiry', async () => {
    const founder = await createFounder(t, { companyName: 'Orbit Health' });
    const email = uniqueEmail('vc');
    const response = await t.call(invitationRoutes.create, {
      body: { email, name: 'Vera Capital' },
      as: founder,
    });
    expect(response.status).toBe(201);
    const { invitation, message } = response.json;
    expect(message).toBe(`Invitation sent to ${email}`);
    expect(invitation).toMatchObject({ email, name: 'Vera Capital', status: 'pending', used: false });
    expect(Date.parse(invitation.expiresAt ?? '') - Date.parse(invitation.createdAt ?? '')).toBe(
      7 * 24 * 60 * 60 * 1000,
    );

    const mail = await mailTo(t, email, 'invited you');
    expect(mail.subject).toBe('Fran Founder invited you to the Orbit Health data room');
    const link = linkIn(mail, `${t.config.appUrl}/data-room?invite=`);
    expect(new URL(link).searchParams.get('invite')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain('7 days');
    expect(mail.html).toContain(`href="${link}"`);

    expect((await list(founder.auth)).json).toEqual([invitation]);
  });

  test('inviting an e-mail with a pending invitation sends a fresh link and keeps one invitation', async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('twice');
    await invite(t, founder, email);
    const before = await t.app.database.db
      .selectFrom('invitations')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const secondToken = await invite(t, founder, email);
    const rows = await t.app.database.db
      .selectFrom('invitations')
      .selectAll()
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(crypto.createHash('sha256').update(secondToken).digest('hex'));
    expect(rows[0]?.expires_at).toBeGreaterThan(before.expires_at);
    expect((await list(founder.auth)).json).toHaveLength(1);
  });

  test('five invitations of one e-mail at once leave one open invitation, and all succeed', async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('burst');
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => t.call(invitationRoutes.create, { body: { email }, as: founder })),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    expect((await list(founder.auth)).json).toHaveLength(1);
  });

  test('a room can send a bounded number of invitations a day: past it, a 429 with Retry-After', async () => {
    const limited = await startTestApp({ environment: { INVITATIONS_PER_DAY: '2' } });
    try {
      const founder = await createFounder(limited);
      for (let i = 0; i < 2; i++) await invite(limited, founder, uniqueEmail('allowed'));
      const before = limited.smtp.messages.length;
      const refused = await limited.call(invitationRoutes.create, {
        body: { email: uniqueEmail('over') },
        as: founder,
      });
      expect(refused.status).toBe(429);
      expect(refused.json).toMatchObject({
        error: 'rate_limited',
        message: expect.stringMatching(/2 invitations in the last 24 hours/),
      });
      expect(refused.headers.get('retry-after')).toBe('3600');
      expect(limited.smtp.messages.length).toBe(before);
    } finally {
      await limited.close();
    }
  });

  test('inviting again after the invitation expired renews it', async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('renew');
    await invite(t, founder, email);
    await t.app.database.db
      .updateTable('invitations')
      .set({ expires_at: Date.now() - 1 })
      .where('email', '=', email)
      .execute();
    expect((await list(founder.auth)).json).toEqual([expect.objectContaining({ status: 'expired' })]);
    await invite(t, founder, email);
    expect((await list(founder.auth)).json).toEqual([expect.objectContaining({ status: 'pending' })]);
  });

  test('inviting someone who already has access answers 409, clearly', async () => {
    const { founder, investorEmail } = await founderWithInvestor(t);
    const response = await t.call(invitationRoutes.create, { body: { email: investorEmail }, as: founder });
    expect(response.status).toBe(409);
    expect(response.json).toEqual({
      error: 'already_member',
      message: `${investorEmail} already has access to this data room.`,
    });
  });

  test('a founder cannot invite themself', async () => {
    const founder = await createFounder(t);
    const response = await t.call(invitationRoutes.create, {
      body: { email: founder.user.email },
      as: founder,
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ field: 'email' });
  });

  test('the admin form (POST /api/invitations) uses the same service', async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('admin-form');
    const response = await t.call(invitationRoutes.createByEmail, {
      body: { email: ` ${email.toUpperCase()} ` },
      as: founder,
    });
    expect(response.status).toBe(201);
    expect((await list(founder.auth)).json).toEqual([
      expect.objectContaining({ email, name: null, status: 'pending' }),
    ]);
  });

  test.each([
    [{}, 'email'],
    [{ email: '   ' }, 'email'],
    [{ email: 'not-an-email' }, 'email'],
    [{ email: 'a@b.co', name: 'n'.repeat(101) }, 'name'],
    [{ email: 'a@b.co', name: 5 }, 'name'],
    [{ email: 'a@b.co', role: 'founder' }, 'role'],
    [{ email: 'a@b.co', accessExpiresAt: 'next week' }, 'accessExpiresAt'],
    // An end already past is refused before any mail or row: the investor could never enter.
    [{ email: 'a@b.co', accessExpiresAt: '2020-01-01T00:00:00.000Z' }, 'accessExpiresAt'],
  ])('bad input %j is a 400 naming %s, and writes nothing', async (json, field) => {
    const founder = await createFounder(t);
    const before = await countRows(t);
    const response = await t.call(invitationRoutes.create, { rawBody: json, as: founder });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'invalid_request', field });
    expect(await countRows(t)).toEqual(before);
  });

  test('an end of access set while inviting is the investor’s, as if set later under Groups; one list gives it to all', async () => {
    const founder = await createFounder(t);
    const ends = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString();
    const email = uniqueEmail('until');
    const sent = await t.call(invitationRoutes.create, {
      body: { email, accessExpiresAt: ends },
      as: founder,
    });
    expect(sent.status, sent.text).toBe(201);
    const [first, second] = [uniqueEmail('bulk-until'), uniqueEmail('bulk-until')];
    const bulk = await t.call(invitationRoutes.bulk, {
      body: { addresses: `${first}\n${second}`, accessExpiresAt: ends },
      as: founder,
    });
    expect(bulk.json).toMatchObject({ invitedCount: 2 });
    const unlimited = uniqueEmail('no-end');
    await invite(t, founder, unlimited);
    const { investors } = (await t.call(groupRoutes.list, { as: founder })).json;
    const endOf = (address: string) =>
      investors.find((investor) => investor.email === address)?.accessExpiresAt;
    expect([endOf(email), endOf(first), endOf(second)]).toEqual([ends, ends, ends]);
    expect(endOf(unlimited)).toBeNull();

    // A list with an end already past is refused whole, naming the field, before anyone is mailed.
    const mails = t.smtp.messages.length;
    const refused = await t.call(invitationRoutes.bulk, {
      body: { addresses: uniqueEmail('late'), accessExpiresAt: new Date(Date.now() - 1000).toISOString() },
      as: founder,
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ field: 'accessExpiresAt', message: /must be in the future/ });
    expect(t.smtp.messages.length).toBe(mails);
  });

  test('when the invitation e-mail cannot be sent, nothing is saved', async () => {
    const broken = await startTestApp({ environment: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const founder = await createFounder(broken);
      const response = await broken.call(invitationRoutes.create, {
        body: { email: uniqueEmail('lost') },
        as: founder,
      });
      expect(response.status).toBe(502);
      expect(response.json).toMatchObject({ error: 'mail_failed' });
      expect((await countRows(broken)).invitations).toBe(0);
    } finally {
      await broken.close();
    }
  });
});

describe('deleting', () => {
  test('an invitation deleted while its investor signs in never leaves them with access', async () => {
    for (let round = 0; round < 5; round++) {
      const founder = await createFounder(t);
      const email = uniqueEmail('race');
      await invite(t, founder, email);
      const token = await requestMagicLinkToken(t, email);
      const [invitation] = (await list(founder.auth)).json as { id: string }[];
      await Promise.all([
        t.call(authRoutes.verify, { body: { token } }),
        t.call(invitationRoutes.remove, { params: { id: String(invitation?.id) }, as: founder }),
      ]);
      const row = await t.app.database.db
        .selectFrom('invitations')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const members = await t.app.database.db
        .selectFrom('room_members')
        .innerJoin('users', 'users.id', 'room_members.user_id')
        .select('users.email')
        .where('users.email', '=', email)
        .execute();
      expect(row.revoked_at).not.toBeNull();
      expect(members, `round ${round}`).toEqual([]);
    }
  });

  test('deleting an accepted invitation removes the investor’s access at once, in their current session', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const rooms = () => t.call(roomRoutes.accessible, { as: investor });
    expect(((await rooms()).json as { dataRooms: unknown[] }).dataRooms).toHaveLength(1);

    const [invitation] = (await list(founder.auth)).json as { id: string }[];
    const deleted = await t.call(invitationRoutes.remove, {
      params: { id: String(invitation?.id) },
      as: founder,
    });
    expect(deleted.status).toBe(204);
    expect((await rooms()).json).toEqual({ dataRooms: [] });
    expect((await list(founder.auth)).json).toEqual([]);
    expect((await t.call(authRoutes.me, { as: investor })).status).toBe(200);
  });

  test('deleting twice, or an unknown id, is a 404; a malformed id is a 400', async () => {
    const founder = await createFounder(t);
    await invite(t, founder, uniqueEmail('gone'));
    const [invitation] = (await list(founder.auth)).json as { id: string }[];
    expect(
      (await t.call(invitationRoutes.remove, { params: { id: String(invitation?.id) }, as: founder })).status,
    ).toBe(204);
    expect(
      (await t.call(invitationRoutes.remove, { params: { id: String(invitation?.id) }, as: founder })).status,
    ).toBe(404);
    expect(
      (await t.call(invitationRoutes.remove, { params: { id: crypto.randomUUID() }, as: founder })).status,
    ).toBe(404);
    const malformed = await t.call(invitationRoutes.remove, { params: { id: 'not-a-uuid' }, as: founder });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ field: 'id' });
  });
});

describe('who may manage invitations', () => {
  test('without a session: 401 on every invitation route', async () => {
    const id = crypto.randomUUID();
    for (const [method, path] of [
      ['GET', apiPath(invitationRoutes.mine)],
      ['POST', apiPath(invitationRoutes.create)],
      ['POST', apiPath(invitationRoutes.createByEmail)],
      ['DELETE', apiPath(invitationRoutes.remove, { params: { id } })],
    ] as const) {
      const response = await t.request(method, path, {
        json: method === 'POST' ? { email: 'a@b.co' } : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  test('an investor gets 403 on every invitation route', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const [invitation] = (await list(founder.auth)).json as { id: string }[];
    for (const [method, path] of [
      ['GET', apiPath(invitationRoutes.mine)],
      ['POST', apiPath(invitationRoutes.create)],
      ['POST', apiPath(invitationRoutes.createByEmail)],
      ['DELETE', apiPath(invitationRoutes.remove, { params: { id: String(invitation?.id) } })],
    ] as const) {
      const response = await t.request(method, path, {
        json: method === 'POST' ? { email: uniqueEmail('sneaky') } : undefined,
        headers: investor.auth,
      });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect((await list(founder.auth)).json).toEqual([expect.objectContaining({ status: 'accepted' })]);
  });

  test("another founder neither sees nor deletes this room's invitations", async () => {
    const owner = await createFounder(t);
    const other = await createFounder(t);
    await invite(t, owner, uniqueEmail('private'));
    const [invitation] = (await list(owner.auth)).json as { id: string }[];
    expect((await list(other.auth)).json).toEqual([]);
    expect(
      (await t.call(invitationRoutes.remove, { params: { id: String(invitation?.id) }, as: other })).status,
    ).toBe(404);
    expect((await list(owner.auth)).json).toHaveLength(1);
  });
});
