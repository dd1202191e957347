import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminRoutes } from '#shared/contracts/admin';
import { apiPath } from '#shared/contracts/api-route';
import { apiTokenRoutes } from '#shared/contracts/api-tokens';
import { authRoutes } from '#shared/contracts/auth';
import { documentRoutes } from '#shared/contracts/documents';
import { groupRoutes } from '#shared/contracts/groups';
import { invitationRoutes } from '#shared/contracts/invitations';
import { passkeyRoutes } from '#shared/contracts/passkeys';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import { shareLinkRoutes } from '#shared/contracts/share-links';
import { teamRoutes } from '#shared/contracts/team';
import { webhookRoutes } from '#shared/contracts/webhooks';
import {
  aBrowser,
  createApiToken,
  createFounder,
  founderWithEditor,
  invite,
  inviteEditor,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
} from '#tests/support/factories';
import { recipientsOf } from '#tests/support/smtp-server';
import { startTestApp, type TestApp, type TestResponse } from '#tests/support/test-app';

// A proof is worth what it proves (docs/decisions/0074-a-proof-of-one-room.md). Each test here is an
// attack that worked before: a founder (or their API token) invites someone else's address, copies the
// invitation's link and opens it themself; or guesses a share-link code for someone else's address. The
// holder gets that one room, read as that address would read it, and nothing else of the account.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ourOrigin = () => ({ origin: t.config.appUrl });
/** The browser that asks for share codes and types them (a code works only there, ADR 74). */
const guessersBrowser = aBrowser();
const get = (auth: Record<string, string>, path: string) => t.request('GET', path, { headers: auth });
const post = (auth: Record<string, string>, path: string, json: unknown = {}) =>
  t.request('POST', path, { json, headers: auth });

function expectStatus(response: TestResponse, status: number): TestResponse {
  expect(response.status, `${response.status} ${response.text}`).toBe(status);
  return response;
}

async function roomIdOf(manager: SignedIn): Promise<string> {
  return ((await get(manager.auth, apiPath(roomRoutes.mine))).json as { id: string }).id;
}

/** The attacker's move: invite the victim's address, then take the invitation's link from the console. */
async function copiedLinkFor(attacker: SignedIn, victimEmail: string, auth = attacker.auth): Promise<string> {
  const invited = expectStatus(await post(auth, apiPath(invitationRoutes.mine), { email: victimEmail }), 201);
  const { id } = (invited.json as { invitation: { id: string } }).invitation;
  const copied = expectStatus(await post(auth, apiPath(invitationRoutes.copyLink, { params: { id } })), 200);
  return new URL((copied.json as { link: string }).link).searchParams.get('invite') ?? '';
}

/** Opens an invitation's link as the page's button does; the session it answers with, as Bearer headers. */
async function openLink(token: string) {
  const response = expectStatus(
    await t.call(authRoutes.acceptInvitation, { params: { token }, headers: ourOrigin() }),
    200,
  );
  const body = response.json as { token: string; roomId: string; user: { onlyRoomId: string | null } };
  return { ...body, auth: { authorization: `Bearer ${body.token}` } };
}

async function shareLinkOf(founder: SignedIn, name = 'Outreach'): Promise<{ token: string; url: string }> {
  const groups = (await get(founder.auth, apiPath(groupRoutes.list))).json as { groups: { id: string }[] };
  const groupId = groups.groups[0]?.id;
  const made = expectStatus(await post(founder.auth, apiPath(shareLinkRoutes.list), { name, groupId }), 201);
  const { url } = made.json as { url: string };
  return { url, token: url.slice(url.lastIndexOf('/') + 1) };
}

/** A share-link code for the address, as whoever guessed it (or read it) would type it. */
async function shareCodeFor(link: { token: string }, email: string): Promise<string> {
  const before = t.smtp.messages.length;
  expectStatus(
    await post(guessersBrowser, apiPath(shareLinkRoutes.requestCode, { params: { token: link.token } }), {
      email,
    }),
    200,
  );
  const mail = await t.smtp.waitForMessage(
    (m) =>
      t.smtp.messages.indexOf(m) >= before &&
      recipientsOf(m).includes(email) &&
      /is your (?:Roundroom )?code/.test(m.subject ?? ''),
  );
  return /^(\d{6}) is your (?:Roundroom )?code/.exec(mail.subject ?? '')?.[1] ?? '';
}

