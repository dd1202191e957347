import crypto from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { startPreview, updatePreview } from '#server/features/documents/previews.repository';
import { adminRoutes } from '#shared/contracts/admin';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { groupRoutes } from '#shared/contracts/groups';
import { invitationRoutes } from '#shared/contracts/invitations';
import type {
  DocumentAnalytics,
  InvestorAnalytics,
  OpenViewResponse,
  RoomAnalytics,
} from '#shared/contracts/reading';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  countRows,
  createFounder,
  founderWithInvestor,
  invite,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { expectRefusal } from '#tests/support/refusals';
import { startTestApp, type TestApp } from '#tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const RUNNING_METHODS = ['run', 'get', 'all', 'iterate'];

/** A founder's room with a PDF prepared as `pages` pages, and an investor of the room. */
async function roomWithDeck(pages = 5, section?: string) {
  const { founder, investor, investorEmail } = await founderWithInvestor(t);
  const documentId = await uploadDeck(founder, 'Deck.pdf', pages, section);
  return { founder, investor, investorEmail, documentId };
}

async function uploadDeck(
  founder: SignedIn,
  name: string,
  pages: number | null,
  section?: string,
): Promise<string> {
  const uploaded = await uploadFile(
    t,
    founder,
    { name, bytes: uniquePdf() },
    section ? { section } : undefined,
  );
  expect(uploaded.status, uploaded.text).toBe(201);
  const documentId = (uploaded.json as { document: { id: string } }).document.id;
  if (pages !== null) {
    await startPreview(db(), documentId, 'pages', new Date());
    await updatePreview(db(), documentId, { status: 'ready', pageCount: pages, preparedAt: new Date() });
  }
  return documentId;
}

async function openView(reader: SignedIn, documentId: string) {
  return t.call(readingRoutes.openView, { params: { id: documentId }, as: reader });
}

async function openedView(reader: SignedIn, documentId: string): Promise<string> {
  const response = await openView(reader, documentId);
  expect(response.status, response.text).toBe(201);
  const { viewId } = response.json as OpenViewResponse;
  if (!viewId) throw new Error('no view id');
  return viewId;
}

/** Moves a view's clock back, as if it had been opened (and last reported) this long ago. */
async function age(viewId: string, seconds: number) {
  const view = await db()
    .selectFrom('reading_views')
    .selectAll()
    .where('id', '=', viewId)
    .executeTakeFirstOrThrow();
  await db()
    .updateTable('reading_views')
    .set({
      started_at: view.started_at - seconds * 1000,
      last_report_at: view.last_report_at === null ? null : view.last_report_at - seconds * 1000,
    })
    .where('id', '=', viewId)
    .execute();
  // The reader's clock on the document moves back with it.
  await db()
    .updateTable('reading_document_readers')
    .set((eb) => ({ clock_at: eb('clock_at', '-', seconds * 1000) }))
    .where('document_id', '=', view.document_id)
    .where('user_id', '=', view.user_id)
    .execute();
}

function report(reader: SignedIn, viewId: string, pages: { page: number; seconds: number }[] | unknown) {
  return t.call(readingRoutes.report, { params: { viewId }, rawBody: { pages }, as: reader });
}

async function timedReport(reader: SignedIn, viewId: string) {
  const started = performance.now();
  const response = await report(reader, viewId, [{ page: 1, seconds: 5 }]);
  return { response, ms: performance.now() - started };
}

/** Reports after the view has been open (or since its last report) for `elapsed` seconds. */
async function reportAfter(
  reader: SignedIn,
  viewId: string,
  elapsed: number,
  pages: { page: number; seconds: number }[],
) {
  await age(viewId, elapsed);
  const response = await report(reader, viewId, pages);
  expect(response.status, response.text).toBe(204);
}

/** Every row of the reading tables, and the row counts of all: what a refused report must leave as it was. */
async function readingState() {
  const tables = [
    'reading_views',
    'reading_view_pages',
    'reading_reader_pages',
    'reading_document_pages',
    'reading_document_readers',
    'reading_documents',
    'reading_room_readers',
  ] as const;
  const rows = await Promise.all(tables.map((table) => db().selectFrom(table).selectAll().execute()));
  const sorted = rows.map((list) => list.map((row) => JSON.stringify(row)).sort());
  return { counts: await countRows(t), rows: sorted };
}

async function roomIdOf(founder: SignedIn): Promise<string> {
  return (await t.call(roomRoutes.mine, { as: founder })).json.id;
}

async function get<T>(founder: SignedIn, path: string): Promise<T> {
  const response = await t.request('GET', path, { headers: founder.auth });
  expect(response.status, response.text).toBe(200);
  return response.json as T;
}

