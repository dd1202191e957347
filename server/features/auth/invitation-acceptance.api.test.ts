import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashToken } from '#server/security/tokens';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { invitationRoutes } from '#shared/contracts/invitations';
import { ndaRoutes } from '#shared/contracts/nda';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  countRows,
  createFounder,
  invite,
  inviteEditor,
  linkIn,
  requestMagicLinkToken,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
} from '#tests/support/factories';
import { recipientsOf } from '#tests/support/smtp-server';
import { type Refusal, startTestApp, type TestApp } from '#tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const db = () => t.app.database.db;
/** What a browser sends with the page's fetch: our Origin (the CSRF check wants it beside a cookie). */
const fromOurPage = () => ({ origin: t.config.appUrl });
const accept = (token: string, headers: Record<string, string> = fromOurPage()) =>
  t.call(authRoutes.acceptInvitation, { params: { token }, headers });
const stateOf = (token: string) => t.call(authRoutes.invitationLinkState, { params: { token } });

function sessionCookieOf(response: { headers: Headers }): string {
  const setCookie = response.headers.get('set-cookie') ?? '';
  const match = /rr_session=([^;]+)/.exec(setCookie);
  if (!match?.[1]) throw new Error(`no session cookie in: ${setCookie}`);
  return `rr_session=${match[1]}`;
}

async function roomIdOf(founder: SignedIn): Promise<string> {
  return (await t.call(roomRoutes.mine, { as: founder })).json.id;
}

async function invitedRoom(name = 'Ivy Investor') {
  const founder = await createFounder(t);
  const email = uniqueEmail('invitee');
  const token = await invite(t, founder, email, name);
  return { founder, email, token, roomId: await roomIdOf(founder) };
}

async function invitationIdOf(founder: SignedIn, email: string): Promise<string> {
  const list = (await t.call(invitationRoutes.mine, { as: founder })).json;
  const found = list.find((invitation) => invitation.email === email);
  if (!found) throw new Error(`no invitation for ${email}`);
  return found.id;
}

describe('an invitation link read by a mail scanner', () => {
  test('GETs of the link, the invited view and its state consume nothing and sign nobody in', async () => {
    const { email, token } = await invitedRoom();
    const before = await countRows(t);
    for (let scan = 0; scan < 3; scan += 1) {
      expect((await t.call(roomRoutes.invitedRoom, { params: { token } })).status).toBe(200);
      const state = await stateOf(token);
      expect(state.status).toBe(200);
      expect(state.json).toMatchObject({ state: 'pending', invitedEmail: email, roomId: null });
      expect(state.headers.get('set-cookie')).toBeNull();
    }
    const after = await countRows(t);
    expect(after.sessions).toBe(before.sessions);
    expect(after.users).toBe(before.users);
    const row = await db()
      .selectFrom('invitations')
      .select('used_at')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(row?.used_at).toBeNull();
  });
});