function verifyShareCode(link: { token: string }, email: string, code: string) {
  return t.call(shareLinkRoutes.verify, {
    params: { token: link.token },
    body: { email, code },
    headers: { ...ourOrigin(), ...guessersBrowser },
  });
}

/** Every console, account and other-room route a one-room session must not reach, with their refusals. */
async function expectNothingBeyond(auth: Record<string, string>, otherRoomIds: string[]) {
  for (const path of [
    apiPath(roomRoutes.mine),
    apiPath(readingRoutes.room),
    apiPath(adminRoutes.users),
    apiPath(apiTokenRoutes.list),
    apiPath(webhookRoutes.endpoints),
    apiPath(teamRoutes.team),
    apiPath(passkeyRoutes.sessions),
    apiPath(passkeyRoutes.list),
    apiPath(documentRoutes.mine),
  ]) {
    const response = await get(auth, path);
    expect(response.status, `${path}: ${response.text}`).toBe(401);
    expect((response.json as { error: string }).error).toBe('mailbox_proof_required');
  }
  for (const [path, json] of [
    [apiPath(apiTokenRoutes.list), { name: 'stolen', scopes: ['analytics:read'] }],
    [apiPath(webhookRoutes.endpoints), { url: 'https://example.com/hook', events: ['document.viewed'] }],
    [apiPath(invitationRoutes.mine), { email: uniqueEmail('x') }],
    [apiPath(passkeyRoutes.endOtherSessions), {}],
  ] as const) {
    expect((await post(auth, path, json)).status, path).toBe(401);
  }
  for (const roomId of otherRoomIds) {
    for (const path of [
      apiPath(roomRoutes.room, { params: { id: roomId } }),
      apiPath(roomRoutes.sections, { params: { id: roomId } }),
    ]) {
      expect((await get(auth, path)).status, path).toBe(404);
    }
    expect((await get(auth, apiPath(documentRoutes.inRoom, { params: { id: roomId } }))).status).toBe(404);
  }
}

async function expectReadsOnly(auth: Record<string, string>, roomId: string) {
  expectStatus(await get(auth, apiPath(roomRoutes.room, { params: { id: roomId } })), 200);
  expectStatus(await get(auth, apiPath(roomRoutes.sections, { params: { id: roomId } })), 200);
  expectStatus(await get(auth, apiPath(documentRoutes.inRoom, { params: { id: roomId } })), 200);
  const { dataRooms } = (await get(auth, apiPath(roomRoutes.accessible))).json as {
    dataRooms: { id: string }[];
  };
  expect(dataRooms.map((room) => room.id)).toEqual([roomId]);
  const me = expectStatus(await get(auth, apiPath(authRoutes.me)), 200).json as {
    user: { onlyRoomId: string | null; managedRoom: unknown };
  };
  expect(me.user).toMatchObject({ onlyRoomId: roomId, managedRoom: null });
}

