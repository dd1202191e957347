import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseConfig } from '#server/config';
import { loadShareLinkKeys } from '#server/security/sealed-tokens';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { documentRoutes } from '#shared/contracts/documents';
import { exportRoutes } from '#shared/contracts/exports';
import { groupRoutes } from '#shared/contracts/groups';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import { shareLinkRoutes } from '#shared/contracts/share-links';
import {
  aBrowser,
  countRows,
  createApiToken,
  createFounder,
  founderWithEditor,
  invite,
  linkIn,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { recipientsOf } from '#tests/support/smtp-server';
import { startTestApp, type TestApp, type TestResponse } from '#tests/support/test-app';
import { shareGatePresentation } from './index';

// Share links that verify the reader (docs/decisions/0071-share-links.md,
// docs/product-rules.md#share-links): nothing is shown before the address is proved by a code or the
// magic link beside it; the reader then is an accepted investor of the link's group. Closed links,
// domains not allowed and refused readers write nothing; codes are few tries and answer without oracle.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (who: SignedIn | undefined, path: string) => t.request('GET', path, { headers: who?.auth ?? {} });
/** The reader's browser: a code it asks for is typed in it (ADR 74). */
const readersBrowser = aBrowser();
const CODE_SENT =
  'If this address may enter, a code is on its way. It can take a minute; check the spam folder too.';
const post = (who: SignedIn | undefined, path: string, json: unknown, app: TestApp = t) =>
  app.request('POST', path, { json, headers: who?.auth ?? readersBrowser });

async function expectStatus(response: Promise<TestResponse>, status: number): Promise<TestResponse> {
  const answered = await response;
  expect(answered.status, answered.text).toBe(status);
  return answered;
}

interface MadeLink {
  id: string;
  url: string;
  token: string;
}

/** A founder's room with every other section for everyone and "Financial information" for "Diligence" only. */
async function tieredRoom() {
  const founder = await createFounder(t);
  const roomId = ((await get(founder, apiPath(roomRoutes.mine))).json as { id: string }).id;
  const diligence = (await expectStatus(post(founder, apiPath(groupRoutes.list), { name: 'Diligence' }), 201))
    .json as { id: string };
  await expectStatus(
    post(founder, apiPath(groupRoutes.setSectionVisibility), {
      section: 'Financial information',
      visibleTo: [diligence.id],
    }),
    200,
  );
  return { founder, roomId, diligenceId: diligence.id };
}

async function makeLink(founder: SignedIn, groupId: string, options: Record<string, unknown> = {}, app = t) {
  const made = await expectStatus(
    post(
      founder,
      apiPath(shareLinkRoutes.list),
      // Names are unique in a room (ADR 76): each link its own unless the test names it.
      { name: `Cold outreach ${crypto.randomUUID().slice(0, 8)}`, groupId, ...options },
      app,
    ),
    201,
  );
  const { link, url } = made.json as { link: { id: string }; url: string };
  return { id: link.id, url, token: url.slice(url.lastIndexOf('/') + 1) } satisfies MadeLink;
}

/** Asks for a code and reads it back from the mail, with the magic link beside it. */
async function requestCode(link: MadeLink, email: string, app = t) {
  const before = app.smtp.messages.length;
  await expectStatus(
    post(undefined, apiPath(shareLinkRoutes.requestCode, { params: { token: link.token } }), { email }, app),
    200,
  );
  const mail = await app.smtp.waitForMessage(
    (m) =>
      app.smtp.messages.indexOf(m) >= before &&
      recipientsOf(m).includes(email) &&
      /is your (?:Roundroom )?code/.test(m.subject ?? ''),
  );
  const code = /^(\d{6}) is your (?:Roundroom )?code/.exec(mail.subject ?? '')?.[1] ?? '';
  const proof = new URL(linkIn(mail, link.url)).searchParams.get('proof') ?? '';
  return { code, proof, mail };
}

async function enter(link: MadeLink, email: string) {
  const { code } = await requestCode(link, email);
  const response = await expectStatus(
    post(undefined, apiPath(shareLinkRoutes.verify, { params: { token: link.token } }), { email, code }),
    200,
  );
  const body = response.json as { state: string; token: string; roomId: string };
  expect(body.state).toBe('admitted');
  return { ...body, auth: { authorization: `Bearer ${body.token}` }, response };
}

const readerOf = (auth: Record<string, string>) => ({ auth }) as SignedIn;

async function investorsOf(founder: SignedIn) {
  return (await get(founder, apiPath(groupRoutes.list))).json as {
    investors: { email: string; groupId: string }[];
  };
}

describe('a reader enters through a share link', () => {
  test('by the code in the mail: an investor of the link group, signed in, reading what the group may read', async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId);
    const email = uniqueEmail('reader');
    expect(
      (await get(undefined, apiPath(shareLinkRoutes.state, { params: { token: link.token } }))).json,
    ).toMatchObject({
      state: 'open',
      requiresApproval: false,
    });
    const entered = await enter(link, email);
    expect(entered.roomId).toBe(room.roomId);
    expect(entered.response.headers.get('set-cookie')).toMatch(/rr_session=/);
    const sections = (
      await get(readerOf(entered.auth), apiPath(roomRoutes.sections, { params: { id: room.roomId } }))
    ).json as {
      content: string;
    };
    expect(sections.content).toContain('Financial information');
    expect((await investorsOf(room.founder)).investors).toContainEqual(
      expect.objectContaining({ email, groupId: room.diligenceId }),
    );
    const listed = (await get(room.founder, apiPath(shareLinkRoutes.list))).json as {
      links: { id: string; readerCount: number; readers: { email: string; state: string }[] }[];
    };
    expect(listed.links[0]).toMatchObject({
      id: link.id,
      readerCount: 1,
      readers: [{ email, state: 'admitted' }],
    });
  });

  test('a link of "All investors" does not show a section hidden from that group', async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.roomId);
    const entered = await enter(link, uniqueEmail('reader'));
    const sections = (
      await get(readerOf(entered.auth), apiPath(roomRoutes.sections, { params: { id: room.roomId } }))
    ).json as {
      content: string;
    };
    expect(sections.content).toContain('Legal documents');
    expect(sections.content).not.toContain('Financial information');
  });

  test('by the magic link in the same mail, once', async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId);
    const email = uniqueEmail('reader');
    const { proof } = await requestCode(link, email);
    const first = await expectStatus(
      post(undefined, apiPath(shareLinkRoutes.verify, { params: { token: link.token } }), { proof }),
      200,
    );
    expect((first.json as { state: string }).state).toBe('admitted');
    const again = await expectStatus(
      post(undefined, apiPath(shareLinkRoutes.verify, { params: { token: link.token } }), { proof }),
      400,
    );
    expect((again.json as { error: string }).error).toBe('invalid_code');
  });

  test('an address already a member signs in, its group unchanged', async () => {
    const room = await tieredRoom();
    const email = uniqueEmail('member');
    await invite(t, room.founder, email);
    await signInWithMagicLink(t, email);
    const link = await makeLink(room.founder, room.diligenceId);
    await enter(link, email);
    expect((await investorsOf(room.founder)).investors).toContainEqual(
      expect.objectContaining({ email, groupId: room.roomId }),
    );
  });
});