describe('POST /api/data-room/invite/:token/accept', () => {
  test('accepts the invitation and signs the invitee in with a cookie that reads the room, with no e-mail sent', async () => {
    const { email, token, roomId } = await invitedRoom('Ada Angel');
    // Mails to the invitee: the founders may be told of the visit meanwhile, by a job of their own.
    const mailsToInvitee = () => t.smtp.messages.filter((mail) => recipientsOf(mail).includes(email)).length;
    const mailsBefore = mailsToInvitee();
    const response = await accept(token);
    expect(response.status, response.text).toBe(200);
    const body = response.json;
    expect(body.roomId).toBe(roomId);
    expect(body.user).toMatchObject({ email, name: 'Ada Angel' });
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const cookie = sessionCookieOf(response);
    const me = await t.call(authRoutes.me, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.json.user.email).toBe(email);
    const room = await t.call(roomRoutes.room, { params: { id: roomId }, headers: { cookie } });
    expect(room.status, room.text).toBe(200);
    expect(mailsToInvitee()).toBe(mailsBefore);
  });

  test('after acceptance the link is no credential: a second device gets 409 and the state offers a sign-in link', async () => {
    const { email, token, roomId } = await invitedRoom();
    expect((await accept(token)).status).toBe(200);
    const before = await countRows(t);

    const second = await accept(token);
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({ error: 'invitation_accepted' });
    expect(second.refusal?.message).toContain(email);
    expect(second.headers.get('set-cookie')).toBeNull();
    expect(await countRows(t)).toEqual(before);

    expect((await stateOf(token)).json).toMatchObject({ state: 'accepted', invitedEmail: email, roomId });
    expect((await t.call(roomRoutes.invitedRoom, { params: { token } })).status).toBe(404);

    // The offer: a magic link to the invited address, returning to the room.
    const returnTo = `/data-room/${roomId}`;
    const asked = await t.call(authRoutes.requestMagicLink, { body: { email, name: '', returnTo } });
    expect(asked.status, asked.text).toBe(200);
    const mail = await t.smtp.waitForMessage(
      (m) => recipientsOf(m).includes(email) && /sign-in link/.test(m.subject ?? ''),
    );
    const link = new URL(linkIn(mail, `${t.config.appUrl}/verify?token=`));
    expect(link.searchParams.get('returnTo')).toBe(returnTo);
    const verified = await t.call(authRoutes.verify, { rawBody: { token: link.searchParams.get('token') } });
    expect(verified.status).toBe(200);
  });

  test('two devices accepting at once: exactly one is signed in', async () => {
    const { token } = await invitedRoom();
    const answers = await Promise.all([accept(token), accept(token), accept(token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
  });

  test('a withdrawn invitation says so (410) and writes nothing', async () => {
    const { founder, email, token } = await invitedRoom();
    const deleted = await t.call(invitationRoutes.remove, {
      params: { id: await invitationIdOf(founder, email) },
      as: founder,
    });
    expect(deleted.status).toBe(204);
    const before = await countRows(t);
    const response = await accept(token);
    expect(response.status).toBe(410);
    expect(response.json).toEqual({
      error: 'invitation_withdrawn',
      message: 'The founder withdrew this invitation.',
    });
    expect(await countRows(t)).toEqual(before);
    expect((await stateOf(token)).json).toMatchObject({ state: 'withdrawn', roomId: null });
  });

  test('an expired invitation says so (410) and writes nothing', async () => {
    const { email, token } = await invitedRoom();
    await db()
      .updateTable('invitations')
      .set({ expires_at: Date.now() - 1000 })
      .where('email', '=', email)
      .execute();
    const before = await countRows(t);
    const response = await accept(token);
    expect(response.status).toBe(410);
    expect(response.json).toEqual({
      error: 'invitation_expired',
      message: 'This invitation has expired. Ask the founder to invite you again.',
    });
    expect(await countRows(t)).toEqual(before);
    expect((await stateOf(token)).json).toMatchObject({ state: 'expired', invitedEmail: email });
  });

  test('in a room that asks for its NDA, the invitee is signed in but reads nothing until they accept it', async () => {
    const { founder, token, roomId } = await invitedRoom('Nia Nda');
    const nda = await t.call(ndaRoutes.saveSettings, {
      body: { isRequired: true, text: '# Mutual NDA\n\nKeep it to yourself.' },
      as: founder,
    });
    expect(nda.status, nda.text).toBe(200);
    expect((await t.call(roomRoutes.invitedRoom, { params: { token } })).status).toBe(403);

    const accepted = await accept(token);
    expect(accepted.status).toBe(200);
    const cookie = sessionCookieOf(accepted);
    const gated = await t.call(roomRoutes.room, { params: { id: roomId }, headers: { cookie } });
    expect(gated.status).toBe(403);
    const prompt = gated.refusal as Refusal & { nda: { versionId: string } };
    expect(prompt.error).toBe('nda_required');

    const signed = await t.call(ndaRoutes.accept, {
      params: { id: roomId },
      body: { versionId: prompt.nda.versionId, signerName: 'Nia Nda', agree: true },
      headers: { cookie, ...fromOurPage() },
    });
    expect(signed.status, signed.text).toBe(201);
    expect((await t.call(roomRoutes.room, { params: { id: roomId }, headers: { cookie } })).status).toBe(200);
  });

  test('someone else signed in on the device is signed out of it, and the invitee signed in', async () => {
    const other = await createFounder(t);
    const otherSession = await signInWithMagicLink(t, other.user.email);
    const otherCookie = `rr_session=${otherSession.token}`;
    const { email, token } = await invitedRoom();

    const response = await accept(token, { cookie: otherCookie, ...fromOurPage() });
    expect(response.status, response.text).toBe(200);
    const cookie = sessionCookieOf(response);
    expect(cookie).not.toBe(otherCookie);
    const me = await t.call(authRoutes.me, { headers: { cookie } });
    expect(me.json.user.email).toBe(email);
    expect((await t.call(authRoutes.me, { headers: { cookie: otherCookie } })).status).toBe(401);
  });

  test('from another site (a forged form), it is refused and nothing is accepted', async () => {
    const { token } = await invitedRoom();
    const before = await countRows(t);
    const response = await accept(token, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await countRows(t)).toEqual(before);
    expect((await stateOf(token)).json).toMatchObject({ state: 'pending' });
  });

  test('hostile tokens: unknown is 404 as for the state, malformed is 400 naming the token, nothing written', async () => {
    const before = await countRows(t);
    const unknown = crypto.randomBytes(32).toString('base64url');
    const missing = await accept(unknown);
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ error: 'invitation_not_found' });
    expect((await stateOf(unknown)).status).toBe(404);
    for (const hostile of ['a'.repeat(129), 'abc%00def', '..%2F..%2Fetc', 'tok%20en', "x'OR'1'='1"]) {
      const response = await accept(hostile);
      expect(response.status, hostile).toBe(400);
      expect((response.json as { field?: string }).field, hostile).toBe('token');
      expect((await stateOf(hostile)).status, hostile).toBe(400);
    }
    expect(await countRows(t)).toEqual(before);
  });

  test("a co-founder's invitation is no link: its token opens and accepts nothing", async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('cofounder');
    await inviteEditor(t, founder, email, 'Cora Cofounder');
    const token = crypto.randomBytes(32).toString('base64url');
    await db()
      .updateTable('invitations')
      .set({ token_hash: hashToken(token) })
      .where('email', '=', email)
      .execute();
    expect((await accept(token)).status).toBe(404);
    expect((await stateOf(token)).status).toBe(404);
  });

  test("accepting proves one room: the address's other invitations, a co-founder's included, wait for the mailbox", async () => {
    const { email, token } = await invitedRoom();
    const otherFounder = await createFounder(t);
    await inviteEditor(t, otherFounder, email, 'Ivy Investor');
    const response = await accept(token);
    expect(response.status).toBe(200);
    const user = response.json.user;
    expect(user.managedRoom).toBeNull();
    const seat = await db()
      .selectFrom('invitations')
      .select('used_at')
      .where('email', '=', email)
      .where('role', '=', 'editor')
      .executeTakeFirstOrThrow();
    expect(seat.used_at).toBeNull();
    // The magic link proves the mailbox: the seat is taken then.
    const signedIn = await signInWithMagicLink(t, email);
    const me = (await t.call(authRoutes.me, { as: signedIn })).json;
    expect(me.user.managedRoom).toEqual({ id: await roomIdOf(otherFounder), role: 'editor' });
  });
});

