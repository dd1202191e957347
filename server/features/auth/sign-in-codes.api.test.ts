import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { groupRoutes } from '#shared/contracts/groups';
import { shareLinkRoutes } from '#shared/contracts/share-links';
import { aBrowser, countRows, createFounder, invite, linkIn, uniqueEmail } from '#tests/support/factories';
import { recipientsOf } from '#tests/support/smtp-server';
import { startTestApp, type TestApp, type TestResponse } from '#tests/support/test-app';

// Scanner-safe sign-in and codes that cannot be guessed in practice (docs/decisions/0074-a-proof-of-one-room.md):
// /verify's own request spends a link only in the browser that asked for it; the code mailed beside it
// works only there, and every address has 10 wrong codes a day, sign-in and share-link codes together.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ environment: { AUTH_RATE_LIMIT_PER_IP: '1000', MAGIC_LINKS_PER_EMAIL: '50' } });
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  t.request('POST', path, { json, headers });

/** An investor invited to a room: someone who may ask for sign-in links. */
async function invitedAddress(): Promise<string> {
  const founder = await createFounder(t);
  const email = uniqueEmail('reader');
  await invite(t, founder, email);
  return email;
}

/** Asks for a sign-in link from `browser`; the link's token and the code, read from the mail. */
async function askForLink(email: string, browser: Record<string, string>) {
  const before = t.smtp.messages.length;
  const asked = await post(apiPath(authRoutes.requestMagicLink), { email, name: '' }, browser);
  expect(asked.status, asked.text).toBe(200);
  const mail = await t.smtp.waitForMessage(
    (m) =>
      t.smtp.messages.indexOf(m) >= before &&
      recipientsOf(m).includes(email) &&
      /sign-in link/.test(m.subject ?? ''),
  );
  const token = new URL(linkIn(mail, `${t.config.appUrl}/verify?token=`)).searchParams.get('token') ?? '';
  const code = /type this code on the sign-in page where you asked for it: (\d{6})/i.exec(
    mail.text ?? '',
  )?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return { token, code, mail, setCookie: asked.headers.get('set-cookie') ?? '' };
}

