import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '#server/durations';
import { documentRoutes } from '#shared/contracts/documents';
import { engagementRoutes, type HotInvestor, type HotInvestors } from '#shared/contracts/engagement';
import { groupRoutes } from '#shared/contracts/groups';
import { questionRoutes } from '#shared/contracts/questions';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import { shareLinkRoutes } from '#shared/contracts/share-links';
import {
  aBrowser,
  createFounder,
  invite,
  type SignedIn,
  signInWithMagicLink,
  uploadFile,
} from '#tests/support/factories';
import { writtenPdf } from '#tests/support/sample-documents';
import { recipientsOf } from '#tests/support/smtp-server';
import { startTestApp, type TestApp } from '#tests/support/test-app';
import { refreshRoomEngagement } from './engagement-refresh';

// The engagement score's ranked list (docs/decisions/0089-engagement-score.md): who ranks above whom and
// why, through the readability rule, by group, share link and firm (key documents, the exports, the
// webhook and who is refused: engagement-exports.api.test.ts).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    environment: {
      // A refresh at once after each activity, and no following (tests wait on the queue).
      ENGAGEMENT_REFRESH_MS: '0',
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.database.db;
const tag = () => crypto.randomBytes(3).toString('hex');

async function uploadPrepared(founder: SignedIn, name: string, pages: number, section: string) {
  const response = await uploadFile(
    t,
    founder,
    { name, bytes: writtenPdf({ pages, lines: (page) => [`${name} secret line ${page}`] }) },
    { section },
  );
  expect(response.status, response.text).toBe(201);
  await t.app.jobs.whenIdle();
  const { document } = response.json as { document: { id: string; title: string } };
  return document;
}

async function investorIn(founder: SignedIn, email: string, name: string) {
  await invite(t, founder, email, name);
  const signedIn = await signInWithMagicLink(t, email);
  return { ...signedIn, email };
}

/**
 * A room with a deck in "Pitch" (for everyone) and a model in "Financials" (for "Diligence" only); Ann
 * and Dan of one fund in Diligence, Bob and Cara (a webmail address) in the default group.
 */
async function roomWithInvestors() {
  const founder = await createFounder(t, { companyName: `Acme ${tag()}` });
  const roomId = (await t.call(roomRoutes.mine, { as: founder })).json.id;
  const deck = await uploadPrepared(founder, 'Deck.pdf', 4, 'Pitch');
  const model = await uploadPrepared(founder, 'Model.pdf', 4, 'Financials');
  const diligence = (await t.call(groupRoutes.create, { body: { name: 'Diligence' }, as: founder })).json;
  const shown = await t.call(groupRoutes.setSectionVisibility, {
    body: { section: 'Financials', visibleTo: [diligence.id] },
    as: founder,
  });
  expect(shown.status, shown.text).toBe(200);
  const fund = `fund-${tag()}.example`;
  const ann = await investorIn(founder, `ann-${tag()}@${fund}`, 'Ann Lee');
  const dan = await investorIn(founder, `dan-${tag()}@${fund}`, 'Dan Park');
  const bob = await investorIn(founder, `bob-${tag()}@bobcap-${tag()}.example`, 'Bob Idle');
  const cara = await investorIn(founder, `cara.${tag()}@gmail.com`, 'Cara Angel');
  for (const who of [ann, dan]) await moveTo(founder, who.email, diligence.id);
  return { founder, roomId, deck, model, diligence, fund, ann, dan, bob, cara };
}

async function moveTo(founder: SignedIn, email: string, groupId: string) {
  const moved = await t.call(groupRoutes.moveInvestor, { body: { email, groupId }, as: founder });
  expect(moved.status, moved.text).toBe(200);
}

/** A view of the document with a report naming these pages (each credited a moment), settled. */
async function read(who: SignedIn, documentId: string, pages: number[]) {
  const view = await t.call(readingRoutes.openView, { params: { id: documentId }, as: who });
  expect(view.status, view.text).toBe(201);
  const report = await t.call(readingRoutes.report, {
    params: { viewId: view.json.viewId ?? '' },
    rawBody: { pages: pages.map((page) => ({ page, seconds: 0.5 })) },
    as: who,
  });
  expect(report.status, report.text).toBe(204);
  await t.app.jobs.whenIdle();
}

/**
 * As if the reader had read each page this long: the reading roll-up the reports would have made (a test
 * cannot wait minutes for a report's seconds to be credited).
 */
async function readFor(userId: string, documentId: string, msPerPage: number) {
  await db()
    .updateTable('reading_reader_pages')
    .set({ read_ms: msPerPage })
    .where('user_id', '=', userId)
    .where('document_id', '=', documentId)
    .execute();
}