describe("a founder's copied invitation link opens that room, never the account", () => {
  test("an existing investor's address: the attacker reads their own room as the investor, and none of the investor's rooms", async () => {
    const victimsFounder = await createFounder(t);
    const victimEmail = uniqueEmail('investor');
    await invite(t, victimsFounder, victimEmail);
    const victim = await signInWithMagicLink(t, victimEmail);
    const pendingFounder = await createFounder(t);
    await invite(t, pendingFounder, victimEmail);

    const attacker = await createFounder(t);
    const entered = await openLink(await copiedLinkFor(attacker, victimEmail));
    expect(entered.user.onlyRoomId).toBe(await roomIdOf(attacker));
    await expectReadsOnly(entered.auth, await roomIdOf(attacker));
    await expectNothingBeyond(entered.auth, [await roomIdOf(victimsFounder), await roomIdOf(pendingFounder)]);

    // The victim's other pending invitation is untouched, and their own session lives on.
    const pending = await t.app.database.db
      .selectFrom('invitations')
      .innerJoin('data_rooms', 'data_rooms.id', 'invitations.room_id')
      .select('invitations.used_at')
      .where('invitations.email', '=', victimEmail)
      .where('data_rooms.owner_id', '=', pendingFounder.user.id)
      .executeTakeFirstOrThrow();
    expect(pending.used_at).toBeNull();
    expectStatus(await get(victim.auth, apiPath(authRoutes.me)), 200);
    expectStatus(
      await get(victim.auth, apiPath(roomRoutes.room, { params: { id: await roomIdOf(victimsFounder) } })),
      200,
    );
  });

  test("an existing founder's address: no console, analytics, token, webhook or team of theirs; their sessions live on", async () => {
    const victim = await createFounder(t);
    const victimRoomId = await roomIdOf(victim);
    const attacker = await createFounder(t);
    const entered = await openLink(await copiedLinkFor(attacker, victim.user.email));
    await expectNothingBeyond(entered.auth, [victimRoomId]);
    await expectReadsOnly(entered.auth, await roomIdOf(attacker));
    expectStatus(await get(victim.auth, apiPath(roomRoutes.mine)), 200);
    const tokens = (await get(victim.auth, apiPath(apiTokenRoutes.list))).json as { tokens: unknown[] };
    expect(tokens.tokens).toEqual([]);
  });

  test("a pending co-founder seat stays pending: the attacker cannot take it, and the mailbox's owner still can", async () => {
    const owner = await createFounder(t);
    const seatEmail = uniqueEmail('cofounder');
    await inviteEditor(t, owner, seatEmail, 'Cora Cofounder');
    const attacker = await createFounder(t);
    const entered = await openLink(await copiedLinkFor(attacker, seatEmail));
    await expectNothingBeyond(entered.auth, [await roomIdOf(owner)]);
    const seat = await t.app.database.db
      .selectFrom('invitations')
      .select('used_at')
      .where('email', '=', seatEmail)
      .where('role', '=', 'editor')
      .executeTakeFirstOrThrow();
    expect(seat.used_at).toBeNull();
    const cofounder = await signInWithMagicLink(t, seatEmail);
    expect((await get(cofounder.auth, apiPath(authRoutes.me))).json).toMatchObject({
      user: { managedRoom: { id: await roomIdOf(owner), role: 'editor' }, onlyRoomId: null },
    });
  });

  test("a co-founder's address (seat taken, holding no passkey): the console stays out of reach", async () => {
    const { founder, editorEmail } = await founderWithEditor(t);
    const attacker = await createFounder(t);
    const entered = await openLink(await copiedLinkFor(attacker, editorEmail));
    await expectNothingBeyond(entered.auth, [await roomIdOf(founder)]);
  });

  test('an API token with invitations:write is no way around it', async () => {
    const victim = await createFounder(t);
    const attacker = await createFounder(t);
    const token = await createApiToken(t, attacker, { scopes: ['invitations:write'] });
    const entered = await openLink(await copiedLinkFor(attacker, victim.user.email, token.auth));
    await expectNothingBeyond(entered.auth, [await roomIdOf(victim)]);
  });

  test("the device's own full session of the same account is kept: an investor tapping a new invitation loses nothing", async () => {
    const firstFounder = await createFounder(t);
    const email = uniqueEmail('investor');
    await invite(t, firstFounder, email);
    const investor = await signInWithMagicLink(t, email);
    const secondFounder = await createFounder(t);
    const token = await invite(t, secondFounder, email);
    const response = expectStatus(
      await t.call(authRoutes.acceptInvitation, {
        params: { token },
        headers: { ...investor.auth, ...ourOrigin() },
      }),
      200,
    );
    const body = response.json as { token?: string; user: { onlyRoomId: string | null } };
    expect(body.token).toBeUndefined();
    expect(body.user.onlyRoomId).toBeNull();
    expect(response.headers.get('set-cookie')).toBeNull();
    const { dataRooms } = (await get(investor.auth, apiPath(roomRoutes.accessible))).json as {
      dataRooms: { id: string }[];
    };
    expect(dataRooms.map((room) => room.id).sort()).toEqual(
      [await roomIdOf(firstFounder), await roomIdOf(secondFounder)].sort(),
    );
  });

  test('a one-room session is replaced by the next link opened on the device, never widened', async () => {
    const email = uniqueEmail('investor');
    const first = await createFounder(t);
    const second = await createFounder(t);
    const firstEntry = await openLink(await copiedLinkFor(first, email));
    const secondToken = await copiedLinkFor(second, email);
    const response = expectStatus(
      await t.call(authRoutes.acceptInvitation, {
        params: { token: secondToken },
        headers: { ...firstEntry.auth, ...ourOrigin() },
      }),
      200,
    );
    const secondAuth = { authorization: `Bearer ${(response.json as { token: string }).token}` };
    await expectReadsOnly(secondAuth, await roomIdOf(second));
    expect(
      (await get(secondAuth, apiPath(roomRoutes.room, { params: { id: await roomIdOf(first) } }))).status,
    ).toBe(404);
    expect((await get(firstEntry.auth, apiPath(authRoutes.me))).status).toBe(401);
  });
});