describe('an address the founder invited', () => {
  test('invited and not yet in: signs in by the link, its group unchanged', async () => {
    const room = await tieredRoom();
    const email = uniqueEmail('invited');
    await invite(t, room.founder, email);
    const link = await makeLink(room.founder, room.diligenceId);
    await enter(link, email);
    expect((await investorsOf(room.founder)).investors).toContainEqual(
      expect.objectContaining({ email, groupId: room.roomId }),
    );
  });

  test('whose invitation expired: the link renews it and lets them in', async () => {
    const room = await tieredRoom();
    const email = uniqueEmail('expired');
    await invite(t, room.founder, email);
    await t.app.database.db
      .updateTable('invitations')
      .set({ expires_at: Date.now() - 1000 })
      .where('email', '=', email)
      .execute();
    const link = await makeLink(room.founder, room.diligenceId);
    const entered = await enter(link, email);
    await expectStatus(
      get(readerOf(entered.auth), apiPath(roomRoutes.sections, { params: { id: room.roomId } })),
      200,
    );
  });
});

describe('nothing is shown or written before the proof', () => {
  test('opening the link 10,000 times writes nothing and mails nobody, and the per-IP limit holds', async () => {
    const limited = await startTestApp({ environment: { AUTH_RATE_LIMIT_PER_IP: '200' } });
    try {
      const founder = await createFounder(limited);
      const roomId = (await limited.call(roomRoutes.mine, { as: founder })).json.id;
      const link = await makeLink(founder, roomId, {}, limited);
      const rowsBefore = await countRows(limited);
      const mailsBefore = limited.smtp.messages.length;
      const statuses = new Map<number, number>();
      for (let batch = 0; batch < 500; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, () =>
            limited.call(shareLinkRoutes.state, { params: { token: link.token } }),
          ),
        );
        for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
      expect(statuses.get(200)).toBe(200);
      expect(statuses.get(429)).toBe(9800);
      expect(await countRows(limited)).toEqual(rowsBefore);
      expect(limited.smtp.messages.length).toBe(mailsBefore);
    } finally {
      await limited.close();
    }
  }, 120_000);

  test('an unknown link answers 404 and a malformed one 400, with nothing of any room', async () => {
    const unknown = await expectStatus(
      get(undefined, apiPath(shareLinkRoutes.state, { params: { token: 'A'.repeat(43) } })),
      404,
    );
    expect((unknown.json as { error: string }).error).toBe('share_link_not_found');
    await expectStatus(
      get(undefined, apiPath(shareLinkRoutes.state, { params: { token: 'not%20a%20token' } })),
      400,
    );
    await expectStatus(
      post(undefined, apiPath(shareLinkRoutes.requestCode, { params: { token: 'A'.repeat(43) } }), {
        email: uniqueEmail(),
      }),
      404,
    );
  });

  test('the page answers no room content: the state, whose room it is and that it opens a room, nothing more', async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId);
    const state = await get(undefined, apiPath(shareLinkRoutes.state, { params: { token: link.token } }));
    expect(Object.keys(state.json as object).sort()).toEqual(['opens', 'requiresApproval', 'room', 'state']);
    expect(Object.keys((state.json as { room: object }).room).sort()).toEqual([
      'companyName',
      'founderFirstName',
    ]);
    expect(state.headers.get('cache-control')).toBe('no-store');
  });
});