/** Moves everything this reader did in the room so far `days` into the past. */
async function ago(userId: string, days: number) {
  const by = days * DAY_MS;
  await db()
    .updateTable('reading_views')
    .set((eb) => ({
      started_at: eb('started_at', '-', by),
      last_report_at: eb('last_report_at', '-', by),
    }))
    .where('user_id', '=', userId)
    .execute();
  await db()
    .updateTable('reading_room_readers')
    .set((eb) => ({
      last_seen_at: eb('last_seen_at', '-', by),
      first_viewed_at: eb('first_viewed_at', '-', by),
    }))
    .where('user_id', '=', userId)
    .execute();
  await db()
    .updateTable('access_events')
    .set((eb) => ({ occurred_at: eb('occurred_at', '-', by) }))
    .where('user_id', '=', userId)
    .execute();
  await db()
    .updateTable('questions')
    .set((eb) => ({ created_at: eb('created_at', '-', by) }))
    .where('asker_id', '=', userId)
    .execute();
}

/** The refresh job's run, reading the whole room again (its readers' histories were rewritten above). */
async function refresh(roomId: string) {
  await t.app.jobs.whenIdle();
  await db().deleteFrom('engagement_rooms').where('room_id', '=', roomId).execute();
  await refreshRoomEngagement(t.app.ctx, roomId);
}

async function hotList(
  who: SignedIn,
  query: { group?: string; shareLink?: string } = {},
): Promise<HotInvestors> {
  const response = await t.call(engagementRoutes.hotInvestors, { query, as: who });
  expect(response.status, response.text).toBe(200);
  return response.json;
}

const rowOf = (list: HotInvestors, email: string): HotInvestor | undefined =>
  list.investors.find((investor) => investor.email === email);

type Room = Awaited<ReturnType<typeof roomWithInvestors>>;
let room: Room;
beforeAll(async () => {
  room = await roomWithInvestors();
  const { ann, bob, cara, deck, model } = room;
  // Ann reads the model carefully on three days: three days ago, yesterday and now.
  await read(ann, model.id, [1, 2, 3, 4]);
  await ago(ann.user.id, 2);
  await read(ann, model.id, [1, 2, 3, 4]);
  await ago(ann.user.id, 1);
  await read(ann, model.id, [1, 2, 3, 4]);
  await readFor(ann.user.id, model.id, 3 * MINUTE_MS);
  // Bob left the deck's first page open all night.
  await read(bob, deck.id, [1]);
  await readFor(bob.user.id, deck.id, 9 * HOUR_MS);
  // Cara read two pages of the deck.
  await read(cara, deck.id, [1, 2]);
  await readFor(cara.user.id, deck.id, MINUTE_MS);
  await refresh(room.roomId);
});

describe('the ranked list', () => {
  test('a careful reader on three days ranks above an idle tab, with why in words, a 7-day trend and what was read', async () => {
    const list = await hotList(room.founder);
    const emails = list.investors.map((investor) => investor.email);
    expect(emails.indexOf(room.ann.email)).toBeLessThan(emails.indexOf(room.bob.email));
    const ann = rowOf(list, room.ann.email);
    expect(ann).toMatchObject({
      userId: room.ann.user.id,
      name: 'Ann Lee',
      firm: room.fund,
      documentsRead: [{ documentId: room.model.id, title: room.model.title }],
    });
    // 12 minutes (5 points), half of the 8 pages she may read (20 of 40), two other days (7.5 of 15).
    expect(ann?.score).toBe(33);
    expect(ann?.band).toBe('warm');
    expect(ann?.why).toEqual([
      { factor: 'room_share', points: 20, text: 'Read 50% of the room' },
      { factor: 'return_days', points: 8, text: 'Came back on 2 other days' },
      { factor: 'reading_time', points: 5, text: 'Read for 12 minutes' },
    ]);
    expect(ann?.trend).toHaveLength(7);
    expect(ann?.trend.at(-1)).toBe(33);
    expect(Date.now() - Date.parse(ann?.lastSeenAt ?? '')).toBeLessThan(HOUR_MS);
    const bob = rowOf(list, room.bob.email);
    // Nine hours on one page count as five minutes.
    expect(bob?.why).toContainEqual({ factor: 'reading_time', points: 2, text: 'Read for 5 minutes' });
    expect(bob?.score).toBeLessThan(ann?.score ?? 0);
  });

  test('a document hidden from the reader since stops counting at once, with nothing recomputed', async () => {
    const { founder, dan, model, diligence, roomId } = room;
    await read(dan, model.id, [1, 2]);
    await readFor(dan.user.id, model.id, 2 * MINUTE_MS);
    await refresh(roomId);
    expect(rowOf(await hotList(founder), dan.email)?.documentsRead).toEqual([
      { documentId: model.id, title: model.title },
    ]);
    await moveTo(founder, dan.email, roomId);
    const hidden = rowOf(await hotList(founder), dan.email);
    expect(hidden).toMatchObject({ score: 0, why: [], documentsRead: [], lastSeenAt: null });
    await moveTo(founder, dan.email, diligence.id);
    expect(rowOf(await hotList(founder), dan.email)?.score).toBeGreaterThan(0);
  });

  test('firms: two readers at one fund are one row; a webmail reader is in none', async () => {
    const list = await hotList(room.founder);
    const fund = list.firms.find((firm) => firm.firm === room.fund);
    expect(fund?.investorCount).toBe(2);
    expect(fund?.score).toBeGreaterThanOrEqual(rowOf(list, room.ann.email)?.score ?? 0);
    expect(rowOf(list, room.cara.email)?.firm).toBeNull();
    expect(list.firms.map((firm) => firm.firm)).not.toContain('gmail.com');
  });

  test('an investor who opens a document is in the list after the refresh the view asks for', async () => {
    const eve = await investorIn(room.founder, `eve-${tag()}@eve-${tag()}.example`, 'Eve Early');
    expect(rowOf(await hotList(room.founder), eve.email)).toBeUndefined();
    const view = await t.call(readingRoutes.openView, { params: { id: room.deck.id }, as: eve });
    expect(view.status, view.text).toBe(201);
    await t.app.jobs.whenIdle();
    const row = rowOf(await hotList(room.founder), eve.email);
    expect(Date.now() - Date.parse(row?.lastSeenAt ?? '')).toBeLessThan(MINUTE_MS);
  });

  test('a question and a download count, and the list follows them', async () => {
    const { founder, cara, deck, roomId } = room;
    const before = rowOf(await hotList(founder), cara.email)?.score ?? 0;
    const asked = await t.call(questionRoutes.ask, {
      params: { id: roomId },
      body: { about: { kind: 'document', documentId: deck.id }, text: 'What is the burn?' },
      as: cara,
    });
    expect(asked.status, asked.text).toBe(201);
    const downloaded = await t.call(documentRoutes.download, { params: { id: deck.id }, as: cara });
    expect(downloaded.status).toBe(200);
    await refresh(roomId);
    const after = rowOf(await hotList(founder), cara.email);
    expect(after?.score).toBeGreaterThan(before);
    expect(after?.why.map((reason) => reason.text)).toEqual(
      expect.arrayContaining(['Asked 1 question', 'Downloaded 1 document']),
    );
  });
});

