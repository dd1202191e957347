import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  createFounder,
  founderWithInvestor,
  type SignedIn,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { startTestApp, type TestApp } from '#tests/support/test-app';
import { readableRoomsCache } from './readability';

// A room's sections text lives in room_sections, apart from the room's row (ADR 54): a section save or
// an upload's link writes that table alone, so the answers cached from data_rooms survive it.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (who: SignedIn, path: string) => t.request('GET', path, { headers: who.auth });

async function roomIdOf(founder: SignedIn): Promise<string> {
  return ((await get(founder, apiPath(roomRoutes.mine))).json as { id: string }).id;
}

async function sectionsOf(founder: SignedIn): Promise<{ content: string; version: string }> {
  return (await get(founder, apiPath(roomRoutes.mySections))).json as { content: string; version: string };
}

async function saveSections(founder: SignedIn, content: string, baseVersion?: string) {
  return t.call(roomRoutes.saveSections, { body: { content, baseVersion }, as: founder });
}

async function roomRow(roomId: string) {
  return t.app.database.db
    .selectFrom('data_rooms')
    .selectAll()
    .where('id', '=', roomId)
    .executeTakeFirstOrThrow();
}

async function sectionsRow(roomId: string) {
  return t.app.database.db
    .selectFrom('room_sections')
    .selectAll()
    .where('room_id', '=', roomId)
    .executeTakeFirst();
}

/** Whether the cached answer to "may this user read this room" is still there, without loading it. */
async function readableRoomIsCached(roomId: string, userId: string): Promise<boolean> {
  let loaded = false;
  await t.app.ctx.caches.get(readableRoomsCache).get(`${roomId}:${userId}`, async () => {
    loaded = true;
    return undefined;
  });
  return !loaded;
}

test('a new room has no saved sections: it shows the starter template, and a profile save keeps it so', async () => {
  const founder = await createFounder(t, { companyName: 'Starter Co' });
  const roomId = await roomIdOf(founder);
  expect((await sectionsOf(founder)).content).toContain('name: Starter Co');
  const saved = await t.call(roomRoutes.saveProfile, {
    body: { name: 'Renamed Co', stage: 'Seed', description: '', foundedYear: null, website: '' },
    as: founder,
  });
  expect(saved.status, saved.text).toBe(200);
  expect(await sectionsRow(roomId)).toBeUndefined();
  expect((await sectionsOf(founder)).content).toContain('name: Renamed Co');
});

test("a section save and an upload's link leave every reader's cached room answer in place, and show at once", async () => {
  // On PostgreSQL the caches keep nothing until the node hears its own database's writes (ADR 49).
  await expect.poll(() => t.app.database.writeEpoch.isCaching, { timeout: 5_000 }).toBe(true);
  const { founder, investor } = await founderWithInvestor(t);
  const other = await founderWithInvestor(t);
  const roomId = await roomIdOf(founder);
  const otherRoomId = await roomIdOf(other.founder);
  for (const [reader, room] of [
    [investor, roomId],
    [other.investor, otherRoomId],
  ] as const) {
    expect((await get(reader, apiPath(roomRoutes.sections, { params: { id: room } }))).status).toBe(200);
    expect(await readableRoomIsCached(room, reader.user.id)).toBe(true);
  }
  const roomBefore = await roomRow(roomId);

  const { content, version } = await sectionsOf(founder);
  // The Company Information block says what the profile says: the room's row is not written.
  const edited = `${content}\n## Added today\n\nA new section.\n`;
  const saved = await saveSections(founder, edited, version);
  expect(saved.status, saved.text).toBe(200);
  const uploaded = await uploadFile(
    t,
    founder,
    { name: 'Linked.pdf', bytes: uniquePdf() },
    { section: 'Added today' },
  );
  expect(uploaded.status, uploaded.text).toBe(201);

  expect(await roomRow(roomId)).toEqual(roomBefore);
  expect(await readableRoomIsCached(roomId, investor.user.id)).toBe(true);
  expect(await readableRoomIsCached(otherRoomId, other.investor.user.id)).toBe(true);
  const shown = (await get(investor, apiPath(roomRoutes.sections, { params: { id: roomId } }))).json as {
    content: string;
  };
  expect(shown.content).toContain('## Added today');
  expect(shown.content).toContain((uploaded.json as { url: string }).url);
});

test('a section save that changes the Company Information block writes the room too, in the same save', async () => {
  const { founder, investor } = await founderWithInvestor(t);
  const roomId = await roomIdOf(founder);
  const { content, version } = await sectionsOf(founder);
  const renamed = content.replace(/^name: .*$/m, 'name: Block Renamed Ltd');
  expect(renamed).not.toBe(content);
  const saved = await saveSections(founder, renamed, version);
  expect(saved.status, saved.text).toBe(200);
  expect((await roomRow(roomId)).company_name).toBe('Block Renamed Ltd');
  const room = (await get(investor, apiPath(roomRoutes.room, { params: { id: roomId } }))).json as {
    dataRoom: { companyName: string };
  };
  expect(room.dataRoom.companyName).toBe('Block Renamed Ltd');
});

test('"Last updated" is the later of the last sections save and the last change of the room itself', async () => {
  const { founder, investor } = await founderWithInvestor(t);
  const roomId = await roomIdOf(founder);
  const updatedAt = async () =>
    (
      (await get(investor, apiPath(roomRoutes.room, { params: { id: roomId } }))).json as {
        dataRoom: { updatedAt: string };
      }
    ).dataRoom.updatedAt;
  const createdAt = new Date((await roomRow(roomId)).updated_at).toISOString();
  expect(await updatedAt()).toBe(createdAt);

  await new Promise((resolve) => setTimeout(resolve, 5));
  const { content } = await sectionsOf(founder);
  expect((await saveSections(founder, `${content}\n## Later\n`)).status).toBe(200);
  const sectionsSavedAt = new Date((await sectionsRow(roomId))?.updated_at ?? 0).toISOString();
  expect(sectionsSavedAt > createdAt).toBe(true);
  expect(await updatedAt()).toBe(sectionsSavedAt);

  await new Promise((resolve) => setTimeout(resolve, 5));
  const closed = await t.call(roomRoutes.setDownloadDefault, {
    body: { isDownloadAllowed: false },
    as: founder,
  });
  expect(closed.status, closed.text).toBe(200);
  const roomChangedAt = new Date((await roomRow(roomId)).updated_at).toISOString();
  expect(roomChangedAt > sectionsSavedAt).toBe(true);
  expect(await updatedAt()).toBe(roomChangedAt);
});

test('ten saves at once from the same version: one is kept, nine are refused with 409 and the text that won', async () => {
  const founder = await createFounder(t);
  const { content, version } = await sectionsOf(founder);
  const drafts = Array.from({ length: 10 }, (_, i) => `${content}\n## Draft ${i}\n`);
  const responses = await Promise.all(drafts.map((draft) => saveSections(founder, draft, version)));
  const kept = responses.filter((response) => response.status === 200);
  const refused = responses.filter((response) => response.status === 409);
  expect(kept).toHaveLength(1);
  expect(refused).toHaveLength(9);
  const stored = await sectionsOf(founder);
  expect(drafts).toContain(stored.content);
  for (const response of refused) expect(response.json).toMatchObject({ content: stored.content });
});