describe('the first proof of a mailbox ends the sessions started before it (ADR 20; a link is no proof of it, ADR 74)', () => {
  test("an impostor who signed up with the invitee's address keeps nothing once the invitee's first magic link is used", async () => {
    const email = uniqueEmail('squatted');
    const impostor = await createFounder(t, { email });
    const founder = await createFounder(t);
    const token = await invite(t, founder, email, 'Sam Real');
    expect((await t.call(authRoutes.me, { as: impostor })).status).toBe(200);
    // The invitation's link proves the room, not the mailbox: it ends nobody's session ...
    expect((await accept(token)).status).toBe(200);
    expect((await t.call(authRoutes.me, { as: impostor })).status).toBe(200);
    // ... the first magic link does.
    await signInWithMagicLink(t, email);
    expect((await t.call(authRoutes.me, { as: impostor })).status).toBe(401);
  });

  test("a magic link after an accepted invitation is the address's first proof: the link-started session ends", async () => {
    const { email, token } = await invitedRoom();
    const accepted = await accept(token);
    const cookie = sessionCookieOf(accepted);
    expect((await t.call(authRoutes.me, { headers: { cookie } })).status).toBe(200);
    const verified = await t.call(authRoutes.verify, {
      body: { token: await requestMagicLinkToken(t, email) },
    });
    expect(verified.status).toBe(200);
    expect((await t.call(authRoutes.me, { headers: { cookie } })).status).toBe(401);
  });

  test('an invitation accepted after a magic link is no first proof either', async () => {
    const founder = await createFounder(t);
    const signedIn = await signInWithMagicLink(t, founder.user.email);
    const otherFounder = await createFounder(t);
    const token = await invite(t, otherFounder, founder.user.email);
    expect((await accept(token)).status).toBe(200);
    expect((await t.call(authRoutes.me, { as: signedIn })).status).toBe(200);
  });
});

describe('returnTo in POST /api/auth/magic-link', () => {
  test('a page path rides in the link, encoded', async () => {
    const { email, roomId } = await invitedRoom();
    const returnTo = `/data-room/${roomId}/documents/${crypto.randomUUID()}?page=7`;
    const response = await t.call(authRoutes.requestMagicLink, { body: { email, name: '', returnTo } });
    expect(response.status).toBe(200);
    const mail = await t.smtp.waitForMessage(
      (m) => recipientsOf(m).includes(email) && /sign-in link/.test(m.subject ?? ''),
    );
    expect(mail.text).toContain(`&returnTo=${encodeURIComponent(returnTo)}`);
    expect(new URL(linkIn(mail, `${t.config.appUrl}/verify?token=`)).searchParams.get('returnTo')).toBe(
      returnTo,
    );
  });

  test.each([
    '//evil.example',
    '//evil.example/data-room',
    'https://evil.example/',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    apiPath(authRoutes.logout),
    '/login',
    '/not-a-page',
    // Relatives of `/.//admin`, which the URL parser normalises to `//admin` (ADR 74): refused, not repaired.
    '/.//admin',
    '/./\\admin',
    '/..//admin',
    '/..//evil.example',
    '/a/..//evil.example',
    '/%2e/%2fadmin',
    '/%2F%2Fevil.example',
    '/%5C%5Cevil.example',
    '/%2e%2e//evil.example',
    `/${'a'.repeat(1001)}`,
    '',
  ])('a hostile returnTo %j is refused with 400 naming it, and no mail goes out', async (returnTo) => {
    const { email } = await invitedRoom();
    const mailsBefore = t.smtp.messages.length;
    const before = await countRows(t);
    const response = await t.call(authRoutes.requestMagicLink, { body: { email, name: '', returnTo } });
    expect(response.status).toBe(400);
    expect((response.json as { field?: string }).field).toBe('returnTo');
    expect(await countRows(t)).toEqual(before);
    expect(t.smtp.messages.length).toBe(mailsBefore);
  });
});