describe("the link's page and its code mail say whose room it is, unless the founder turns it off", () => {
  /** A founder whose company and address the tests look for in every answer. */
  async function namedRoom(name = 'Fran Founder') {
    const email = uniqueEmail('named-founder');
    const companyName = `Acme ${Date.now().toString(36)}`;
    const founder = await createFounder(t, { name, email, companyName });
    const roomId = ((await get(founder, apiPath(roomRoutes.mine))).json as { id: string }).id;
    return { founder, email, companyName, roomId };
  }

  const stateOf = async (link: MadeLink) => {
    const answer = await expectStatus(
      get(undefined, apiPath(shareLinkRoutes.state, { params: { token: link.token } })),
      200,
    );
    return { ...(answer.json as { state: string; room: unknown }), text: answer.text };
  };
  const linkOf = async (founder: SignedIn, id: string) =>
    ((await get(founder, apiPath(shareLinkRoutes.list))).json as { links: ShareLinkView[] }).links.find(
      (link) => link.id === id,
    );
  type ShareLinkView = { id: string; namesTheRoom: boolean };

  test("on by default: the company's name and the founder's first name, never the last name, address or stage", async () => {
    const room = await namedRoom();
    const link = await makeLink(room.founder, room.roomId);
    expect((await linkOf(room.founder, link.id))?.namesTheRoom).toBe(true);
    const state = await stateOf(link);
    expect(state.room).toEqual({ companyName: room.companyName, founderFirstName: 'Fran' });
    for (const secret of ['Founder', room.email, room.email.split('@')[0], 'Series A'])
      expect(state.text).not.toContain(secret);
    // The same answer the server writes into the page's HTML.
    expect(await shareGatePresentation(t.app.ctx, link.token)).toEqual(state.room);
  });

  test("the code mail's subject and first line name the company", async () => {
    const room = await namedRoom();
    const link = await makeLink(room.founder, room.roomId);
    const { code, mail } = await requestCode(link, uniqueEmail('reader'));
    expect(mail.subject).toBe(`${code} is your code for the ${room.companyName} data room`);
    expect((mail.text ?? '').split('\n')[0]).toBe(
      `Your code for the ${room.companyName} data room is ${code}. Type it on the page that asked for it, or open the link below on this device.`,
    );
    expect(mail.html).toContain(`Your code for the ${room.companyName} data room`);
    expect(`${mail.text}${mail.html}`).not.toContain(room.email);
  });

  test('turned off when made: the page and the mail name nobody; turned on and off again by a change', async () => {
    const room = await namedRoom();
    const link = await makeLink(room.founder, room.roomId, { namesTheRoom: false });
    expect((await linkOf(room.founder, link.id))?.namesTheRoom).toBe(false);
    const off = await stateOf(link);
    expect(off.room).toBeNull();
    for (const secret of [room.companyName, 'Fran', room.email]) expect(off.text).not.toContain(secret);
    expect(await shareGatePresentation(t.app.ctx, link.token)).toBeNull();
    const { code, mail } = await requestCode(link, uniqueEmail('reader'));
    expect(mail.subject).toBe(`${code} is your Roundroom code`);
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain(room.companyName);

    const on = await expectStatus(
      post(room.founder, apiPath(shareLinkRoutes.update, { params: { id: link.id } }), {
        namesTheRoom: true,
      }),
      200,
    );
    expect((on.json as ShareLinkView).namesTheRoom).toBe(true);
    expect((await stateOf(link)).room).toEqual({ companyName: room.companyName, founderFirstName: 'Fran' });
    await expectStatus(
      post(room.founder, apiPath(shareLinkRoutes.update, { params: { id: link.id } }), {
        namesTheRoom: false,
      }),
      200,
    );
    expect((await stateOf(link)).room).toBeNull();
  });

  test('a link that lets nobody new in names nobody: turned off, expired, full, or its room closed', async () => {
    const room = await namedRoom();
    const secrets = [room.companyName, 'Fran', room.email];
    const expectNamesNobody = async (link: MadeLink, state: string) => {
      const answer = await stateOf(link);
      expect(answer.state).toBe(state);
      expect(answer.room).toBeNull();
      for (const secret of secrets) expect(answer.text).not.toContain(secret);
      expect(await shareGatePresentation(t.app.ctx, link.token)).toBeNull();
    };
    const disabled = await makeLink(room.founder, room.roomId);
    await expectStatus(
      post(room.founder, apiPath(shareLinkRoutes.update, { params: { id: disabled.id } }), {
        isDisabled: true,
      }),
      200,
    );
    await expectNamesNobody(disabled, 'disabled');

    const expiring = await makeLink(room.founder, room.roomId, {
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    expect((await stateOf(expiring)).room).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1600));
    await expectNamesNobody(expiring, 'expired');

    const full = await makeLink(room.founder, room.roomId, { maxReaders: 1 });
    await enter(full, uniqueEmail('first'));
    await expectNamesNobody(full, 'full');

    const open = await makeLink(room.founder, room.roomId);
    await expectStatus(post(room.founder, apiPath(roomRoutes.setStatus), { isActive: false }), 200);
    await expectNamesNobody(open, 'open');
  });

  test('a token that is no link, or is malformed, names nobody', async () => {
    expect(await shareGatePresentation(t.app.ctx, 'A'.repeat(43))).toBeNull();
    expect(await shareGatePresentation(t.app.ctx, '../../etc/passwd')).toBeNull();
    expect(await shareGatePresentation(t.app.ctx, 'A'.repeat(10_000))).toBeNull();
  });

  test('a founder name typed as an address is not shown; only the first word of a name is', async () => {
    const typedAsAddress = await namedRoom('fran@fund.vc Founder');
    const link = await makeLink(typedAsAddress.founder, typedAsAddress.roomId);
    const state = await stateOf(link);
    expect(state.room).toEqual({ companyName: typedAsAddress.companyName, founderFirstName: null });
    expect(state.text).not.toContain('fran@fund.vc');
    const spaced = await namedRoom('  Ada   Lovelace ');
    expect((await stateOf(await makeLink(spaced.founder, spaced.roomId))).room).toEqual({
      companyName: spaced.companyName,
      founderFirstName: 'Ada',
    });
  });

  test("only the room's managers set it: a co-founder may; a stranger, an investor, a code's session, an API token and nobody change nothing", async () => {
    const { founder, editor } = await founderWithEditor(t);
    const roomId = ((await get(founder, apiPath(roomRoutes.mine))).json as { id: string }).id;
    const link = await makeLink(founder, roomId);
    const byCoFounder = await expectStatus(
      post(editor, apiPath(shareLinkRoutes.update, { params: { id: link.id } }), { namesTheRoom: false }),
      200,
    );
    expect((byCoFounder.json as ShareLinkView).namesTheRoom).toBe(false);
    await expectStatus(
      post(editor, apiPath(shareLinkRoutes.update, { params: { id: link.id } }), { namesTheRoom: true }),
      200,
    );

    const stranger = await createFounder(t);
    const email = uniqueEmail('reader');
    const codeSession = readerOf((await enter(link, email)).auth);
    const investor = readerOf((await signInWithMagicLink(t, email)).auth);
    const token = await createApiToken(t, founder, { scopes: ['invitations:write', 'documents:write'] });
    const refusals: [SignedIn | undefined, number][] = [
      [stranger, 404],
      [investor, 403],
      [codeSession, 401],
      [readerOf(token.auth), 403],
      [undefined, 401],
    ];
    for (const [caller, status] of refusals) {
      await expectStatus(
        post(caller, apiPath(shareLinkRoutes.update, { params: { id: link.id } }), { namesTheRoom: false }),
        status,
      );
      await expectStatus(
        post(caller, apiPath(shareLinkRoutes.list), {
          name: 'Theirs',
          groupId: roomId,
          namesTheRoom: false,
        }),
        status,
      );
    }
    expect((await linkOf(founder, link.id))?.namesTheRoom).toBe(true);
    expect(
      ((await get(founder, apiPath(shareLinkRoutes.list))).json as { links: unknown[] }).links,
    ).toHaveLength(1);
    expect((await stateOf(link)).room).not.toBeNull();
  });

  test('a value that is not true or false is a 400 naming the field, nothing written', async () => {
    const room = await namedRoom();
    const link = await makeLink(room.founder, room.roomId);
    const rows = await countRows(t);
    for (const value of ['yes', 1, null]) {
      const made = await expectStatus(
        post(room.founder, apiPath(shareLinkRoutes.list), {
          name: 'A',
          groupId: room.roomId,
          namesTheRoom: value,
        }),
        400,
      );
      expect(made.text).toMatch(/namesTheRoom/);
      const changed = await expectStatus(
        post(room.founder, apiPath(shareLinkRoutes.update, { params: { id: link.id } }), {
          namesTheRoom: value,
        }),
        400,
      );
      expect(changed.text).toMatch(/namesTheRoom/);
    }
    expect(await countRows(t)).toEqual(rows);
    expect((await linkOf(room.founder, link.id))?.namesTheRoom).toBe(true);
  });
});

