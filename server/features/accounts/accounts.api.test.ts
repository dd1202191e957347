import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { countRows, createFounder, linkIn, mailTo, uniqueEmail } from '#tests/support/factories';
import { startTestApp, type TestApp } from '#tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ environment: { PROMO_CODES: 'EARLYBIRD, friends-2026' } });
});
afterAll(() => t.close());

const setup = (json: unknown) => t.call(accountRoutes.completeSetup, { rawBody: json });

describe('POST /api/complete-account-setup', () => {
  test('creates the founder, their data room and their ownership, and signs them in', async () => {
    const email = uniqueEmail('ann');
    const response = await setup({ name: 'Ann Lee', email, companyName: 'Acme Robotics' });
    expect(response.status).toBe(201);
    const body = response.json;
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toEqual({
      id: expect.any(String),
      name: 'Ann Lee',
      email,
      role: 'founder',
      isActive: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      managedRoom: { id: expect.any(String), role: 'owner' },
      onlyRoomId: null,
    });

    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^rr_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);

    const me = await t.call(authRoutes.me, { headers: { cookie: cookie.split(';')[0] ?? '' } });
    expect(me.json).toEqual({ user: body.user });

    const db = t.app.database.db;
    const room = await db
      .selectFrom('data_rooms')
      .selectAll()
      .where('owner_id', '=', String(body.user.id))
      .executeTakeFirstOrThrow();
    expect(room).toMatchObject({ company_name: 'Acme Robotics', stage: 'Series A', is_active: 1 });
    const members = await db.selectFrom('room_members').selectAll().where('room_id', '=', room.id).execute();
    expect(members).toEqual([expect.objectContaining({ user_id: body.user.id, role: 'owner' })]);
    const user = await db
      .selectFrom('users')
      .select('plan')
      .where('id', '=', String(body.user.id))
      .executeTakeFirstOrThrow();
    expect(user.plan).toBe('professional');
  });

  test("e-mail addresses are trimmed and lower-cased: ' Ann@X.com ' and 'ann@x.com' are one person", async () => {
    const local = uniqueEmail('case');
    const first = await setup({ name: 'Ann', email: ` ${local.toUpperCase()} `, companyName: 'First Co' });
    expect(first.status).toBe(201);
    expect((first.json as { user: { email: string } }).user.email).toBe(local);

    const before = await countRows(t);
    const second = await setup({ name: 'Ann again', email: local, companyName: 'Second Co' });
    expect(second.status).toBe(409);
    expect(second.json).toEqual({
      error: 'account_exists',
      message: 'An account with this email already exists. Please sign in.',
      shouldLogin: true,
    });
    expect(await countRows(t)).toEqual(before);
  });

  test.each([
    [apiPath(accountRoutes.completeSetup), {}],
    [apiPath(accountRoutes.upgradeWithPromo), { promoCode: 'EARLYBIRD' }],
  ])("%s with a founder's address says nothing about their company", async (path, extra) => {
    // Anyone can type a partner's or a rival's address: the answer must not say which company they run.
    const email = uniqueEmail('rival');
    const secretCompany = 'Zyxwv Stealth Quantum Holdings';
    await createFounder(t, { email, companyName: secretCompany });

    const response = await t.request('POST', path, {
      json: { name: 'Curious Stranger', email, companyName: 'Nosy Co', ...extra },
    });
    expect(response.status).toBe(409);
    expect(response.json).toEqual({
      error: 'account_exists',
      message: 'An account with this email already exists. Please sign in.',
      shouldLogin: true,
    });
    const everythingSent = `${[...response.headers].flat().join('\n')}\n${response.text}`.toLowerCase();
    for (const part of ['zyxwv', 'stealth', 'quantum']) expect(everythingSent).not.toContain(part);
  });

  test('the address that already has an account can be sent a sign-in link instead', async () => {
    const email = uniqueEmail('returning');
    await createFounder(t, { email });
    expect((await setup({ name: 'Again', email, companyName: 'Again Co' })).status).toBe(409);

    const offer = await t.call(authRoutes.requestMagicLink, { body: { email, name: '' } });
    expect(offer.status).toBe(200);
    const mail = await mailTo(t, email, 'sign-in link');
    expect(linkIn(mail, `${t.config.appUrl}/verify?token=`)).toBeTruthy();
  });

  test.each([
    [{ email: 'a@b.co', companyName: 'X' }, 'name'],
    [{ name: 'A', companyName: 'X' }, 'email'],
    [{ name: 'A', email: 'a@b.co' }, 'companyName'],
    [{ name: '   ', email: 'a@b.co', companyName: 'X' }, 'name'],
    [{ name: 'A', email: 'not-an-email', companyName: 'X' }, 'email'],
    [{ name: 'A', email: `${'a'.repeat(250)}@b.co`, companyName: 'X' }, 'email'],
    [{ name: 'A'.repeat(101), email: 'a@b.co', companyName: 'X' }, 'name'],
    [{ name: 'A', email: 'a@b.co', companyName: 'X'.repeat(201) }, 'companyName'],
    [{ name: 42, email: 'a@b.co', companyName: 'X' }, 'name'],
    [{ name: 'A', email: 'a@b.co', companyName: 'X', role: 'admin' }, 'role'],
  ])('bad input %j is a 400 naming %s, and writes nothing', async (json, field) => {
    const before = await countRows(t);
    const response = await setup(json);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'invalid_request' });
    expect(response.refusal?.field).toBe(field);
    expect(await countRows(t)).toEqual(before);
  });

  test('invalid JSON is a 400 and writes nothing', async () => {
    const before = await countRows(t);
    const response = await t.request('POST', apiPath(accountRoutes.completeSetup), {
      body: '{"name": "A",',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'invalid_json' });
    expect(await countRows(t)).toEqual(before);
  });
});

