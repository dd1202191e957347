import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { invitationRoutes } from '#shared/contracts/invitations';
import { roomRoutes } from '#shared/contracts/rooms';
import { parseSectionsMarkdown } from '#shared/sections-markdown';
import {
  createFounder,
  founderWithInvestor,
  invite,
  type SignedIn,
  uniqueEmail,
} from '#tests/support/factories';
import { startTestApp, type TestApp } from '#tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function roomOf(founder: SignedIn) {
  const content = `# Company Information\nname: Halcyon Bio\nstage: Series B\ndescription: Enzymes\n\n## Financial information\n- [Model](https://docs.google.com/spreadsheets/d/m)\n`;
  await t.call(roomRoutes.saveSections, { body: { content }, as: founder });
  await t.call(roomRoutes.saveProfile, {
    body: {
      name: 'Halcyon Bio',
      stage: 'Series B',
      description: 'Enzymes',
      foundedYear: 2019,
      website: 'https://halcyon.example',
    },
    as: founder,
  });
  const room = (await t.call(roomRoutes.mine, { as: founder })).json;
  return { id: room.id, content };
}

const paths = (id: string) => [
  apiPath(roomRoutes.room, { params: { id } }),
  apiPath(roomRoutes.sections, { params: { id } }),
  apiPath(documentRoutes.inRoom, { params: { id } }),
];

describe('GET /api/data-room/:id, /sections, /documents', () => {
  test('the owner and a member read the room, its markdown and its documents', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const room = await roomOf(founder);
    for (const reader of [founder, investor]) {
      const dataRoom = await t.call(roomRoutes.room, { params: { id: room.id }, as: reader });
      expect(dataRoom.status).toBe(200);
      expect(dataRoom.json).toEqual({
        dataRoom: {
          id: room.id,
          companyName: 'Halcyon Bio',
          name: 'Halcyon Bio',
          description: 'Enzymes',
          companyDescription: 'Enzymes',
          stage: 'Series B',
          fundingStage: 'Series B',
          foundedYear: 2019,
          website: 'https://halcyon.example',
          isActive: true,
          updatedAt: expect.any(String),
        },
      });
      const sections = await t.call(roomRoutes.sections, { params: { id: room.id }, as: reader });
      // The text, and its sections as the server's parser reads it: the reader's page parses nothing.
      expect(sections.json).toEqual({
        content: room.content,
        sections: parseSectionsMarkdown(room.content).sections,
      });
      expect(sections.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect((await t.call(documentRoutes.inRoom, { params: { id: room.id }, as: reader })).json).toEqual([]);
    }
  });

  test('another founder, an uninvited or revoked investor, and a room that does not exist all get the same 404', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const room = await roomOf(founder);
    const strangers = [await createFounder(t), (await founderWithInvestor(t)).investor];
    const missing = await t.call(roomRoutes.room, { params: { id: crypto.randomUUID() }, as: founder });
    expect(missing.status).toBe(404);
    for (const stranger of strangers) {
      for (const path of paths(room.id)) {
        const response = await t.request('GET', path, { headers: stranger.auth });
        expect(response.status, path).toBe(404);
        expect(response.json).toEqual(missing.json);
      }
    }
    const [invitation] = (await t.call(invitationRoutes.mine, { as: founder })).json;
    await t.call(invitationRoutes.remove, { params: { id: String(invitation?.id) }, as: founder });
    for (const path of paths(room.id))
      expect((await t.request('GET', path, { headers: investor.auth })).status, path).toBe(404);
    for (const path of paths(room.id)) expect((await t.request('GET', path)).status, path).toBe(401);
  });

  test('an inactive room is visible to its owner only', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const room = await roomOf(founder);
    await t.app.database.db
      .updateTable('data_rooms')
      .set({ is_active: 0 })
      .where('id', '=', room.id)
      .execute();
    expect((await t.call(roomRoutes.room, { params: { id: room.id }, as: investor })).status).toBe(404);
    expect((await t.call(roomRoutes.room, { params: { id: room.id }, as: founder })).json).toMatchObject({
      dataRoom: { isActive: false },
    });
  });

  test('a malformed id is a 400', async () => {
    const founder = await createFounder(t);
    expect((await t.call(roomRoutes.room, { params: { id: 'not-a-uuid' }, as: founder })).status).toBe(400);
  });
});