describe('opening a view', () => {
  test("an investor's opening creates a view and records one 'viewed' event per view", async () => {
    const { founder, investor, documentId } = await roomWithDeck();
    const first = await openedView(investor, documentId);
    const second = await openedView(investor, documentId);
    expect(first).not.toBe(second);

    const events = await db()
      .selectFrom('access_events')
      .select(['action', 'document_id', 'user_id'])
      .where('document_id', '=', documentId)
      .execute();
    expect(events).toEqual([
      { action: 'viewed', document_id: documentId, user_id: investor.user.id },
      { action: 'viewed', document_id: documentId, user_id: investor.user.id },
    ]);
    // Reports do not add events: one per view.
    await reportAfter(investor, first, 5, [{ page: 1, seconds: 4 }]);
    await reportAfter(investor, first, 5, [{ page: 2, seconds: 4 }]);
    expect(
      await db().selectFrom('access_events').select('id').where('document_id', '=', documentId).execute(),
    ).toHaveLength(2);

    const recent = await get<{ actionType: string; userName: string }[]>(
      founder,
      apiPath(adminRoutes.recentAccess),
    );
    expect(recent.map((entry) => entry.actionType)).toEqual(['viewed', 'viewed']);
  });

  test('one user may open at most 30 views a minute: the next is refused and writes nothing', async () => {
    const { investor, documentId } = await roomWithDeck();
    const other = await roomWithDeck();
    for (let opened = 0; opened < 30; opened++) await openedView(investor, documentId);
    const before = await countRows(t);
    const refused = await openView(investor, documentId);
    expectRefusal(refused, 429, {
      message: /You opened more than 30 documents in a minute\. Please try again in \d+ seconds\./,
      error: 'too_many_views',
    });
    expect(await countRows(t)).toEqual(before);
    // Counted per user: another investor still opens their view.
    await openedView(other.investor, other.documentId);
  });

  test("the owner's own opening answers no view and records nothing", async () => {
    const { founder, documentId } = await roomWithDeck();
    const before = await countRows(t);
    const response = await openView(founder, documentId);
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ viewId: null });
    expect(await countRows(t)).toEqual(before);
  });

  test('anyone who may not download the document gets the same 404 as for a missing one, and nothing is written', async () => {
    const { founder, documentId } = await roomWithDeck();
    const outsider = (await founderWithInvestor(t)).investor;
    const revokedEmail = uniqueEmail('revoked');
    await invite(t, founder, revokedEmail);
    const revoked = await signInWithMagicLink(t, revokedEmail);
    const invitations = (await t.call(invitationRoutes.mine, { as: founder })).json;
    const invitationId = invitations.find((invitation) => invitation.email === revokedEmail)?.id;
    await t.call(invitationRoutes.remove, { params: { id: String(invitationId) }, as: founder });
    const missing = await openView(outsider, crypto.randomUUID());

    const before = await countRows(t);
    for (const caller of [outsider, revoked]) {
      const response = await openView(caller, documentId);
      expectRefusal(response, 404, { message: /does not exist/, error: 'not_found' });
      expect(response.json).toEqual(missing.json);
    }
    expect((await t.call(readingRoutes.openView, { params: { id: documentId } })).status).toBe(401);
    expect(await countRows(t)).toEqual(before);
  });
});