describe('codes', () => {
  test('guessed: locked after five tries, and every failure answers alike', async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId);
    const email = uniqueEmail('reader');
    const { code } = await requestCode(link, email);
    const wrong = code === '000000' ? '000001' : '000000';
    const answers: TestResponse[] = [];
    for (let attempt = 0; attempt < 5; attempt++)
      answers.push(
        await post(undefined, apiPath(shareLinkRoutes.verify, { params: { token: link.token } }), {
          email,
          code: wrong,
        }),
      );
    // Spent: the right code now answers exactly as a wrong one, and as an address that asked for none.
    answers.push(
      await post(undefined, apiPath(shareLinkRoutes.verify, { params: { token: link.token } }), {
        email,
        code,
      }),
    );
    answers.push(
      await post(undefined, apiPath(shareLinkRoutes.verify, { params: { token: link.token } }), {
        email: uniqueEmail(),
        code,
      }),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.text).toBe(answers[0]?.text);
    }
    expect((await investorsOf(room.founder)).investors.map((investor) => investor.email)).not.toContain(
      email,
    );
  });

  test('parallel guesses each spend a try: at most five are compared', async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId);
    const email = uniqueEmail('reader');
    const { code } = await requestCode(link, email);
    const guesses = Array.from({ length: 40 }, (_, index) => String(index).padStart(6, '0')).filter(
      (guess) => guess !== code,
    );
    await Promise.all(
      guesses.map((guess) =>
        post(undefined, apiPath(shareLinkRoutes.verify, { params: { token: link.token } }), {
          email,
          code: guess,
        }),
      ),
    );
    await expectStatus(
      post(undefined, apiPath(shareLinkRoutes.verify, { params: { token: link.token } }), { email, code }),
      400,
    );
  });

  test('only the newest code proves the address', async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId);
    const email = uniqueEmail('reader');
    const first = await requestCode(link, email);
    const second = await requestCode(link, email);
    if (first.code !== second.code)
      await expectStatus(
        post(undefined, apiPath(shareLinkRoutes.verify, { params: { token: link.token } }), {
          email,
          code: first.code,
        }),
        400,
      );
    await expectStatus(
      post(undefined, apiPath(shareLinkRoutes.verify, { params: { token: link.token } }), {
        email,
        code: second.code,
      }),
      200,
    );
  });

  test('hostile bodies: a 400 naming the field, nothing written', async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId);
    const rows = await countRows(t);
    for (const body of [{}, { email: 'not-an-address' }, { email: uniqueEmail(), extra: 1 }]) {
      const answer = await expectStatus(
        post(undefined, apiPath(shareLinkRoutes.requestCode, { params: { token: link.token } }), body),
        400,
      );
      expect(answer.text).toMatch(/email|extra/);
    }
    for (const body of [
      { email: uniqueEmail(), code: '12345' },
      { email: uniqueEmail(), code: 'abcdef' },
      { proof: '../x' },
    ]) {
      await expectStatus(
        post(undefined, apiPath(shareLinkRoutes.verify, { params: { token: link.token } }), body),
        400,
      );
    }
    expect(await countRows(t)).toEqual(rows);
  });

  test('per address and per link, codes are limited; the refusal writes and mails nothing', async () => {
    const limited = await startTestApp({
      environment: { MAGIC_LINKS_PER_EMAIL: '2', SHARE_CODES_PER_LINK: '3' },
    });
    try {
      const founder = await createFounder(limited);
      const roomId = (await limited.call(roomRoutes.mine, { as: founder })).json.id;
      const link = await makeLink(founder, roomId, {}, limited);
      const email = uniqueEmail('reader');
      await requestCode(link, email, limited);
      await requestCode(link, email, limited);
      const perAddress = await post(
        undefined,
        apiPath(shareLinkRoutes.requestCode, { params: { token: link.token } }),
        { email },
        limited,
      );
      expect(perAddress.status).toBe(429);
      expect(perAddress.headers.get('retry-after')).toBe('900');
      await requestCode(link, uniqueEmail('other'), limited);
      const rows = await countRows(limited);
      const mails = limited.smtp.messages.length;
      const perLink = await post(
        undefined,
        apiPath(shareLinkRoutes.requestCode, { params: { token: link.token } }),
        { email: uniqueEmail() },
        limited,
      );
      expect(perLink.status).toBe(429);
      expect(await countRows(limited)).toEqual(rows);
      expect(limited.smtp.messages.length).toBe(mails);
    } finally {
      await limited.close();
    }
  });
});