describe('a share-link code opens that room, never the account', () => {
  test("a code for an existing founder's address, through the attacker's own link: their room only", async () => {
    const victim = await createFounder(t);
    const attacker = await createFounder(t);
    const link = await shareLinkOf(attacker);
    const code = await shareCodeFor(link, victim.user.email);
    const entered = expectStatus(await verifyShareCode(link, victim.user.email, code), 200).json as {
      token: string;
      roomId: string;
      user: { onlyRoomId: string | null; managedRoom: unknown };
    };
    expect(entered.user).toMatchObject({ onlyRoomId: await roomIdOf(attacker), managedRoom: null });
    const auth = { authorization: `Bearer ${entered.token}` };
    await expectNothingBeyond(auth, [await roomIdOf(victim)]);
    await expectReadsOnly(auth, await roomIdOf(attacker));
    expectStatus(await get(victim.auth, apiPath(roomRoutes.mine)), 200);
  });
});

describe('removal holds on every way in', () => {
  async function removeInvestor(founder: SignedIn, email: string) {
    const list = (await get(founder.auth, apiPath(invitationRoutes.mine))).json as {
      id: string;
      email: string;
    }[];
    const invitation = list.find((row) => row.email === email);
    if (!invitation) throw new Error(`no invitation for ${email}`);
    expectStatus(await t.call(invitationRoutes.remove, { params: { id: invitation.id }, as: founder }), 204);
  }

  const codeMailsTo = (email: string) =>
    t.smtp.messages.filter(
      (m) => recipientsOf(m).includes(email) && /is your (?:Roundroom )?code/.test(m.subject ?? ''),
    ).length;

  test('a removed investor does not come back through a second share link, nor by their old session', async () => {
    const founder = await createFounder(t);
    const roomId = await roomIdOf(founder);
    const first = await shareLinkOf(founder);
    const second = await shareLinkOf(founder, 'Outreach, second wave');
    const email = uniqueEmail('removed');
    const entered = expectStatus(await verifyShareCode(first, email, await shareCodeFor(first, email)), 200)
      .json as { token: string };
    await removeInvestor(founder, email);
    const oldSession = { authorization: `Bearer ${entered.token}` };
    expect((await get(oldSession, apiPath(roomRoutes.room, { params: { id: roomId } }))).status).toBe(404);
    // The second link answers as it does for anyone, and mails no code to a removed address.
    const mailed = codeMailsTo(email);
    expectStatus(
      await post(guessersBrowser, apiPath(shareLinkRoutes.requestCode, { params: { token: second.token } }), {
        email,
      }),
      200,
    );
    expect(codeMailsTo(email)).toBe(mailed);
    // A magic link proves the mailbox, and still opens nothing of the room.
    const signedIn = await signInWithMagicLink(t, email);
    expect((await get(signedIn.auth, apiPath(roomRoutes.room, { params: { id: roomId } }))).status).toBe(404);
  });

  test('a code mailed before the removal no longer lets the removed investor in', async () => {
    const founder = await createFounder(t);
    const roomId = await roomIdOf(founder);
    const email = uniqueEmail('removed');
    await openLink(await invite(t, founder, email));
    const link = await shareLinkOf(founder);
    const code = await shareCodeFor(link, email);
    await removeInvestor(founder, email);
    const refused = await verifyShareCode(link, email, code);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.headers.get('set-cookie')).toBeNull();
    const rows = await t.app.database.db
      .selectFrom('room_removals')
      .select('email')
      .where('room_id', '=', roomId)
      .execute();
    expect(rows.map((row) => row.email)).toEqual([email]);

    // The founder's own act undoes it: invited again, they open the room.
    const again = await openLink(await invite(t, founder, email));
    expectStatus(await get(again.auth, apiPath(roomRoutes.room, { params: { id: roomId } })), 200);
    expect(
      await t.app.database.db
        .selectFrom('room_removals')
        .select('email')
        .where('room_id', '=', roomId)
        .execute(),
    ).toEqual([]);
  });

  test("the invitation mail's link of a removed investor stays withdrawn", async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('removed');
    const token = await invite(t, founder, email);
    await removeInvestor(founder, email);
    const response = await t.call(authRoutes.acceptInvitation, { params: { token }, headers: ourOrigin() });
    expect(response.status).toBe(410);
  });
});