describe('filters', () => {
  test("a group's readers only", async () => {
    const list = await hotList(room.founder, { group: room.diligence.id });
    expect(list.investors.map((investor) => investor.email).sort()).toEqual(
      [room.ann.email, room.dan.email].sort(),
    );
  });

  test("a share link's readers only, and both filters together", async () => {
    const { founder, roomId, deck } = room;
    const made = await t.call(shareLinkRoutes.create, {
      body: { name: `Outreach ${tag()}`, groupId: roomId },
      as: founder,
    });
    expect(made.status, made.text).toBe(201);
    const token = made.json.url.slice(made.json.url.lastIndexOf('/') + 1);
    const email = `finn-${tag()}@finn-${tag()}.example`;
    const browser = aBrowser();
    const before = t.smtp.messages.length;
    const asked = await t.call(shareLinkRoutes.requestCode, {
      params: { token },
      body: { email },
      headers: browser,
    });
    expect(asked.status, asked.text).toBe(200);
    const mail = await t.smtp.waitForMessage(
      (m) => t.smtp.messages.indexOf(m) >= before && recipientsOf(m).includes(email),
    );
    const code = /^(\d{6}) is your/.exec(mail.subject ?? '')?.[1] ?? '';
    const entered = await t.call(shareLinkRoutes.verify, {
      params: { token },
      body: { email, code },
      headers: browser,
    });
    expect(entered.status, entered.text).toBe(200);
    const finn = {
      auth: { authorization: `Bearer ${(entered.json as { token: string }).token}` },
    } as unknown as SignedIn;
    await read(finn, deck.id, [1]);
    await refresh(roomId);

    const ofLink = await hotList(founder, { shareLink: made.json.link.id });
    expect(ofLink.investors.map((investor) => investor.email)).toEqual([email]);
    expect(
      (await hotList(founder, { shareLink: made.json.link.id, group: room.diligence.id })).investors,
    ).toEqual([]);
  });

  test('the top `limit` only, with how many there are; a limit out of range is a 400 naming it', async () => {
    const all = await hotList(room.founder);
    const top = await t.call(engagementRoutes.hotInvestors, { query: { limit: 1 }, as: room.founder });
    expect(top.status, top.text).toBe(200);
    expect(top.json.investors).toEqual(all.investors.slice(0, 1));
    expect(top.json.investorCount).toBe(all.investors.length);
    expect(top.json.firmCount).toBe(all.firms.length);
    for (const limit of [0, 1001]) {
      const refused = await t.call(engagementRoutes.hotInvestors, { query: { limit }, as: room.founder });
      expect(refused.status).toBe(400);
      expect(refused.refusal?.message).toContain('limit');
    }
  });

  test('an unknown group or share link is a 404 naming it; a malformed one a 400 naming the field', async () => {
    const group = await t.call(engagementRoutes.hotInvestors, {
      query: { group: crypto.randomUUID() },
      as: room.founder,
    });
    expect(group.status).toBe(404);
    expect(group.refusal?.error).toBe('group_not_found');
    const link = await t.call(engagementRoutes.hotInvestors, {
      query: { shareLink: crypto.randomUUID() },
      as: room.founder,
    });
    expect(link.status).toBe(404);
    expect(link.refusal?.error).toBe('share_link_not_found');
    const malformed = await t.call(engagementRoutes.hotInvestors, {
      query: { group: 'nope' },
      as: room.founder,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.refusal?.message).toContain('group');
  });
});