describe('closed links and domains answer in words and write nothing', () => {
  async function expectRefused(link: MadeLink, email: string, status: number, code: string) {
    const rows = await countRows(t);
    const mails = t.smtp.messages.length;
    const answer = await expectStatus(
      post(undefined, apiPath(shareLinkRoutes.requestCode, { params: { token: link.token } }), { email }),
      status,
    );
    expect((answer.json as { error: string }).error).toBe(code);
    expect(await countRows(t)).toEqual(rows);
    expect(t.smtp.messages.length).toBe(mails);
  }

  /**
   * A refusal that depends on the address answers as a code sent would (ADR 74): no oracle of who is in
   * the room, refused or of which domain; nothing written, nothing mailed.
   */
  async function expectSilentlyRefused(link: MadeLink, email: string) {
    const rows = await countRows(t);
    const mails = t.smtp.messages.length;
    const answer = await expectStatus(
      post(undefined, apiPath(shareLinkRoutes.requestCode, { params: { token: link.token } }), { email }),
      200,
    );
    expect(answer.json).toEqual({ message: CODE_SENT });
    expect(await countRows(t)).toEqual(rows);
    expect(t.smtp.messages.length).toBe(mails);
  }

  test('a disabled link, and again once turned back on', async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId);
    await expectStatus(
      post(room.founder, apiPath(shareLinkRoutes.update, { params: { id: link.id } }), { isDisabled: true }),
      200,
    );
    expect(
      (
        (await get(undefined, apiPath(shareLinkRoutes.state, { params: { token: link.token } }))).json as {
          state: string;
        }
      ).state,
    ).toBe('disabled');
    await expectRefused(link, uniqueEmail(), 410, 'share_link_disabled');
    await expectStatus(
      post(room.founder, apiPath(shareLinkRoutes.update, { params: { id: link.id } }), { isDisabled: false }),
      200,
    );
    await enter(link, uniqueEmail());
  });

  test('a code asked before the link was turned off lets nobody in after', async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId);
    const email = uniqueEmail();
    const { code } = await requestCode(link, email);
    await expectStatus(
      post(room.founder, apiPath(shareLinkRoutes.update, { params: { id: link.id } }), { isDisabled: true }),
      200,
    );
    const answer = await expectStatus(
      post(undefined, apiPath(shareLinkRoutes.verify, { params: { token: link.token } }), { email, code }),
      410,
    );
    expect((answer.json as { error: string }).error).toBe('share_link_disabled');
    expect((await investorsOf(room.founder)).investors.map((investor) => investor.email)).not.toContain(
      email,
    );
  });

  test('an expired link', async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId, {
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    await expectRefused(link, uniqueEmail(), 410, 'share_link_expired');
  });

  test('a full link refuses new readers, not the ones it let in', async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId, { maxReaders: 1 });
    const first = uniqueEmail('first');
    await enter(link, first);
    expect(
      (
        (await get(undefined, apiPath(shareLinkRoutes.state, { params: { token: link.token } }))).json as {
          state: string;
        }
      ).state,
    ).toBe('full');
    await expectSilentlyRefused(link, uniqueEmail('second'));
    await enter(link, first);
  });

  test('a domain not allowed', async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId, { allowedDomains: ['@Example.VC'] });
    await expectSilentlyRefused(link, uniqueEmail());
    const allowed = `partner-${Date.now()}@example.vc`;
    await enter(link, allowed);
  });
});

describe('approval', () => {
  test('refused: the reader waits, the founder is told, refuses, and the link never lets them in', async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId, { requiresApproval: true });
    const email = uniqueEmail('waiting');
    const { code } = await requestCode(link, email);
    const waiting = await expectStatus(
      post(undefined, apiPath(shareLinkRoutes.verify, { params: { token: link.token } }), { email, code }),
      200,
    );
    expect(waiting.json).toEqual({
      state: 'pending',
      message: 'The founder has been asked to let you in. You will get an e-mail when they decide.',
    });
    expect(waiting.headers.get('set-cookie')).toBeNull();
    await t.smtp.waitForMessage((mail) => (mail.subject ?? '').startsWith(`${email} asks to enter`));
    const listed = (await get(room.founder, apiPath(shareLinkRoutes.list))).json as {
      links: { readers: { id: string; state: string }[] }[];
    };
    const reader = listed.links[0]?.readers[0];
    expect(reader?.state).toBe('pending');
    await expectStatus(
      post(room.founder, apiPath(shareLinkRoutes.decide, { params: { id: String(reader?.id) } }), {
        decision: 'refuse',
      }),
      200,
    );
    await t.smtp.waitForMessage(
      (mail) => recipientsOf(mail).includes(email) && /About the/.test(mail.subject ?? ''),
    );
    await expectStatus(
      post(room.founder, apiPath(shareLinkRoutes.decide, { params: { id: String(reader?.id) } }), {
        decision: 'approve',
      }),
      409,
    );
    const mails = t.smtp.messages.length;
    const refused = await expectStatus(
      post(undefined, apiPath(shareLinkRoutes.requestCode, { params: { token: link.token } }), { email }),
      200,
    );
    expect(refused.json).toEqual({ message: CODE_SENT });
    expect(t.smtp.messages.length).toBe(mails);
    // The code spent on the wait proves nothing again.
    const answer = await expectStatus(
      post(undefined, apiPath(shareLinkRoutes.verify, { params: { token: link.token } }), { email, code }),
      400,
    );
    expect((answer.json as { error: string }).error).toBe('invalid_code');
    expect((await investorsOf(room.founder)).investors.map((investor) => investor.email)).not.toContain(
      email,
    );
  });

  test('approved: the reader is mailed a sign-in link and reads as the link group', async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId, { requiresApproval: true });
    const email = uniqueEmail('approved');
    const { code } = await requestCode(link, email);
    await expectStatus(
      post(undefined, apiPath(shareLinkRoutes.verify, { params: { token: link.token } }), { email, code }),
      200,
    );
    const listed = (await get(room.founder, apiPath(shareLinkRoutes.list))).json as {
      links: { readers: { id: string }[] }[];
    };
    await expectStatus(
      post(
        room.founder,
        apiPath(shareLinkRoutes.decide, { params: { id: String(listed.links[0]?.readers[0]?.id) } }),
        {
          decision: 'approve',
        },
      ),
      200,
    );
    const mail = await t.smtp.waitForMessage(
      (m) => recipientsOf(m).includes(email) && /sign-in link/.test(m.subject ?? ''),
    );
    const token = new URL(linkIn(mail, `${t.config.appUrl}/verify?token=`)).searchParams.get('token');
    const signedIn = await expectStatus(post(undefined, apiPath(authRoutes.verify), { token }), 200);
    const reader = readerOf({ authorization: `Bearer ${(signedIn.json as { token: string }).token}` });
    const sections = (await get(reader, apiPath(roomRoutes.sections, { params: { id: room.roomId } })))
      .json as {
      content: string;
    };
    expect(sections.content).toContain('Financial information');
  });
});