describe('reports', () => {
  test('an accepted report is rolled up per view, per reader and page, per document and per room', async () => {
    const { founder, investor, documentId } = await roomWithDeck(4);
    const viewId = await openedView(investor, documentId);
    await reportAfter(investor, viewId, 20, [
      { page: 1, seconds: 6 },
      { page: 2, seconds: 9.5 },
    ]);
    await reportAfter(investor, viewId, 10, [
      { page: 2, seconds: 2 },
      { page: 3, seconds: 3 },
    ]);

    const view = await db()
      .selectFrom('reading_views')
      .selectAll()
      .where('id', '=', viewId)
      .executeTakeFirstOrThrow();
    expect(view).toMatchObject({ read_ms: 20_500, pages_seen: 3, report_count: 2 });
    const viewPages = await db()
      .selectFrom('reading_view_pages')
      .select(['page', 'read_ms'])
      .where('view_id', '=', viewId)
      .orderBy('page')
      .execute();
    expect(viewPages).toEqual([
      { page: 1, read_ms: 6000 },
      { page: 2, read_ms: 11_500 },
      { page: 3, read_ms: 3000 },
    ]);

    const analytics = await get<DocumentAnalytics>(
      founder,
      apiPath(readingRoutes.document, { params: { documentId }, query: { reader: investor.user.id } }),
    );
    expect(analytics).toMatchObject({
      document: { id: documentId, title: 'Deck.pdf', pageCount: 4 },
      viewCount: 1,
      readerCount: 1,
      totalReadSeconds: 20.5,
      averageReadSeconds: 20.5,
      completion: 0.75,
    });
    expect(analytics.pages).toEqual([
      { page: 1, averageSeconds: 6, readerCount: 1, readerSeconds: 6 },
      { page: 2, averageSeconds: 11.5, readerCount: 1, readerSeconds: 11.5 },
      { page: 3, averageSeconds: 3, readerCount: 1, readerSeconds: 3 },
      { page: 4, averageSeconds: 0, readerCount: 0, readerSeconds: 0 },
    ]);
  });

  test('seconds beyond the wall-clock time since the last report are clamped to it', async () => {
    const { investor, documentId } = await roomWithDeck();
    const viewId = await openedView(investor, documentId);
    await reportAfter(investor, viewId, 5, [
      { page: 1, seconds: 300 },
      { page: 2, seconds: 100 },
    ]);
    const view = await db()
      .selectFrom('reading_views')
      .selectAll()
      .where('id', '=', viewId)
      .executeTakeFirstOrThrow();
    // 5 s elapsed plus the 2 s allowance, shared 3:1 as claimed.
    expect(view.read_ms).toBeGreaterThanOrEqual(7000 - 2);
    expect(view.read_ms).toBeLessThan(7500);
    const pages = await db()
      .selectFrom('reading_view_pages')
      .select(['page', 'read_ms'])
      .where('view_id', '=', viewId)
      .orderBy('page')
      .execute();
    expect(pages[0]?.read_ms).toBeCloseTo(3 * (pages[1]?.read_ms ?? 0), -2);

    // A second report is clamped to the time since the first, not since the opening, and the first
    // report has already used the allowance.
    await reportAfter(investor, viewId, 3, [{ page: 3, seconds: 60 }]);
    const third = await db()
      .selectFrom('reading_view_pages')
      .select('read_ms')
      .where('view_id', '=', viewId)
      .where('page', '=', 3)
      .executeTakeFirstOrThrow();
    expect(third.read_ms).toBeGreaterThanOrEqual(3000 - 2);
    expect(third.read_ms).toBeLessThan(3500);
  });

  test('the clock allowance is granted once over a view, not on every report', async () => {
    const { investor, documentId } = await roomWithDeck();
    const openedAt = Date.now();
    const viewId = await openedView(investor, documentId);
    // Every 2 s, 4 s claimed: 10 s pass in all, so at most 10 s plus one 2 s allowance is credited.
    for (let sent = 0; sent < 5; sent++) await reportAfter(investor, viewId, 2, [{ page: 1, seconds: 4 }]);
    const sinceOpened = Date.now() - openedAt;
    const view = await db()
      .selectFrom('reading_views')
      .selectAll()
      .where('id', '=', viewId)
      .executeTakeFirstOrThrow();
    expect(view.report_count).toBe(5);
    expect(view.read_ms).toBeGreaterThanOrEqual(12_000 - 10);
    // The real time since the opening adds to the 10 s (a few hundred ms; seconds on a loaded machine);
    // an allowance on every report would add 8 s more.
    expect(view.read_ms).toBeLessThanOrEqual(12_000 + sinceOpened);
  });

  test("one reader's views of a document reporting at once share the wall clock", async () => {
    const { founder, investor, documentId } = await roomWithDeck();
    const views = [];
    const firstOpenedAt = Date.now();
    for (let opened = 0; opened < 4; opened++) views.push(await openedView(investor, documentId));
    for (const viewId of views) await age(viewId, 10);
    // Four views, each claiming the same 10 s in parallel: 10 s passed, plus one 2 s allowance, plus the
    // real time since the first view opened (a few hundred ms; seconds on a loaded machine). Counted
    // apart, the four would make 40 s.
    const responses = await Promise.all(
      views.map((viewId) => report(investor, viewId, [{ page: 1, seconds: 10 }])),
    );
    const sinceFirstOpened = Date.now() - firstOpenedAt;
    expect(responses.map((response) => response.status)).toEqual([204, 204, 204, 204]);
    const reader = await db()
      .selectFrom('reading_document_readers')
      .selectAll()
      .where('document_id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(reader.read_ms).toBeGreaterThanOrEqual(12_000 - 10);
    expect(reader.read_ms).toBeLessThanOrEqual(12_000 + sinceFirstOpened);
    const analytics = await get<DocumentAnalytics>(
      founder,
      apiPath(readingRoutes.document, { params: { documentId } }),
    );
    // The founder's page counts the same time, to the tenth of a second it shows.
    expect(analytics.totalReadSeconds).toBe(Math.round(reader.read_ms / 100) / 10);
  });

  test.runIf(inject('testDatabase').dialect === 'postgres')(
    "two readers' reports naming the same pages in opposite orders do not deadlock",
    async () => {
      const { founder, investor, documentId } = await roomWithDeck(3);
      const secondEmail = uniqueEmail('second');
      await invite(t, founder, secondEmail);
      const second = await signInWithMagicLink(t, secondEmail);
      const first = await openedView(investor, documentId);
      const other = await openedView(second, documentId);
      await reportAfter(investor, first, 10, [
        { page: 1, seconds: 1 },
        { page: 2, seconds: 1 },
      ]);
      await age(first, 10);
      await age(other, 10);

      // Page 1's roll-up row is held while both reports start, so each takes what locks it can first:
      // written in the order sent, the second would hold page 2 while waiting for page 1.
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const holding = db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .selectFrom('reading_document_pages')
            .select('page')
            .where('document_id', '=', documentId)
            .where('page', '=', 1)
            .forUpdate()
            .execute();
          await released;
        });
      const lockWaiters = async (count: number) => {
        for (let waited = 0; waited < 800; waited++) {
          const { rows } = await sql<{
            waiting: number;
          }>`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(
            db(),
          );
          if ((rows[0]?.waiting ?? 0) >= count) return;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error(`fewer than ${count} transactions came to wait for a lock`);
      };
      // The first report queues for page 1; the second, sent in the opposite order, follows it.
      const firstResponse = report(investor, first, [
        { page: 1, seconds: 2 },
        { page: 2, seconds: 2 },
      ]);
      await lockWaiters(1);
      const secondResponse = report(second, other, [
        { page: 2, seconds: 3 },
        { page: 1, seconds: 3 },
      ]);
      await lockWaiters(2);
      const responses = Promise.all([firstResponse, secondResponse]);
      release();
      await holding;
      expect((await responses).map((response) => response.status)).toEqual([204, 204]);
      const pages = await db()
        .selectFrom('reading_document_pages')
        .select(['page', 'read_ms', 'reader_count'])
        .where('document_id', '=', documentId)
        .orderBy('page')
        .execute();
      expect(pages).toEqual([
        { page: 1, read_ms: 6000, reader_count: 2 },
        { page: 2, read_ms: 6000, reader_count: 2 },
      ]);
    },
  );

  test('a page reported with 0 s, or clamped to 0, is not counted as seen', async () => {
    const { founder, investor, documentId } = await roomWithDeck(4);
    const viewId = await openedView(investor, documentId);
    await reportAfter(investor, viewId, 5, [
      { page: 1, seconds: 3 },
      { page: 2, seconds: 0 },
    ]);
    // 3600 s claimed in 5 s: page 3's 1 ms share scales down to nothing.
    await reportAfter(investor, viewId, 5, [
      { page: 1, seconds: 3600 },
      { page: 3, seconds: 0.001 },
    ]);
    const view = await db()
      .selectFrom('reading_views')
      .selectAll()
      .where('id', '=', viewId)
      .executeTakeFirstOrThrow();
    expect(view).toMatchObject({ pages_seen: 1, report_count: 2 });
    const analytics = await get<DocumentAnalytics>(
      founder,
      apiPath(readingRoutes.document, { params: { documentId } }),
    );
    expect(analytics.completion).toBe(0.25);
    expect(analytics.readers[0]).toMatchObject({ pagesSeen: 1, completion: 0.25 });
    expect(analytics.pages.map((page) => page.readerCount)).toEqual([1, 0, 0, 0]);
  });

  test('each refused report says why and changes nothing', async () => {
    const { founder, investor, documentId } = await roomWithDeck(3);
    const viewId = await openedView(investor, documentId);
    await reportAfter(investor, viewId, 10, [{ page: 1, seconds: 5 }]);
    await age(viewId, 10);
    const other = (await founderWithInvestor(t)).investor;
    const otherInvestorEmail = uniqueEmail('colleague');
    await invite(t, founder, otherInvestorEmail);
    const colleague = await signInWithMagicLink(t, otherInvestorEmail);
    const missingView = await report(investor, crypto.randomUUID(), [{ page: 1, seconds: 1 }]);
    expectRefusal(missingView, 404, { message: /view does not exist/, error: 'not_found' });

    const before = await readingState();
    const refusals: [SignedIn, string, unknown, number, RegExp, string?][] = [
      [
        investor,
        viewId,
        [{ page: 4, seconds: 1 }],
        400,
        /pages\.0\.page: page 4 is beyond the document's last page \(3\)/,
        'pages.0.page',
      ],
      [
        investor,
        viewId,
        [
          { page: 1, seconds: 1 },
          { page: 9, seconds: 1 },
        ],
        400,
        /pages\.1\.page: page 9/,
        'pages.1.page',
      ],
      [
        investor,
        viewId,
        [
          { page: 2, seconds: 1 },
          { page: 2, seconds: 1 },
        ],
        400,
        /page 2 is named twice/,
        'pages.1.page',
      ],
      [investor, viewId, [{ page: 0, seconds: 1 }], 400, /pages\.0\.page: must be 1 or more/, 'pages.0.page'],
      [investor, viewId, [{ page: 1.5, seconds: 1 }], 400, /pages\.0\.page: must be a whole page number/],
      [investor, viewId, [{ page: 1, seconds: -1 }], 400, /pages\.0\.seconds: cannot be negative/],
      [investor, viewId, [{ page: 1, seconds: 3601 }], 400, /pages\.0\.seconds: must be at most 3600/],
      [investor, viewId, [], 400, /pages: must name at least one page/],
      [
        investor,
        viewId,
        Array.from({ length: 51 }, (_, i) => ({ page: i + 1, seconds: 0 })),
        400,
        /at most 50 pages/,
      ],
      [investor, viewId, [{ page: 1, seconds: 1, extra: true }], 400, /Unexpected field: pages\.0\.extra/],
      [investor, 'not-a-view', [{ page: 1, seconds: 1 }], 400, /viewId: must be a view id/],
      [colleague, viewId, [{ page: 1, seconds: 1 }], 404, /view does not exist/],
      [other, viewId, [{ page: 1, seconds: 1 }], 404, /view does not exist/],
      [founder, viewId, [{ page: 1, seconds: 1 }], 404, /view does not exist/],
    ];
    for (const [caller, id, pages, status, message, field] of refusals) {
      const response = await report(caller, id, pages);
      expectRefusal(response, status, { message, field });
      if (status === 404) expect(response.json).toEqual(missingView.json);
    }
    expect(
      (
        await t.call(readingRoutes.report, {
          params: { viewId },
          rawBody: { pages: [{ page: 1, seconds: 1 }] },
        })
      ).status,
    ).toBe(401);
    expect(await readingState()).toEqual(before);

    // Too soon after the previous report: 429, nothing counted.
    await reportAfter(investor, viewId, 0, [{ page: 1, seconds: 1 }]);
    const afterAccepted = await readingState();
    const tooSoon = await report(investor, viewId, [{ page: 1, seconds: 1 }]);
    expectRefusal(tooSoon, 429, { message: /at most once every 2 seconds/, error: 'report_too_soon' });
    expect(tooSoon.headers.get('retry-after')).toBe('2');
    expect(await readingState()).toEqual(afterAccepted);
  });

  test('a document that is not prepared as pages accepts page 1 only', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploadDeck(founder, 'Notes.pdf', null);
    const viewId = await openedView(investor, documentId);
    await age(viewId, 5);
    expectRefusal(await report(investor, viewId, [{ page: 2, seconds: 1 }]), 400, {
      message: /page 2 is beyond the document's last page \(1\)/,
    });
    expect((await report(investor, viewId, [{ page: 1, seconds: 1 }])).status).toBe(204);
  });

  test('once access is revoked, reports on an open view are refused', async () => {
    const { founder, investor, investorEmail, documentId } = await roomWithDeck();
    const viewId = await openedView(investor, documentId);
    const invitations = (await t.call(invitationRoutes.mine, { as: founder })).json;
    const invitationId = invitations.find((invitation) => invitation.email === investorEmail)?.id;
    expect(
      (await t.call(invitationRoutes.remove, { params: { id: String(invitationId) }, as: founder })).status,
    ).toBe(204);
    await age(viewId, 5);
    const before = await readingState();
    expectRefusal(await report(investor, viewId, [{ page: 1, seconds: 1 }]), 404, {
      message: /view does not exist/,
    });
    expect(await readingState()).toEqual(before);
  });

  test('two reports of one view sent at once: one is counted, the other refused', async () => {
    const { investor, documentId } = await roomWithDeck();
    const viewId = await openedView(investor, documentId);
    await age(viewId, 30);
    const responses = await Promise.all([
      report(investor, viewId, [{ page: 1, seconds: 10 }]),
      report(investor, viewId, [{ page: 1, seconds: 10 }]),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([204, 429]);
    const view = await db()
      .selectFrom('reading_views')
      .selectAll()
      .where('id', '=', viewId)
      .executeTakeFirstOrThrow();
    expect(view).toMatchObject({ read_ms: 10_000, report_count: 1 });
  });
});

/** The SQL of every statement SQLite runs meanwhile, counted below the query builder. */
async function countingStatements<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statement = new SqliteDatabase(':memory:').prepare('select 1');
  const prototype = Object.getPrototypeOf(statement) as Record<string, (...args: unknown[]) => unknown>;
  const originals = Object.fromEntries(RUNNING_METHODS.map((name) => [name, prototype[name]]));
  const statements: string[] = [];
  for (const name of RUNNING_METHODS) {
    const original = originals[name] as (...args: unknown[]) => unknown;
    prototype[name] = function (this: { source: string }, ...args: unknown[]) {
      statements.push(this.source);
      return original.apply(this, args);
    };
  }
  try {
    return { result: await run(), statements };
  } finally {
    for (const name of RUNNING_METHODS) prototype[name] = originals[name] as (...args: unknown[]) => unknown;
  }
}

describe('what a report costs', () => {
  // Statements are most of a report's server CPU (bench/report-cost.ts); this keeps their number from
  // growing unnoticed. Counted at SQLite's statements, below the query builder.
  test.runIf(inject('testDatabase').dialect === 'sqlite')(
    'ten readers reporting at once are written by one transaction: at most 3 statements a report in all',
    async () => {
      const { founder, investor, documentId } = await roomWithDeck(4);
      const readers = [investor];
      for (let index = 1; index < 10; index++) {
        const email = uniqueEmail(`reader-${index}`);
        await invite(t, founder, email, `Reader ${index}`);
        readers.push(await signInWithMagicLink(t, email));
      }
      const views = await Promise.all(readers.map((reader) => openedView(reader, documentId)));
      // A first report each: the caches of sessions, views and readability are warm after it, as they
      // are for a reader who reports every ten seconds.
      for (const [index, viewId] of views.entries())
        await reportAfter(readers[index] as SignedIn, viewId, 10, [{ page: 1, seconds: 5 }]);
      for (const viewId of views) await age(viewId, 10);
      // What the first reports set going (alerts of first visits, the engagement refresh) is done first:
      // the count is of the reports' own statements.
      await t.app.jobs.whenIdle();

      const { result: responses, statements } = await countingStatements(() =>
        Promise.all(
          views.map((viewId, index) => report(readers[index] as SignedIn, viewId, [{ page: 2, seconds: 5 }])),
        ),
      );
      for (const response of responses) expect(response.status, response.text).toBe(204);
      expect(statements.length).toBeLessThanOrEqual(3 * views.length);
      const pageTwo = await db()
        .selectFrom('reading_document_pages')
        .selectAll()
        .where('document_id', '=', documentId)
        .where('page', '=', 2)
        .executeTakeFirstOrThrow();
      expect(pageTwo).toMatchObject({ read_ms: 50_000, reader_count: 10 });
    },
  );

  test.runIf(inject('testDatabase').dialect === 'sqlite')(
    'reports arriving apart within the window share one transaction, and each is answered once it is written',
    async () => {
      // The tests' app writes reports after a few milliseconds; this one waits as production does.
      const testsApp = t;
      t = await startTestApp({ environment: { READING_REPORT_WINDOW_MS: '1500' } });
      try {
        const { founder, investor, documentId } = await roomWithDeck(4);
        const second = uniqueEmail('second');
        await invite(t, founder, second, 'Sam Second');
        const readers = [investor, await signInWithMagicLink(t, second)];
        const views = await Promise.all(readers.map((reader) => openedView(reader, documentId)));
        for (const viewId of views) await age(viewId, 10);

        const { result: answered, statements } = await countingStatements(async () => {
          const first = timedReport(readers[0] as SignedIn, views[0] as string);
          await new Promise((resolve) => setTimeout(resolve, 200));
          return Promise.all([first, timedReport(readers[1] as SignedIn, views[1] as string)]);
        });
        for (const { response } of answered) expect(response.status, response.text).toBe(204);
        // Each batch's transaction reads its views' report slots once (lockReportTargets).
        const batches = statements.filter((sql) =>
          /select id, started_at, last_report_at from reading_views/.test(sql),
        );
        expect(batches).toHaveLength(1);
        // The first waited for the window; the second, sent 200 ms later, was answered with it.
        expect(answered[0]?.ms).toBeGreaterThanOrEqual(1500);
        expect(answered[1]?.ms).toBeLessThan(1500);
      } finally {
        await t.close();
        t = testsApp;
      }
    },
  );
});

describe("the founder's analytics", () => {
  test('per document: readers, averages over readers, completion, and one chosen reader per page', async () => {
    const { founder, investor, documentId } = await roomWithDeck(4);
    const secondEmail = uniqueEmail('second');
    await invite(t, founder, secondEmail, 'Sam Second');
    const second = await signInWithMagicLink(t, secondEmail);

    await reportAfter(investor, await openedView(investor, documentId), 60, [
      { page: 1, seconds: 10 },
      { page: 2, seconds: 20 },
      { page: 3, seconds: 10 },
      { page: 4, seconds: 10 },
    ]);
    const again = await openedView(investor, documentId);
    await reportAfter(investor, again, 30, [{ page: 2, seconds: 10 }]);
    await reportAfter(second, await openedView(second, documentId), 30, [{ page: 1, seconds: 20 }]);

    const analytics = await get<DocumentAnalytics>(
      founder,
      apiPath(readingRoutes.document, { params: { documentId } }),
    );
    expect(analytics).toMatchObject({
      viewCount: 3,
      readerCount: 2,
      totalReadSeconds: 80,
      averageReadSeconds: 40,
    });
    // The first read all 4 pages, the second 1 of 4.
    expect(analytics.completion).toBeCloseTo((1 + 0.25) / 2);
    expect(analytics.pages.map((page) => [page.page, page.averageSeconds, page.readerCount])).toEqual([
      [1, 15, 2],
      [2, 15, 1],
      [3, 5, 1],
      [4, 5, 1],
    ]);
    expect(analytics.chosenReader).toBeNull();
    expect(analytics.pages.every((page) => page.readerSeconds === null)).toBe(true);
    const byName = Object.fromEntries(analytics.readers.map((reader) => [reader.name, reader]));
    expect(byName['Ivy Investor']).toMatchObject({
      viewCount: 2,
      readSeconds: 60,
      pagesSeen: 4,
      completion: 1,
    });
    expect(byName['Sam Second']).toMatchObject({
      viewCount: 1,
      readSeconds: 20,
      pagesSeen: 1,
      completion: 0.25,
    });

    const chosen = await get<DocumentAnalytics>(
      founder,
      apiPath(readingRoutes.document, { params: { documentId }, query: { reader: investor.user.id } }),
    );
    expect(chosen.chosenReader).toMatchObject({ userId: investor.user.id, name: 'Ivy Investor' });
    expect(chosen.pages.map((page) => page.readerSeconds)).toEqual([10, 30, 10, 10]);
    const nobody = await get<DocumentAnalytics>(
      founder,
      apiPath(readingRoutes.document, { params: { documentId }, query: { reader: crypto.randomUUID() } }),
    );
    expect(nobody.chosenReader).toBeNull();
  });

  test('per room: documents from most to least read, unread ones included, and the readers of the last 7 days', async () => {
    const { founder, investor, documentId } = await roomWithDeck();
    const unread = await uploadDeck(founder, 'Unread.pdf', 2);
    const lightly = await uploadDeck(founder, 'Skimmed.pdf', 2);
    await reportAfter(investor, await openedView(investor, documentId), 60, [{ page: 1, seconds: 50 }]);
    await reportAfter(investor, await openedView(investor, lightly), 60, [{ page: 1, seconds: 5 }]);
    const formerEmail = uniqueEmail('former');
    await invite(t, founder, formerEmail, 'Fay Former');
    const former = await signInWithMagicLink(t, formerEmail);
    await openedView(former, documentId);
    await db()
      .updateTable('reading_room_readers')
      .set({ last_seen_at: Date.now() - 8 * 24 * 60 * 60 * 1000 })
      .where('user_id', '=', former.user.id)
      .execute();

    const room = await get<RoomAnalytics>(founder, apiPath(readingRoutes.room));
    expect(
      room.documents.map((document) => [document.title, document.readSeconds, document.viewCount]),
    ).toEqual([
      ['Deck.pdf', 50, 2],
      ['Skimmed.pdf', 5, 1],
      ['Unread.pdf', 0, 0],
    ]);
    expect(room.documents.find((document) => document.documentId === unread)?.lastViewedAt).toBeNull();
    expect(room.recentReaders).toEqual([
      {
        userId: investor.user.id,
        name: 'Ivy Investor',
        email: investor.user.email,
        lastSeenAt: expect.any(String),
        readSeconds: 55,
        viewCount: 2,
      },
    ]);

    // Another founder sees their own room, nothing of this one.
    const otherFounder = await signInWithMagicLink(t, (await createFounder(t)).user.email);
    expect(await get<RoomAnalytics>(otherFounder, apiPath(readingRoutes.room))).toEqual({
      documents: [],
      recentReaders: [],
      firms: [],
    });
  });

  test("per room, by group and by firm: one group's readers only, and readers rolled up by their address's domain, webmail left out", async () => {
    // In a section: once the room has a second group, a document in none is for managers only (ADR 74).
    const { founder, documentId } = await roomWithDeck(5, 'Decks');
    const diligence = (await t.call(groupRoutes.create, { body: { name: 'Diligence' }, as: founder })).json;
    const firm = `fund-${Date.now()}.vc`;
    const readers = [];
    for (const [email, groupId] of [
      [`ann-${Date.now()}@${firm}`, diligence.id],
      [`bob-${Date.now()}@${firm}`, undefined],
      [`cat-${Date.now()}@gmail.com`, diligence.id],
    ] as const) {
      const sent = await t.call(invitationRoutes.create, { body: { email, groupId }, as: founder });
      expect(sent.status, sent.text).toBe(201);
      readers.push(await signInWithMagicLink(t, email));
    }
    const [ann, bob, cat] = readers as [SignedIn, SignedIn, SignedIn];
    await reportAfter(ann, await openedView(ann, documentId), 60, [{ page: 1, seconds: 40 }]);
    await reportAfter(bob, await openedView(bob, documentId), 60, [{ page: 1, seconds: 20 }]);
    await reportAfter(cat, await openedView(cat, documentId), 60, [{ page: 1, seconds: 10 }]);

    const everyone = await get<RoomAnalytics>(founder, apiPath(readingRoutes.room));
    expect(everyone.firms.find((entry) => entry.firm === firm)).toEqual({
      firm,
      readerCount: 2,
      readSeconds: 60,
    });
    expect(everyone.firms.map((entry) => entry.firm)).not.toContain('gmail.com');
    expect(everyone.documents[0]?.readSeconds).toBe(70);

    const grouped = await get<RoomAnalytics>(
      founder,
      apiPath(readingRoutes.room, { query: { group: diligence.id } }),
    );
    expect(grouped.recentReaders.map((reader) => reader.email).sort()).toEqual(
      [ann.user.email, cat.user.email].sort(),
    );
    expect(grouped.documents.find((document) => document.documentId === documentId)).toMatchObject({
      readSeconds: 50,
      viewCount: 2,
      readerCount: 2,
    });
    expect(grouped.firms).toEqual([{ firm, readerCount: 1, readSeconds: 40 }]);
    expect(
      (
        await get<RoomAnalytics>(
          founder,
          apiPath(readingRoutes.room, { query: { group: await roomIdOf(founder) } }),
        )
      ).recentReaders.map((reader) => reader.email),
    ).toEqual([bob.user.email]);

    const missing = await t.call(readingRoutes.room, { query: { group: crypto.randomUUID() }, as: founder });
    expect(missing.status).toBe(404);
    const malformed = await t.call(readingRoutes.room, { query: { group: 'diligence' }, as: founder });
    expect([malformed.status, malformed.refusal?.message]).toEqual([400, 'group: must be a group id']);
  });

  test('per investor: every visit in order with views, downloads and clicks, and time per document', async () => {
    const { founder, investor, documentId } = await roomWithDeck(3);
    const room = (await t.call(roomRoutes.mine, { as: founder })).json;
    const link = 'https://example.com/model';
    await t.call(roomRoutes.saveSections, {
      body: { content: `## Financials\n- [Model](${link})\n` },
      as: founder,
    });

    const earlier = await openedView(investor, documentId);
    await reportAfter(investor, earlier, 30, [
      { page: 1, seconds: 12 },
      { page: 2, seconds: 8 },
    ]);
    // That visit was two hours ago.
    const twoHours = 2 * 60 * 60 * 1000;
    await db()
      .updateTable('reading_views')
      .set((eb) => ({ started_at: eb('started_at', '-', twoHours) }))
      .where('id', '=', earlier)
      .execute();

    await reportAfter(investor, await openedView(investor, documentId), 10, [{ page: 3, seconds: 5 }]);
    expect((await t.call(documentRoutes.download, { params: { id: documentId }, as: investor })).status).toBe(
      200,
    );
    const clicked = await t.call(roomRoutes.click, {
      params: { id: room.id },
      query: { url: link },
      as: investor,
      redirect: 'manual',
    });
    expect(clicked.status).toBe(302);

    const analytics = await get<InvestorAnalytics>(
      founder,
      apiPath(readingRoutes.investor, { params: { userId: investor.user.id } }),
    );
    expect(analytics.investor).toEqual({
      userId: investor.user.id,
      name: 'Ivy Investor',
      email: investor.user.email,
      isMember: true,
    });
    expect(analytics.documents).toEqual([
      {
        documentId,
        title: 'Deck.pdf',
        viewCount: 2,
        readSeconds: 25,
        pagesSeen: 3,
        pageCount: 3,
        lastViewedAt: expect.any(String),
      },
    ]);
    expect(
      analytics.visits.map((visit) =>
        visit.activities.map((activity) =>
          activity.kind === 'viewed'
            ? `viewed ${activity.title} ${activity.readSeconds}s ${activity.pagesSeen}p`
            : `${activity.kind} ${activity.title}`,
        ),
      ),
    ).toEqual([
      ['viewed Deck.pdf 20s 2p'],
      ['viewed Deck.pdf 5s 1p', 'downloaded Deck.pdf', 'clicked Model'],
    ]);
  });

  test('per investor: a view that read nothing is no line of the timeline, and still counts as a view', async () => {
    const { founder, investor, documentId } = await roomWithDeck(3);
    // Opened and closed at once, twice: no report, 0 s and 0 pages.
    await openedView(investor, documentId);
    await openedView(investor, documentId);
    await reportAfter(investor, await openedView(investor, documentId), 10, [{ page: 2, seconds: 4 }]);

    const analytics = await get<InvestorAnalytics>(
      founder,
      apiPath(readingRoutes.investor, { params: { userId: investor.user.id } }),
    );
    const lines = analytics.visits.flatMap((visit) =>
      visit.activities.map((activity) =>
        activity.kind === 'viewed' ? `viewed ${activity.readSeconds}s ${activity.pagesSeen}p` : activity.kind,
      ),
    );
    expect(lines).toEqual(['viewed 4s 1p']);
    expect(analytics.documents[0]).toMatchObject({ viewCount: 3, readSeconds: 4, pagesSeen: 1 });
    const document = await get<DocumentAnalytics>(
      founder,
      apiPath(readingRoutes.document, { params: { documentId } }),
    );
    expect(document.viewCount).toBe(3);

    // A reader whose only view read nothing has an empty timeline, not a page that is not found.
    const { founder: other, investor: idle, documentId: unread } = await roomWithDeck(2);
    await openedView(idle, unread);
    const idleAnalytics = await get<InvestorAnalytics>(
      other,
      apiPath(readingRoutes.investor, { params: { userId: idle.user.id } }),
    );
    expect(idleAnalytics.visits).toEqual([]);
    expect(idleAnalytics.documents[0]).toMatchObject({ viewCount: 1, readSeconds: 0 });
  });

  test('founder analytics are for the owner only: investors 403, other founders 404, unknown ids 404', async () => {
    const { founder, investor, documentId } = await roomWithDeck();
    const otherFounder = await signInWithMagicLink(t, (await createFounder(t)).user.email);
    const paths = [
      apiPath(readingRoutes.room),
      apiPath(readingRoutes.document, { params: { documentId } }),
      apiPath(readingRoutes.investor, { params: { userId: investor.user.id } }),
    ];
    for (const path of paths) {
      expectRefusal(await t.request('GET', path, { headers: investor.auth }), 403, {
        message: /Only the founder/,
      });
      expect((await t.request('GET', path)).status).toBe(401);
    }
    for (const path of paths.slice(1)) {
      expectRefusal(await t.request('GET', path, { headers: otherFounder.auth }), 404, {
        message: /does not exist/,
      });
    }
    const stranger = (await founderWithInvestor(t)).investor;
    for (const userId of [stranger.user.id, founder.user.id, crypto.randomUUID()]) {
      expectRefusal(await t.call(readingRoutes.investor, { params: { userId }, as: founder }), 404, {
        message: /never had access to your room/,
      });
    }
    expectRefusal(
      await t.call(readingRoutes.document, { params: { documentId: crypto.randomUUID() }, as: founder }),
      404,
      { message: /does not exist/ },
    );
    expectRefusal(
      await t.call(readingRoutes.document, { params: { documentId: 'nope' }, as: founder }),
      400,
      {
        message: /documentId: must be a document id/,
      },
    );
    expectRefusal(
      await t.call(readingRoutes.document, { params: { documentId }, query: { reader: 'x' }, as: founder }),
      400,
      { message: /reader: must be a reader id/ },
    );
  });
});