/** A share link of a new founder's room (its one group): its address and its token. */
async function shareLinkOfNewRoom() {
  const founder = await createFounder(t);
  const groups = (await t.call(groupRoutes.list, { as: founder })).json;
  const made = await t.call(shareLinkRoutes.create, {
    rawBody: { name: 'Outreach', groupId: groups.groups[0]?.id },
    as: founder,
  });
  const url = made.json.url;
  return { url, shareToken: url.slice(url.lastIndexOf('/') + 1) };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const isUsed = async (token: string) => {
  const row = await db()
    .selectFrom('magic_links')
    .select('used_at')
    .where('token_hash', '=', crypto.hash('sha256', token, 'hex'))
    .executeTakeFirstOrThrow();
  return row.used_at !== null;
};
const sessionCookieIn = (response: TestResponse) =>
  /rr_session=[^;]+/.test(response.headers.get('set-cookie') ?? '');

describe('/verify spends a link by script only in the browser that asked for it', () => {
  test('the asking browser gets a mark (httpOnly, SameSite=Lax, for the API only) and its page signs in at once', async () => {
    const email = await invitedAddress();
    const browser = aBrowser();
    const { token, setCookie } = await askForLink(email, browser);
    expect(setCookie).toMatch(
      /rr_browser_mark=[A-Za-z0-9_-]{43}; Path=\/api\/; Expires=.+; HttpOnly; SameSite=Lax/,
    );
    const verified = await post(apiPath(authRoutes.verify), { token, automatic: true }, browser);
    expect(verified.status, verified.text).toBe(200);
    expect(sessionCookieIn(verified)).toBe(true);
  });

  test('a mail scanner that runs the page (no mark, or another browser) spends nothing; the person then confirms', async () => {
    const email = await invitedAddress();
    const { token } = await askForLink(email, aBrowser());
    const before = await countRows(t);
    for (const scanner of [{}, aBrowser()]) {
      const scanned = await post(apiPath(authRoutes.verify), { token, automatic: true }, scanner);
      expect(scanned.status).toBe(409);
      expect(scanned.json).toEqual({
        error: 'confirmation_required',
        message: `Confirm that you want to sign in as ${email}.`,
        email,
      });
      expect(scanned.headers.get('set-cookie')).toBeNull();
    }
    expect(await countRows(t)).toEqual(before);
    expect(await isUsed(token)).toBe(false);
    // The person, on another device, presses the button: that request is not automatic.
    const confirmed = await post(apiPath(authRoutes.verify), { token });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(await isUsed(token)).toBe(true);
  });

  test('an automatic verify of a spent or unknown link is the same 400 as before', async () => {
    const email = await invitedAddress();
    const browser = aBrowser();
    const { token } = await askForLink(email, browser);
    expect((await post(apiPath(authRoutes.verify), { token }, browser)).status).toBe(200);
    for (const spent of [token, crypto.randomBytes(32).toString('base64url')]) {
      const again = await post(apiPath(authRoutes.verify), { token: spent, automatic: true }, browser);
      expect(again.status).toBe(400);
      expect((again.json as { error: string }).error).toBe('invalid_token');
    }
  });
});

describe('the code mailed beside the link', () => {
  const typeCode = (email: string, code: string, browser: Record<string, string>) =>
    post(apiPath(authRoutes.verifyCode), { email, code }, browser);

  test('typed in the browser that asked, it signs in and spends the link', async () => {
    const email = await invitedAddress();
    const browser = aBrowser();
    const { token, code } = await askForLink(email, browser);
    const signedIn = await typeCode(email, code, browser);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(sessionCookieIn(signedIn)).toBe(true);
    expect((signedIn.json as { user: { email: string; onlyRoomId: null } }).user).toMatchObject({
      email,
      onlyRoomId: null,
    });
    expect(await isUsed(token)).toBe(true);
    expect((await typeCode(email, code, browser)).status).toBe(400);
  });

  test('typed anywhere else (no mark, another browser), the right code is a wrong one', async () => {
    const email = await invitedAddress();
    const { code, token } = await askForLink(email, aBrowser());
    for (const elsewhere of [{}, aBrowser()]) {
      const refused = await typeCode(email, code, elsewhere);
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ error: 'invalid_code', field: 'code' });
      expect(sessionCookieIn(refused)).toBe(false);
    }
    expect(await isUsed(token)).toBe(false);
  });

  test("only the newest link's code counts", async () => {
    const email = await invitedAddress();
    const browser = aBrowser();
    const first = await askForLink(email, browser);
    const second = await askForLink(email, browser);
    if (first.code !== second.code) expect((await typeCode(email, first.code, browser)).status).toBe(400);
    expect((await typeCode(email, second.code, browser)).status).toBe(200);
  });

  test('11 wrong codes over a day: past the tenth even the right code fails, and the link still works', async () => {
    const email = await invitedAddress();
    const browser = aBrowser();
    const { token, code } = await askForLink(email, browser);
    for (let guess = 0; guess < 10; guess++)
      expect((await typeCode(email, wrongCode(code), browser)).status).toBe(400);
    const right = await typeCode(email, code, browser);
    expect(right.status).toBe(400);
    expect(right.json).toMatchObject({ error: 'invalid_code' });
    expect(await isUsed(token)).toBe(false);
    expect((await post(apiPath(authRoutes.verify), { token }, browser)).status).toBe(200);
  });

  test('the budget is a day long: failures older than 24 hours no longer count', async () => {
    const email = await invitedAddress();
    const browser = aBrowser();
    const { code } = await askForLink(email, browser);
    const dayAndAMinuteAgo = Date.now() - 24 * 60 * 60 * 1000 - 60_000;
    const anHourAgo = Date.now() - 60 * 60 * 1000;
    const failure = (at: number) => ({ id: crypto.randomUUID(), email, failed_at: at });
    await db()
      .insertInto('code_failures')
      .values([
        ...Array.from({ length: 20 }, () => failure(dayAndAMinuteAgo)),
        ...Array.from({ length: 9 }, () => failure(anHourAgo)),
      ])
      .execute();
    expect((await typeCode(email, code, browser)).status).toBe(200);
  });

  test('parallel guesses cannot pass the budget: exactly 10 are counted, and then nothing works', async () => {
    const email = await invitedAddress();
    const browser = aBrowser();
    const { code } = await askForLink(email, browser);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => typeCode(email, wrongCode(code), browser)),
    );
    expect(answers.every((answer) => answer.status === 400)).toBe(true);
    const counted = await db()
      .selectFrom('code_failures')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(Number(counted.count)).toBe(10);
    expect((await typeCode(email, code, browser)).status).toBe(400);
  });

  test('the budget is shared with share-link codes: wrong sign-in codes stop the share code too', async () => {
    const { url, shareToken } = await shareLinkOfNewRoom();
    const email = await invitedAddress();
    const browser = aBrowser();
    const { code } = await askForLink(email, browser);
    for (let guess = 0; guess < 10; guess++) await typeCode(email, wrongCode(code), browser);
    const before = t.smtp.messages.length;
    expect(
      (
        await post(
          apiPath(shareLinkRoutes.requestCode, { params: { token: shareToken } }),
          { email },
          browser,
        )
      ).status,
    ).toBe(200);
    const mail = await t.smtp.waitForMessage(
      (m) => t.smtp.messages.indexOf(m) >= before && /is your (?:Roundroom )?code/.test(m.subject ?? ''),
    );
    const shareCode = (mail.subject ?? '').slice(0, 6);
    const refused = await post(
      apiPath(shareLinkRoutes.verify, { params: { token: shareToken } }),
      { email, code: shareCode },
      browser,
    );
    expect(refused.status).toBe(400);
    // The mailed proof link beside the code still works.
    const proof = new URL(linkIn(mail, url)).searchParams.get('proof');
    expect(
      (await post(apiPath(shareLinkRoutes.verify, { params: { token: shareToken } }), { proof }, browser))
        .status,
    ).toBe(200);
  });

  test('a share code typed in another browser than the one that asked for it fails like a wrong one', async () => {
    const { shareToken } = await shareLinkOfNewRoom();
    const email = uniqueEmail('reader');
    const asking = aBrowser();
    const before = t.smtp.messages.length;
    await post(apiPath(shareLinkRoutes.requestCode, { params: { token: shareToken } }), { email }, asking);
    const mail = await t.smtp.waitForMessage(
      (m) => t.smtp.messages.indexOf(m) >= before && /is your (?:Roundroom )?code/.test(m.subject ?? ''),
    );
    const shareCode = (mail.subject ?? '').slice(0, 6);
    for (const elsewhere of [{}, aBrowser()])
      expect(
        (
          await post(
            apiPath(shareLinkRoutes.verify, { params: { token: shareToken } }),
            { email, code: shareCode },
            elsewhere,
          )
        ).status,
      ).toBe(400);
    expect(
      (
        await post(
          apiPath(shareLinkRoutes.verify, { params: { token: shareToken } }),
          { email, code: shareCode },
          asking,
        )
      ).status,
    ).toBe(200);
  });
});
