import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  countRows,
  createFounder,
  founderWithInvestor,
  invite,
  linkIn,
  mailTo,
  uniqueEmail,
} from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const list = (auth: Record<string, string>) => t.request('GET', '/api/invites', { headers: auth });

describe('inviting', () => {
  test('the owner invites by e-mail: a pending invitation valid 7 days, and a mail with the link, company and expiry', async () => {
    const founder = await createFounder(t, { companyName: 'Orbit Health' });
    const email = uniqueEmail('vc');
    const response = await t.request('POST', '/api/invites', {
      json: { email, name: 'Vera Capital' },
      headers: founder.auth,
    });
    expect(response.status).toBe(201);
    const { invitation, message } = response.json as { invitation: Record<string, string>; message: string };
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
    const firstToken = await invite(t, founder, email);
    const secondToken = await invite(t, founder, email);
    expect(secondToken).not.toBe(firstToken);
    const invitations = (await list(founder.auth)).json as unknown[];
    expect(invitations).toHaveLength(1);
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
    const response = await t.request('POST', '/api/invites', {
      json: { email: investorEmail },
      headers: founder.auth,
    });
    expect(response.status).toBe(409);
    expect(response.json).toEqual({
      error: 'already_member',
      message: `${investorEmail} already has access to this data room.`,
    });
  });

  test('a founder cannot invite themself', async () => {
    const founder = await createFounder(t);
    const response = await t.request('POST', '/api/invites', {
      json: { email: founder.user.email },
      headers: founder.auth,
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ field: 'email' });
  });

  test('the admin form (POST /api/invitations) uses the same service', async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('admin-form');
    const response = await t.request('POST', '/api/invitations', {
      json: { email: ` ${email.toUpperCase()} ` },
      headers: founder.auth,
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
  ])('bad input %j is a 400 naming %s, and writes nothing', async (json, field) => {
    const founder = await createFounder(t);
    const before = await countRows(t);
    const response = await t.request('POST', '/api/invites', { json, headers: founder.auth });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'invalid_request', field });
    expect(await countRows(t)).toEqual(before);
  });

  test('when the invitation e-mail cannot be sent, nothing is saved', async () => {
    const broken = await startTestApp({ environment: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const founder = await createFounder(broken);
      const response = await broken.request('POST', '/api/invites', {
        json: { email: uniqueEmail('lost') },
        headers: founder.auth,
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
  test('deleting an accepted invitation removes the investor’s access at once, in their current session', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const rooms = () => t.request('GET', '/api/my-accessible-data-rooms', { headers: investor.auth });
    expect(((await rooms()).json as { dataRooms: unknown[] }).dataRooms).toHaveLength(1);

    const [invitation] = (await list(founder.auth)).json as { id: string }[];
    const deleted = await t.request('DELETE', `/api/invites/${invitation?.id}`, { headers: founder.auth });
    expect(deleted.status).toBe(204);
    expect((await rooms()).json).toEqual({ dataRooms: [] });
    expect((await list(founder.auth)).json).toEqual([]);
    expect((await t.request('GET', '/api/auth/me', { headers: investor.auth })).status).toBe(200);
  });

  test('deleting twice, or an unknown id, is a 404; a malformed id is a 400', async () => {
    const founder = await createFounder(t);
    await invite(t, founder, uniqueEmail('gone'));
    const [invitation] = (await list(founder.auth)).json as { id: string }[];
    expect(
      (await t.request('DELETE', `/api/invites/${invitation?.id}`, { headers: founder.auth })).status,
    ).toBe(204);
    expect(
      (await t.request('DELETE', `/api/invites/${invitation?.id}`, { headers: founder.auth })).status,
    ).toBe(404);
    expect(
      (await t.request('DELETE', `/api/invites/${crypto.randomUUID()}`, { headers: founder.auth })).status,
    ).toBe(404);
    const malformed = await t.request('DELETE', '/api/invites/not-a-uuid', { headers: founder.auth });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ field: 'id' });
  });
});

describe('who may manage invitations', () => {
  test('without a session: 401 on every invitation route', async () => {
    const id = crypto.randomUUID();
    for (const [method, path] of [
      ['GET', '/api/invites'],
      ['POST', '/api/invites'],
      ['POST', '/api/invitations'],
      ['DELETE', `/api/invites/${id}`],
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
      ['GET', '/api/invites'],
      ['POST', '/api/invites'],
      ['POST', '/api/invitations'],
      ['DELETE', `/api/invites/${invitation?.id}`],
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
      (await t.request('DELETE', `/api/invites/${invitation?.id}`, { headers: other.auth })).status,
    ).toBe(404);
    expect((await list(owner.auth)).json).toHaveLength(1);
  });
});