describe("the founder's routes", () => {
  test('refuse bad input with a 400 naming the field, and write nothing', async () => {
    const room = await tieredRoom();
    const otherRoom = await tieredRoom();
    const rows = await countRows(t);
    const bodies: [Record<string, unknown>, RegExp][] = [
      [{ name: '', groupId: room.diligenceId }, /name/],
      [{ name: 'x'.repeat(81), groupId: room.diligenceId }, /name/],
      [{ name: 'A', groupId: 'nope' }, /groupId/],
      [{ name: 'A', groupId: room.diligenceId, allowedDomains: ['not a domain'] }, /allowedDomains/],
      [{ name: 'A', groupId: room.diligenceId, maxReaders: 0 }, /maxReaders/],
      [{ name: 'A', groupId: room.diligenceId, maxReaders: 1.5 }, /maxReaders/],
      [{ name: 'A', groupId: room.diligenceId, expiresAt: '2020-01-01T00:00:00Z' }, /expiresAt/],
      [{ name: 'A', groupId: room.diligenceId, tokenHash: 'x' }, /tokenHash/],
    ];
    for (const [body, field] of bodies) {
      const answer = await expectStatus(post(room.founder, apiPath(shareLinkRoutes.list), body), 400);
      expect(answer.text).toMatch(field);
    }
    await expectStatus(
      post(room.founder, apiPath(shareLinkRoutes.list), { name: 'A', groupId: otherRoom.diligenceId }),
      404,
    );
    expect(await countRows(t)).toEqual(rows);
  });

  test("only the room's managers: another founder's link is not found, an investor is refused", async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId);
    const stranger = await createFounder(t);
    await expectStatus(
      post(stranger, apiPath(shareLinkRoutes.update, { params: { id: link.id } }), { name: 'Mine' }),
      404,
    );
    const email = uniqueEmail();
    const entered = await enter(link, email);
    // The code's session reads the room only: the console asks for the mailbox first (ADR 74) ...
    await expectStatus(get(readerOf(entered.auth), apiPath(shareLinkRoutes.list)), 401);
    // ... and once proven, an investor is refused there as everywhere in the console.
    const investor = readerOf((await signInWithMagicLink(t, email)).auth);
    await expectStatus(get(investor, apiPath(shareLinkRoutes.list)), 403);
    await expectStatus(
      post(investor, apiPath(shareLinkRoutes.update, { params: { id: link.id } }), { isDisabled: true }),
      403,
    );
    await expectStatus(get(undefined, apiPath(shareLinkRoutes.list)), 401);
    await expectStatus(
      post(room.founder, apiPath(shareLinkRoutes.update, { params: { id: link.id } }), {}),
      400,
    );
  });
});

describe("a link's readers, a page at a time", () => {
  /** `count` readers of the link (rows only), one a minute from `from`, in the given states by index. */
  async function seedReaders(
    roomId: string,
    linkId: string,
    count: number,
    stateOf: (index: number) => string,
  ) {
    const from = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: count }, (_, index) => ({
      id: crypto.randomUUID(),
      share_link_id: linkId,
      room_id: roomId,
      email: `reader-${index}@${linkId.slice(0, 8)}.example`,
      state: stateOf(index) as 'pending' | 'admitted' | 'refused',
      created_at: from + index * 60_000,
      decided_at: null,
    }));
    await t.app.database.db.insertInto('share_link_readers').values(rows).execute();
    return rows;
  }

  test('the list gives each link its first 50 (those waiting first, then the newest), the rest come page by page', async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId);
    const quiet = await makeLink(room.founder, room.diligenceId);
    // 120 readers: the three oldest wait, every tenth was refused; five more on another link.
    const rows = await seedReaders(room.roomId, link.id, 120, (index) =>
      index < 3 ? 'pending' : index % 10 === 0 ? 'refused' : 'admitted',
    );
    await seedReaders(room.roomId, quiet.id, 5, () => 'admitted');

    const listed = await t.call(shareLinkRoutes.list, { as: room.founder });
    expect(listed.status, listed.text).toBe(200);
    const first = listed.json.links.find((each) => each.id === link.id);
    const other = listed.json.links.find((each) => each.id === quiet.id);
    expect(other).toMatchObject({ readerCount: 5, waitingCount: 0, moreReaders: null });
    expect(other?.readers).toHaveLength(5);
    expect(first).toMatchObject({ readerCount: 109, waitingCount: 3, moreReaders: expect.any(String) });
    expect(first?.readers).toHaveLength(50);
    const newestFirst = [...rows].sort((a, b) => b.created_at - a.created_at);
    const expected = [
      ...rows.filter((row) => row.state === 'pending').sort((a, b) => b.created_at - a.created_at),
      ...newestFirst.filter((row) => row.state !== 'pending'),
    ].map((row) => row.email);
    expect(first?.readers.map((reader) => reader.email)).toEqual(expected.slice(0, 50));

    const seen = [...(first?.readers ?? [])];
    let after = first?.moreReaders ?? null;
    const pages: number[] = [];
    while (after) {
      const page = await t.call(shareLinkRoutes.readers, {
        params: { id: link.id },
        query: { after },
        as: room.founder,
      });
      expect(page.status, page.text).toBe(200);
      pages.push(page.json.readers.length);
      seen.push(...page.json.readers);
      after = page.json.moreReaders;
    }
    expect(pages).toEqual([50, 20]);
    expect(seen.map((reader) => reader.email)).toEqual(expected);

    // The first page from the route itself is the list's.
    const fromStart = await t.call(shareLinkRoutes.readers, { params: { id: link.id }, as: room.founder });
    expect(fromStart.json.readers.map((reader) => reader.email)).toEqual(expected.slice(0, 50));
  });

  test("another room's link is not found, an investor or nobody is refused, a made-up cursor is a 400", async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId);
    const stranger = await createFounder(t);
    const readers = (as: SignedIn | undefined, after?: string) =>
      t.call(shareLinkRoutes.readers, { params: { id: link.id }, query: { after }, as });
    await expectStatus(readers(stranger), 404);
    await expectStatus(readers(undefined), 401);
    const email = uniqueEmail();
    await invite(t, room.founder, email);
    await expectStatus(readers(await signInWithMagicLink(t, email)), 403);
    const bad = await expectStatus(readers(room.founder, "1.0.'; drop table"), 400);
    expect(bad.text).toMatch(/after/);
    await expectStatus(
      t.call(shareLinkRoutes.readers, { params: { id: 'not-a-link' }, as: room.founder }),
      400,
    );
  });
});