describe('promo codes', () => {
  test.each(['EARLYBIRD', 'earlybird', ' Friends-2026 '])('%j is valid', async (code) => {
    const response = await t.call(accountRoutes.validatePromoCode, { body: { code } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ valid: true, message: 'Your account will be upgraded for free.' });
  });

  test('an unknown code is not valid', async () => {
    const response = await t.call(accountRoutes.validatePromoCode, { body: { code: 'FREEBIES' } });
    expect(response.json).toEqual({ valid: false, message: 'Invalid promo code.' });
  });

  test('an empty code is a 400', async () => {
    const response = await t.call(accountRoutes.validatePromoCode, { body: { code: '' } });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ field: 'code' });
  });

  test('upgrade-with-promo creates the account on the free plan', async () => {
    const email = uniqueEmail('promo');
    const response = await t.call(accountRoutes.upgradeWithPromo, {
      body: { promoCode: 'earlybird', name: 'Pat', email, companyName: 'Promo Co' },
    });
    expect(response.status).toBe(201);
    const user = await t.app.database.db
      .selectFrom('users')
      .select('plan')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.plan).toBe('professional_free');
  });

  test('upgrade-with-promo with an unknown code is a 400 and creates nothing', async () => {
    const before = await countRows(t);
    const response = await t.call(accountRoutes.upgradeWithPromo, {
      body: { promoCode: 'NOPE', name: 'Pat', email: uniqueEmail('promo'), companyName: 'Promo Co' },
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      error: 'invalid_promo_code',
      message: 'Invalid promo code.',
      field: 'promoCode',
    });
    expect(await countRows(t)).toEqual(before);
  });
});

describe('POST /api/waitlist', () => {
  test('joining twice with one e-mail keeps one entry and still answers success', async () => {
    const email = uniqueEmail('wait');
    for (const contactEmail of [email, ` ${email.toUpperCase()}`]) {
      const response = await t.call(accountRoutes.joinWaitlist, {
        body: { companyName: 'Waiting Co', contactEmail },
      });
      expect(response.status).toBe(200);
      expect(response.json).toEqual({ message: 'Added to waitlist!' });
    }
    const rows = await t.app.database.db
      .selectFrom('waitlist')
      .selectAll()
      .where('contact_email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  test.each([
    [{ companyName: 'X' }, 'contactEmail'],
    [{ contactEmail: 'a@b.co' }, 'companyName'],
    [{ companyName: 'X', contactEmail: 'nope' }, 'contactEmail'],
    [{ companyName: '', contactEmail: 'a@b.co' }, 'companyName'],
  ])('%j is a 400 naming %s, and writes nothing', async (json, field) => {
    const before = await countRows(t);
    const response = await t.call(accountRoutes.joinWaitlist, { rawBody: json });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ field });
    expect(await countRows(t)).toEqual(before);
  });
});

test('on https the session cookie is Secure', async () => {
  const secure = await startTestApp({ environment: { APP_URL: 'https://rooms.example.com' } });
  try {
    const response = await secure.call(accountRoutes.completeSetup, {
      body: { name: 'Sam', email: uniqueEmail('secure'), companyName: 'Secure Co' },
    });
    expect(response.headers.get('set-cookie')).toMatch(/; Secure/);
  } finally {
    await secure.close();
  }
});

test('sign-ups and promo checks are rate limited per IP, with Retry-After', async () => {
  const limited = await startTestApp({ environment: { AUTH_RATE_LIMIT_PER_IP: '3' } });
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const ok = await limited.call(accountRoutes.validatePromoCode, { body: { code: `GUESS${attempt}` } });
      expect(ok.status).toBe(200);
    }
    const refused = await limited.call(accountRoutes.validatePromoCode, { body: { code: 'GUESS4' } });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({
      error: 'rate_limited',
      message: expect.stringMatching(/Too many attempts/),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  } finally {
    await limited.close();
  }
});

test('a founder created by the factory can read their own account', async () => {
  const founder = await createFounder(t);
  const me = await t.call(authRoutes.me, { as: founder });
  expect(me.json).toEqual({ user: founder.user });
});