describe('the invited view: GET /api/data-room/invite/:token, /sections, /documents', () => {
  test('a usable invitation link opens the room without a session, and says who was invited', async () => {
    const founder = await createFounder(t);
    const room = await roomOf(founder);
    const email = uniqueEmail('invited');
    const token = await invite(t, founder, email);
    const opened = await t.call(roomRoutes.invitedRoom, { params: { token } });
    expect(opened.status).toBe(200);
    expect(opened.json).toMatchObject({
      dataRoom: { id: room.id, companyName: 'Halcyon Bio' },
      invitedEmail: email,
    });
    expect((await t.call(roomRoutes.invitedSections, { params: { token } })).json).toEqual({
      content: room.content,
      sections: parseSectionsMarkdown(room.content).sections,
    });
    expect((await t.call(documentRoutes.inInvitedRoom, { params: { token } })).json).toEqual({
      documents: [],
    });
  });

  test('expired, deleted, accepted, unknown, truncated and malformed tokens open nothing', async () => {
    const founder = await createFounder(t);
    await roomOf(founder);
    const expiredEmail = uniqueEmail('expired');
    const expired = await invite(t, founder, expiredEmail);
    await t.app.database.db
      .updateTable('invitations')
      .set({ expires_at: Date.now() - 1 })
      .where('email', '=', expiredEmail)
      .execute();
    const deletedEmail = uniqueEmail('deleted');
    const deleted = await invite(t, founder, deletedEmail);
    const list = (await t.call(invitationRoutes.mine, { as: founder })).json;
    await t.call(invitationRoutes.remove, {
      params: { id: String(list.find((i) => i.email === deletedEmail)?.id) },
      as: founder,
    });
    const fresh = await invite(t, founder, uniqueEmail('fresh'));

    for (const token of [expired, deleted, fresh.slice(0, 20), `${fresh}x`, founder.token]) {
      for (const route of [
        roomRoutes.invitedRoom,
        roomRoutes.invitedSections,
        documentRoutes.inInvitedRoom,
      ]) {
        const response = await t.call(route, { params: { token } });
        expect(response.status, `${token} ${route.path}`).toBe(404);
        expect(response.json).toMatchObject({ error: 'invitation_not_found' });
      }
    }
    expect((await t.call(roomRoutes.invitedRoom, { params: { token: '%24'.repeat(5) } })).status).toBe(400);
    // Past the router's parameter length: 414 URI Too Long, before any lookup.
    expect((await t.call(roomRoutes.invitedRoom, { params: { token: 'a'.repeat(300) } })).status).toBe(414);
  });

  test('the invitation of an inactive room opens nothing', async () => {
    const founder = await createFounder(t);
    const room = await roomOf(founder);
    const token = await invite(t, founder, uniqueEmail('paused'));
    await t.app.database.db
      .updateTable('data_rooms')
      .set({ is_active: 0 })
      .where('id', '=', room.id)
      .execute();
    expect((await t.call(roomRoutes.invitedRoom, { params: { token } })).status).toBe(404);
  });
});

describe('clicks on external documents', () => {
  const MODEL = 'https://docs.google.com/spreadsheets/d/m';
  const clickEvents = (roomId: string) =>
    t.app.database.db
      .selectFrom('access_events')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('action', '=', 'clicked')
      .execute();

  test("a member's click is logged against them and redirected to the link", async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const room = await roomOf(founder);
    const response = await fetch(
      `${t.baseUrl}${apiPath(roomRoutes.click, { params: { id: room.id }, query: { url: MODEL } })}`,
      {
        headers: { ...investor.auth, 'user-agent': 'Phone Browser' },
        redirect: 'manual',
      },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(MODEL);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await clickEvents(room.id)).toEqual([
      expect.objectContaining({
        user_id: investor.user.id,
        invitation_id: null,
        document_title: 'Model',
        url: MODEL,
        user_agent: 'Phone Browser',
      }),
    ]);
  });

  test('in the invited view the click is logged against the invitation', async () => {
    const founder = await createFounder(t);
    const room = await roomOf(founder);
    const token = await invite(t, founder, uniqueEmail('clicker'));
    const response = await fetch(
      `${t.baseUrl}${apiPath(roomRoutes.invitedClick, { params: { token }, query: { url: MODEL } })}`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(302);
    const [event] = await clickEvents(room.id);
    expect(event).toMatchObject({
      user_id: null,
      invitation_id: expect.any(String),
      document_title: 'Model',
    });
  });

  test.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['an Origin of another site', { origin: 'https://evil.example' }],
  ])(
    'a click another site made the browser send (%s) still redirects, and logs nothing',
    async (_name, headers) => {
      const { founder, investor } = await founderWithInvestor(t);
      const room = await roomOf(founder);
      const url = `${t.baseUrl}${apiPath(roomRoutes.click, { params: { id: room.id }, query: { url: MODEL } })}`;
      const crossSite = await fetch(url, { headers: { ...investor.auth, ...headers }, redirect: 'manual' });
      expect(crossSite.status).toBe(302);
      expect(crossSite.headers.get('location')).toBe(MODEL);
      expect(await clickEvents(room.id)).toEqual([]);
      // The investor's own click in the room is logged.
      const own = await fetch(url, {
        headers: { ...investor.auth, 'sec-fetch-site': 'same-origin', origin: t.config.appUrl },
        redirect: 'manual',
      });
      expect(own.status).toBe(302);
      expect(await clickEvents(room.id)).toHaveLength(1);
    },
  );

  test.each([
    'https://evil.example/phish',
    `${MODEL}/extra`,
    'javascript:alert(1)',
    apiPath(documentRoutes.download, { params: { id: 'x' } }),
  ])(
    'a url that is not one of the room’s links (%s) is refused: never an open redirect, nothing logged',
    async (url) => {
      const { founder, investor } = await founderWithInvestor(t);
      const room = await roomOf(founder);
      const response = await fetch(
        `${t.baseUrl}${apiPath(roomRoutes.click, { params: { id: room.id }, query: { url: url } })}`,
        {
          headers: investor.auth,
          redirect: 'manual',
        },
      );
      expect(response.status).toBe(404);
      expect(response.headers.get('location')).toBeNull();
      await response.arrayBuffer();
      expect(await clickEvents(room.id)).toEqual([]);
    },
  );

  test('outsiders cannot click through a room, and a missing url is a 400', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const room = await roomOf(founder);
    const stranger = await createFounder(t);
    const url = apiPath(roomRoutes.click, { params: { id: room.id }, query: { url: MODEL } });
    expect((await t.request('GET', url, { headers: stranger.auth })).status).toBe(404);
    expect((await t.request('GET', url)).status).toBe(401);
    expect((await t.call(roomRoutes.click, { params: { id: room.id }, as: investor })).status).toBe(400);
    expect(await clickEvents(room.id)).toEqual([]);
  });
});