describe('analytics and exports filtered by link', () => {
  test("exports keep the link's readers only; another room's link, or none, is a 404", async () => {
    const room = await tieredRoom();
    const uploaded = await uploadFile(
      t,
      room.founder,
      { name: 'Deck.pdf', bytes: uniquePdf() },
      { section: 'Legal documents' },
    );
    expect(uploaded.status, uploaded.text).toBe(201);
    const documentId = (uploaded.json as { document: { id: string } }).document.id;
    const link = await makeLink(room.founder, room.roomId);
    const linkReaderEmail = uniqueEmail('linked');
    const linkReader = readerOf((await enter(link, linkReaderEmail)).auth);
    const invitedEmail = uniqueEmail('invited');
    await invite(t, room.founder, invitedEmail);
    const invited = await signInWithMagicLink(t, invitedEmail);
    for (const reader of [linkReader, invited])
      await expectStatus(get(reader, apiPath(documentRoutes.download, { params: { id: documentId } })), 200);

    const byLink = await expectStatus(
      get(room.founder, apiPath(exportRoutes['access-log'], { query: { shareLink: link.id } })),
      200,
    );
    expect(byLink.text).toContain(linkReaderEmail);
    expect(byLink.text).not.toContain(invitedEmail);
    const all = await expectStatus(get(room.founder, apiPath(exportRoutes['access-log'])), 200);
    expect(all.text).toContain(invitedEmail);
    const investors = await expectStatus(
      get(room.founder, apiPath(exportRoutes.investors, { query: { shareLink: link.id } })),
      200,
    );
    expect(investors.text).toContain(linkReaderEmail.split('@')[0]);
    expect(investors.text).not.toContain(invitedEmail.split('@')[0]);

    const analytics = await expectStatus(
      get(room.founder, apiPath(readingRoutes.room, { query: { shareLink: link.id } })),
      200,
    );
    expect(analytics.text).not.toContain(invitedEmail);

    const other = await tieredRoom();
    const otherLink = await makeLink(other.founder, other.roomId);
    for (const path of [apiPath(exportRoutes['access-log']), apiPath(readingRoutes.room)]) {
      const foreign = await expectStatus(get(room.founder, `${path}?shareLink=${otherLink.id}`), 404);
      expect((foreign.json as { error: string }).error).toBe('share_link_not_found');
      await expectStatus(get(room.founder, `${path}?shareLink=not-a-link`), 400);
    }
  });
});

describe('an address copied again (ADR 76)', () => {
  const addressOf = (who: SignedIn | undefined, linkId: string) =>
    get(who, apiPath(shareLinkRoutes.address, { params: { id: linkId } }));

  test('the same address as often as asked, by the owner or a co-founder, and it still lets a reader in', async () => {
    const { founder, editor } = await founderWithEditor(t);
    const roomId = ((await get(founder, apiPath(roomRoutes.mine))).json as { id: string }).id;
    const link = await makeLink(founder, roomId);
    for (const manager of [founder, editor, founder]) {
      const answer = await expectStatus(addressOf(manager, link.id), 200);
      expect(answer.json).toEqual({ url: link.url });
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    const listed = (await get(founder, apiPath(shareLinkRoutes.list))).json as {
      links: { id: string; addressKept: boolean }[];
    };
    expect(listed.links.find((made) => made.id === link.id)?.addressKept).toBe(true);
    expect(JSON.stringify(listed)).not.toContain(link.token);
    await enter(link, uniqueEmail('copied-again'));
  });

  test("nobody else reads or renews an address: nobody, an investor, another room's founder, a guessed id", async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId);
    const email = uniqueEmail('reader');
    await enter(link, email);
    const investor = readerOf((await signInWithMagicLink(t, email)).auth);
    const stranger = await createFounder(t);
    const strangersLink = await makeLink(
      stranger,
      ((await get(stranger, apiPath(roomRoutes.mine))).json as { id: string }).id,
    );
    const rows = await countRows(t);
    const refusals: [SignedIn | undefined, string, number][] = [
      [undefined, link.id, 401],
      [investor, link.id, 403],
      [stranger, link.id, 404],
      [room.founder, strangersLink.id, 404],
      [room.founder, crypto.randomUUID(), 404],
    ];
    for (const [who, id, status] of refusals) {
      const read = await expectStatus(addressOf(who, id), status);
      expect(read.text).not.toContain(link.token);
      expect(read.text).not.toContain(strangersLink.token);
      const renewed = await expectStatus(
        post(who, apiPath(shareLinkRoutes.newAddress, { params: { id } }), {}),
        status,
      );
      expect(renewed.text).not.toContain('/share/');
    }
    await expectStatus(addressOf(room.founder, 'not-a-link'), 400);
    expect(await countRows(t)).toEqual(rows);
    // Both links still let readers in by their first address.
    for (const made of [link, strangersLink])
      await expectStatus(
        get(undefined, apiPath(shareLinkRoutes.state, { params: { token: made.token } })),
        200,
      );
  });

  test('a new address: the old one lets nobody in, the link keeps its id, readers and settings', async () => {
    const room = await tieredRoom();
    const link = await makeLink(room.founder, room.diligenceId, { maxReaders: 5 });
    const first = uniqueEmail('before');
    await enter(link, first);
    const renewed = await expectStatus(
      post(room.founder, apiPath(shareLinkRoutes.newAddress, { params: { id: link.id } }), {}),
      200,
    );
    const { link: view, url } = renewed.json as {
      link: { id: string; readers: { email: string }[]; maxReaders: number; addressKept: boolean };
      url: string;
    };
    expect(url).not.toBe(link.url);
    expect(view).toMatchObject({ id: link.id, maxReaders: 5, addressKept: true });
    expect(view.readers.map((reader) => reader.email)).toEqual([first]);
    expect((await expectStatus(addressOf(room.founder, link.id), 200)).json).toEqual({ url });
    await expectStatus(
      get(undefined, apiPath(shareLinkRoutes.state, { params: { token: link.token } })),
      404,
    );
    await expectStatus(
      post(undefined, apiPath(shareLinkRoutes.requestCode, { params: { token: link.token } }), {
        email: uniqueEmail(),
      }),
      404,
    );
    await enter({ id: link.id, url, token: url.slice(url.lastIndexOf('/') + 1) }, uniqueEmail('after'));
  });
});

describe('sealing keys: rotated, lost, and links made before addresses were kept (ADR 76)', () => {
  const keyText = () => crypto.randomBytes(32).toString('base64');
  /** As a restart with these variables would: the app's keys are resolved from them again. */
  const restartWith = (app: TestApp, environment: Record<string, string>) => {
    app.app.ctx.shareLinkKeys = loadShareLinkKeys(
      {
        ...app.config,
        shareLinkKeys: parseConfig({ ...environment }).shareLinkKeys,
      },
      (warning) => {
        throw new Error(warning);
      },
    );
  };
  const keyIdOf = async (app: TestApp, linkId: string) =>
    (
      await app.app.ctx.db
        .selectFrom('share_links')
        .select('token_key_id')
        .where('id', '=', linkId)
        .executeTakeFirstOrThrow()
    ).token_key_id;

  test('SHARE_LINK_OLD_KEYS still opens an address sealed before the rotation, and reading it seals it under the new key', async () => {
    const [oldKey, newKey] = [keyText(), keyText()];
    const app = await startTestApp({ environment: { SHARE_LINK_KEY: oldKey } });
    try {
      const founder = await createFounder(app);
      const roomId = (await app.call(roomRoutes.mine, { as: founder })).json.id;
      const link = await makeLink(founder, roomId, {}, app);
      const sealedUnderOld = await keyIdOf(app, link.id);

      restartWith(app, { SHARE_LINK_KEY: newKey, SHARE_LINK_OLD_KEYS: `${keyText()},${oldKey}` });
      const read = await app.call(shareLinkRoutes.address, { params: { id: link.id }, as: founder });
      expect(read.status, read.text).toBe(200);
      expect(read.json).toEqual({ url: link.url });
      expect(await keyIdOf(app, link.id)).not.toBe(sealedUnderOld);

      // The old key dropped: the address was sealed again, so it is still shown.
      restartWith(app, { SHARE_LINK_KEY: newKey });
      const again = await app.call(shareLinkRoutes.address, { params: { id: link.id }, as: founder });
      expect(again.json).toEqual({ url: link.url });
    } finally {
      await app.close();
    }
  });

  test('a key gone, or a link made before addresses were kept: it still lets readers in, its address is not shown, a new address is', async () => {
    const app = await startTestApp({ environment: { SHARE_LINK_KEY: keyText() } });
    try {
      const founder = await createFounder(app);
      const roomId = (await app.call(roomRoutes.mine, { as: founder })).json.id;
      const underLostKey = await makeLink(founder, roomId, {}, app);
      const beforeMigration = await makeLink(founder, roomId, {}, app);
      await app.app.ctx.db
        .updateTable('share_links')
        .set({ token_sealed: null, token_key_id: null })
        .where('id', '=', beforeMigration.id)
        .execute();
      restartWith(app, { SHARE_LINK_KEY: keyText() });

      const listed = (await app.call(shareLinkRoutes.list, { as: founder })).json;
      for (const link of [underLostKey, beforeMigration]) {
        expect(listed.links.find((made) => made.id === link.id)?.addressKept).toBe(false);
        const read = await app.call(shareLinkRoutes.address, { params: { id: link.id }, as: founder });
        expect(read.status, read.text).toBe(409);
        expect(read.json).toMatchObject({ error: 'share_link_address_not_kept' });
        expect(read.text).toMatch(/new address/);
        expect((await app.call(shareLinkRoutes.state, { params: { token: link.token } })).status).toBe(200);

        const renewed = await app.call(shareLinkRoutes.newAddress, { params: { id: link.id }, as: founder });
        expect(renewed.status, renewed.text).toBe(200);
        const { url } = renewed.json;
        const read2 = await app.call(shareLinkRoutes.address, { params: { id: link.id }, as: founder });
        expect(read2.json).toEqual({ url });
        expect((await app.call(shareLinkRoutes.state, { params: { token: link.token } })).status).toBe(404);
      }
    } finally {
      await app.close();
    }
  });

  test("a sealed address copied onto another link's row does not open there, and the list says it is not kept", async () => {
    const room = await tieredRoom();
    const [mine, other] = [
      await makeLink(room.founder, room.diligenceId),
      await makeLink(room.founder, room.diligenceId),
    ];
    const sealed = await t.app.ctx.db
      .selectFrom('share_links')
      .select(['token_sealed', 'token_key_id'])
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow();
    await t.app.ctx.db.updateTable('share_links').set(sealed).where('id', '=', other.id).execute();
    const read = await expectStatus(
      get(room.founder, apiPath(shareLinkRoutes.address, { params: { id: other.id } })),
      409,
    );
    expect(read.text).not.toContain(mine.token);
    const links = (await get(room.founder, apiPath(shareLinkRoutes.list))).json as {
      links: { id: string; addressKept: boolean }[];
    };
    const keptOf = (id: string) => links.links.find((link) => link.id === id)?.addressKept;
    expect([keptOf(mine.id), keptOf(other.id)]).toEqual([true, false]);
  });
});

describe("a room's link names are unique, whatever their case (ADR 76)", () => {
  test('making or renaming to a taken name is a 409 naming it, and nothing is written', async () => {
    const room = await tieredRoom();
    const first = await makeLink(room.founder, room.diligenceId, { name: 'Angels, spring' });
    const second = await makeLink(room.founder, room.diligenceId, { name: 'Funds' });
    const rows = await countRows(t);
    const made = await expectStatus(
      post(room.founder, apiPath(shareLinkRoutes.list), { name: 'ANGELS, SPRING', groupId: room.roomId }),
      409,
    );
    expect(made.json).toMatchObject({ error: 'share_link_name_taken', field: 'name' });
    expect((made.json as { message: string }).message).toContain('"ANGELS, SPRING"');
    const renamed = await expectStatus(
      post(room.founder, apiPath(shareLinkRoutes.update, { params: { id: second.id } }), {
        name: 'angels, spring',
        maxReaders: 3,
      }),
      409,
    );
    expect(renamed.json).toMatchObject({ error: 'share_link_name_taken' });
    expect(await countRows(t)).toEqual(rows);
    const links = (await get(room.founder, apiPath(shareLinkRoutes.list))).json as {
      links: { id: string; name: string; maxReaders: number | null }[];
    };
    expect(links.links.find((link) => link.id === second.id)).toMatchObject({
      name: 'Funds',
      maxReaders: null,
    });

    // Its own name, in another case, is no clash; another room may use the name.
    await expectStatus(
      post(room.founder, apiPath(shareLinkRoutes.update, { params: { id: first.id } }), {
        name: 'ANGELS, SPRING',
      }),
      200,
    );
    const other = await tieredRoom();
    await makeLink(other.founder, other.diligenceId, { name: 'Angels, spring' });
  });

  test('beyond A to Z, on every database: an accented name in another case, or spelled decomposed, is taken', async () => {
    const room = await tieredRoom();
    await makeLink(room.founder, room.diligenceId, { name: 'Équipe' });
    const funds = await makeLink(room.founder, room.diligenceId, { name: 'Funds' });
    const rows = await countRows(t);
    for (const name of ['équipe', 'ÉQUIPE', 'E\u0301quipe'])
      expect(
        (
          await expectStatus(
            post(room.founder, apiPath(shareLinkRoutes.list), { name, groupId: room.roomId }),
            409,
          )
        ).json,
      ).toMatchObject({ error: 'share_link_name_taken', field: 'name' });
    await expectStatus(
      post(room.founder, apiPath(shareLinkRoutes.update, { params: { id: funds.id } }), { name: 'équipe' }),
      409,
    );
    expect(await countRows(t)).toEqual(rows);
  });
});
