import crypto from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPreview, updatePreview } from '#server/features/documents/previews.repository';
import { apiPath, type QueryValues } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { type ExportKind, exportRoutes } from '#shared/contracts/exports';
import { groupRoutes } from '#shared/contracts/groups';
import { ndaRoutes } from '#shared/contracts/nda';
import { readingRoutes } from '#shared/contracts/reading';
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
import { formulasAfterImport, SPREADSHEET_SEPARATORS } from '#tests/support/spreadsheet-import';
import { startTestApp, type TestApp, type TestResponse } from '#tests/support/test-app';
import { ACCESS_LOG_PAGE_ROWS } from './export-rows';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const db = () => t.app.database.db;

function exportOf(caller: SignedIn | null, kind: ExportKind, query: QueryValues = {}) {
  return t.call(exportRoutes[kind], { query, as: caller ?? undefined });
}

/** The CSV's records (header first), parsed by csv-parse as RFC 4180 with CRLF records. */
function recordsOf(response: TestResponse): string[][] {
  expect(response.status, response.text).toBe(200);
  return parse(response.text, { bom: true, record_delimiter: '\r\n', relax_column_count: false });
}

async function roomIdOf(founder: SignedIn): Promise<string> {
  const room = await db()
    .selectFrom('data_rooms')
    .select('id')
    .where('owner_id', '=', founder.user.id)
    .executeTakeFirstOrThrow();
  return room.id;
}

/** Writes access events straight into the log, as the server records them (times in epoch ms). */
async function logEvents(
  roomId: string,
  events: {
    userId?: string | null;
    invitationId?: string;
    title?: string;
    url?: string;
    action?: 'downloaded' | 'clicked';
    at: number;
  }[],
) {
  await db()
    .insertInto('access_events')
    .values(
      events.map((event) => ({
        id: crypto.randomUUID(),
        room_id: roomId,
        user_id: event.userId ?? null,
        invitation_id: event.invitationId ?? null,
        document_id: null,
        document_title: event.title ?? 'Pitch site',
        url: event.url ?? 'https://example.com/pitch',
        action: event.action ?? 'clicked',
        occurred_at: event.at,
        ip: '127.0.0.1',
        user_agent: null,
      })),
    )
    .execute();
}

/** A founder whose investor opened the deck (read 12 s on page 1) and downloaded it. */
async function roomWithViewAndDownload() {
  const { founder, investor, investorEmail } = await founderWithInvestor(t);
  const uploaded = await uploadFile(t, founder, { name: 'Deck.pdf', bytes: uniquePdf() });
  expect(uploaded.status, uploaded.text).toBe(201);
  const documentId = (uploaded.json as { document: { id: string } }).document.id;
  const opened = await t.call(readingRoutes.openView, { params: { id: documentId }, as: investor });
  expect(opened.status, opened.text).toBe(201);
  const { viewId } = opened.json;
  if (!viewId) throw new Error('no view');
  // The view was opened a minute ago, so a 12 s report is credited in full.
  const view = await db()
    .selectFrom('reading_views')
    .selectAll()
    .where('id', '=', viewId)
    .executeTakeFirstOrThrow();
  await db()
    .updateTable('reading_views')
    .set({ started_at: view.started_at - 60_000 })
    .where('id', '=', viewId)
    .execute();
  await db()
    .updateTable('access_events')
    .set({ occurred_at: view.started_at - 60_000 })
    .where('document_id', '=', documentId)
    .where('action', '=', 'viewed')
    .execute();
  const reported = await t.call(readingRoutes.report, {
    params: { viewId },
    rawBody: { pages: [{ page: 1, seconds: 12 }] },
    as: investor,
  });
  expect(reported.status, reported.text).toBe(204);
  const downloaded = await t.call(documentRoutes.download, { params: { id: documentId }, as: investor });
  expect(downloaded.status).toBe(200);
  return { founder, investor, investorEmail, documentId, roomId: await roomIdOf(founder) };
}

describe('the access log export', () => {
  test('lists the view with its reading time and the download, as a UTF-8 CSV attachment with a BOM', async () => {
    const { founder, investorEmail, documentId } = await roomWithViewAndDownload();
    const response = await exportOf(founder, 'access-log');
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename=roundroom-access-log-${today}.csv`,
    );
    // fetch's text() drops a byte-order mark: read the bytes.
    const bytes = Buffer.from(
      await (
        await fetch(`${t.baseUrl}${apiPath(exportRoutes['access-log'])}`, { headers: founder.auth })
      ).arrayBuffer(),
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').startsWith('Time (UTC),')).toBe(true);
    expect(response.text.endsWith('\r\n')).toBe(true);

    const [header, ...rows] = recordsOf(response);
    expect(header).toEqual([
      'Time (UTC)',
      'Investor',
      'E-mail',
      'Action',
      'Document',
      'URL',
      'Reading seconds',
      'Version',
    ]);
    expect(rows).toHaveLength(2);
    const [view, download] = rows;
    expect(view?.slice(1)).toEqual([
      'Ivy Investor',
      investorEmail,
      'viewed',
      'Deck.pdf',
      `${t.config.appUrl}${apiPath(documentRoutes.download, { params: { id: documentId } })}`,
      '12',
      '1',
    ]);
    expect(download?.slice(1, 5)).toEqual(['Ivy Investor', investorEmail, 'downloaded', 'Deck.pdf']);
    expect(download?.[6]).toBe('');
    for (const row of rows) expect(row[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(view?.[0] ?? '')).toBeLessThan(Date.parse(download?.[0] ?? ''));
  });

  test('quotes commas, double quotes and line breaks so that the cells read back exactly', async () => {
    const founder = await createFounder(t);
    const roomId = await roomIdOf(founder);
    const awkward = ['Terms, final', 'The "real" deck', 'Line one\nline two', 'Carriage\r\nreturn'];
    await logEvents(
      roomId,
      awkward.map((title, index) => ({ title, at: Date.UTC(2026, 0, 1, 0, index) })),
    );
    const response = await exportOf(founder, 'access-log');
    expect(response.text).toContain('"The ""real"" deck"');
    expect(
      recordsOf(response)
        .slice(1)
        .map((row) => row[4]),
    ).toEqual(awkward);
  });

  test.each([
    ['=', '=HYPERLINK("https://evil.example","Click")', `'=HYPERLINK("https://evil.example","Click")`],
    ['+', '+1+cmd|" /C calc"!A0', `'+1+cmd|" /C calc"!A0`],
    ['-', '-2+3', `'-2+3`],
    ['@', '@SUM(1+1)', `'@SUM(1+1)`],
    // A split on tab or a line break would start a cell at the `=`, so it is neutralised too.
    ['tab', '\t=1+1', `'\t'=1+1`],
    ['carriage return', '\r=1+1', `'\r'=1+1`],
  ])(
    'a cell starting with %s gets a leading apostrophe, so no spreadsheet runs it',
    async (_name, title, cell) => {
      const founder = await createFounder(t);
      await logEvents(await roomIdOf(founder), [{ title, url: title, at: Date.UTC(2026, 0, 1) }]);
      const [, row] = recordsOf(await exportOf(founder, 'access-log'));
      expect(row?.[4]).toBe(cell);
      expect(row?.[5]).toBe(cell);
    },
  );

  test('an investor whose name starts with = is neutralised too, in every export', async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('formula');
    await invite(t, founder, email, '=cmd|"/C calc"!A0');
    const investor = await signInWithMagicLink(t, email);
    await logEvents(await roomIdOf(founder), [{ userId: investor.user.id, at: Date.UTC(2026, 0, 1) }]);
    expect(recordsOf(await exportOf(founder, 'access-log'))[1]?.[1]).toBe(`'=cmd|"/C calc"!A0`);
    expect(recordsOf(await exportOf(founder, 'investors'))[1]?.[0]).toBe(`'=cmd|"/C calc"!A0`);
  });

  test('pages through a log longer than one page, every event once and in time order', async () => {
    const founder = await createFounder(t);
    const roomId = await roomIdOf(founder);
    const count = ACCESS_LOG_PAGE_ROWS * 2 + 7;
    // Many events share one millisecond, so the page boundaries fall inside a tie on occurred_at.
    await logEvents(
      roomId,
      Array.from({ length: count }, (_, index) => ({
        title: `Link ${index}`,
        at: Date.UTC(2026, 0, 1) + Math.floor(index / 300),
      })),
    );
    const rows = recordsOf(await exportOf(founder, 'access-log')).slice(1);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row[4])).size).toBe(count);
    const times = rows.map((row) => row[0] ?? '');
    expect([...times].sort()).toEqual(times);
  });
});

/**
 * Text that others type (names, titles, URLs, a browser's User-Agent) built to become a formula once a
 * spreadsheet splits the file on a separator the file was not written with, or on a line break.
 */
const SPLIT_FORMULAS = [
  'Mallory;=1+41;',
  'Mallory,=1+41,',
  'Mallory\t=1+41\t',
  'Mallory; =1+41',
  'Mallory;"=1+41"',
  'Mallory";=1+41;"',
  'Mallory;+1+41',
  'Mallory;-1+41',
  'Mallory;@SUM(1+41)',
  'Mallory\n=1+41',
  'Mallory\r\n=1+41',
];

describe('every export under any separator', () => {
  test.each(Object.keys(SPREADSHEET_SEPARATORS) as (keyof typeof SPREADSHEET_SEPARATORS)[])(
    'opened by LibreOffice split on %s, no cell of any export is a formula',
    async (separator) => {
      const founder = await createFounder(t);
      const roomId = await roomIdOf(founder);
      const email = uniqueEmail('split');
      await invite(t, founder, email, 'Mallory;=1+41;"=2+40",=3+39');
      const investor = await signInWithMagicLink(t, email);
      const nda = await t.call(ndaRoutes.saveSettings, {
        body: { isRequired: true, text: 'Keep it confidential.' },
        as: founder,
      });
      expect(nda.status, nda.text).toBe(200);
      const versionId = (nda.json as { version: { id: string } }).version.id;
      const accepted = await t.call(ndaRoutes.accept, {
        params: { id: roomId },
        body: { versionId, signerName: 'Mallory;=1+41;', agree: true },
        headers: { ...investor.auth, 'user-agent': SPLIT_FORMULAS.join(' ').replace(/[\r\n]/g, ' ') },
      });
      expect(accepted.status, accepted.text).toBe(201);
      const uploaded = await uploadFile(t, founder, { name: 'Deck;=1+41;.pdf', bytes: uniquePdf() });
      expect(uploaded.status, uploaded.text).toBe(201);
      await logEvents(
        roomId,
        SPLIT_FORMULAS.map((text, index) => ({
          userId: investor.user.id,
          title: text,
          url: `https://example.com/${text}`,
          at: Date.UTC(2026, 0, 1) + index,
        })),
      );
      const files: Record<string, string> = {};
      for (const kind of ['access-log', 'documents', 'investors', 'nda-acceptances'] as const) {
        const response = await exportOf(founder, kind);
        expect(response.status, response.text).toBe(200);
        expect(response.text).toContain('=1+41');
        files[kind] = response.text;
      }
      expect(await formulasAfterImport(files, separator)).toEqual({
        'access-log': [],
        documents: [],
        investors: [],
        'nda-acceptances': [],
      });
    },
  );
});

describe('filters', () => {
  test('from and to are whole days in UTC, both inclusive', async () => {
    const founder = await createFounder(t);
    await logEvents(await roomIdOf(founder), [
      { title: 'Before', at: Date.UTC(2026, 0, 31, 23, 59, 59, 999) },
      { title: 'First moment', at: Date.UTC(2026, 1, 1) },
      { title: 'Last moment', at: Date.UTC(2026, 1, 28, 23, 59, 59, 999) },
      { title: 'After', at: Date.UTC(2026, 2, 1) },
    ]);
    const titles = async (query: QueryValues) =>
      recordsOf(await exportOf(founder, 'access-log', query))
        .slice(1)
        .map((row) => row[4]);
    expect(await titles({ from: '2026-02-01', to: '2026-02-28' })).toEqual(['First moment', 'Last moment']);
    expect(await titles({ from: '2026-02-28', to: '2026-02-28' })).toEqual(['Last moment']);
    expect(await titles({ from: '2026-03-01' })).toEqual(['After']);
    expect(await titles({ to: '2026-01-31' })).toEqual(['Before']);
  });

  test('investor keeps one investor’s rows in each export', async () => {
    const { founder, investor, roomId, documentId } = await roomWithViewAndDownload();
    const otherEmail = uniqueEmail('other');
    await invite(t, founder, otherEmail, 'Otto Other');
    const other = await signInWithMagicLink(t, otherEmail);
    await t.call(documentRoutes.download, { params: { id: documentId }, as: other });
    await logEvents(roomId, [{ userId: other.user.id, at: Date.now() }]);

    const all = recordsOf(await exportOf(founder, 'access-log')).slice(1);
    expect(new Set(all.map((row) => row[1]))).toEqual(new Set(['Ivy Investor', 'Otto Other']));
    const mine = recordsOf(await exportOf(founder, 'access-log', { investor: investor.user.id })).slice(1);
    expect(mine.map((row) => [row[1], row[3]])).toEqual([
      ['Ivy Investor', 'viewed'],
      ['Ivy Investor', 'downloaded'],
    ]);
    const theirs = recordsOf(await exportOf(founder, 'investors', { investor: other.user.id })).slice(1);
    expect(theirs.map((row) => [row[0], row[2], row[6], row[7]])).toEqual([
      ['Otto Other', 'Deck.pdf', '1', '0'],
      ['Otto Other', 'Pitch site', '0', '1'],
    ]);
    const documents = recordsOf(await exportOf(founder, 'documents', { investor: other.user.id })).slice(1);
    expect(documents).toEqual([['Deck.pdf', '0', '0', '0', '0', '']]);
  });

  test("group keeps one investor group's rows in each export (docs/decisions/0068-investor-groups.md)", async () => {
    const { founder, investorEmail, roomId, documentId } = await roomWithViewAndDownload();
    const otherEmail = uniqueEmail('other');
    await invite(t, founder, otherEmail, 'Otto Other');
    const other = await signInWithMagicLink(t, otherEmail);
    await t.call(documentRoutes.download, { params: { id: documentId }, as: other });
    const diligence = (await t.call(groupRoutes.create, { body: { name: 'Diligence' }, as: founder })).json;
    const moved = await t.call(groupRoutes.moveInvestor, {
      body: { email: otherEmail, groupId: diligence.id },
      as: founder,
    });
    expect(moved.status, moved.text).toBe(200);

    const inDiligence = recordsOf(await exportOf(founder, 'access-log', { group: diligence.id })).slice(1);
    expect(inDiligence.map((row) => [row[1], row[3]])).toEqual([['Otto Other', 'downloaded']]);
    const inAll = recordsOf(await exportOf(founder, 'access-log', { group: roomId })).slice(1);
    expect(new Set(inAll.map((row) => row[1]))).toEqual(new Set(['Ivy Investor']));
    const investors = recordsOf(await exportOf(founder, 'investors', { group: diligence.id })).slice(1);
    expect(investors.map((row) => row[0])).toEqual(['Otto Other']);
    expect(investorEmail).not.toBe(otherEmail);

    // An invitation in the group, not accepted yet: what its link showed is the group's too.
    const invitedEmail = uniqueEmail('invited');
    await invite(t, founder, invitedEmail);
    await t.call(groupRoutes.moveInvestor, {
      body: { email: invitedEmail, groupId: diligence.id },
      as: founder,
    });
    const invitation = await db()
      .selectFrom('invitations')
      .select('id')
      .where('email', '=', invitedEmail)
      .executeTakeFirstOrThrow();
    await logEvents(roomId, [{ invitationId: invitation.id, title: 'Invited view', at: Date.now() }]);
    const withInvited = recordsOf(await exportOf(founder, 'access-log', { group: diligence.id })).slice(1);
    expect(withInvited.map((row) => row[1])).toEqual(['Otto Other', `${invitedEmail} (invited)`]);
    const stillAll = recordsOf(await exportOf(founder, 'access-log', { group: roomId })).slice(1);
    expect(stillAll.map((row) => row[1])).not.toContain(`${invitedEmail} (invited)`);

    const empty = (await t.call(groupRoutes.create, { body: { name: 'Empty' }, as: founder })).json;
    expect(recordsOf(await exportOf(founder, 'access-log', { group: empty.id })).slice(1)).toEqual([]);
    expectRefusal(await exportOf(founder, 'access-log', { group: crypto.randomUUID() }), 404, {
      message: /group/,
    });
  });

  test.each([
    ['?group=all', 'group', /^group: must be a group id/],
    ['?from=2026-02-30', 'from', /^from: must be a date written YYYY-MM-DD/],
    ['?to=yesterday', 'to', /^to: must be a date written YYYY-MM-DD/],
    ['?from=2026-03-02&to=2026-03-01', 'from', /^from: must not be after to/],
    ['?investor=42', 'investor', /^investor: must be an investor id/],
    ['?format=xlsx', 'format', /Unexpected field/],
  ])('%s is refused with a 400 naming %s', async (query, field, message) => {
    const founder = await createFounder(t);
    for (const kind of ['access-log', 'documents', 'investors'] as const)
      expectRefusal(await exportOf(founder, kind, Object.fromEntries(new URLSearchParams(query))), 400, {
        message,
        field,
      });
  });

  test('an investor who is not of the room is a 404, as on the analytics pages', async () => {
    const { founder } = await founderWithInvestor(t);
    const elsewhere = await founderWithInvestor(t);
    for (const investor of [elsewhere.investor.user.id, crypto.randomUUID(), founder.user.id])
      expectRefusal(await exportOf(founder, 'access-log', { investor }), 404, {
        message: /investor does not exist/,
      });
  });
});

describe('the analytics exports', () => {
  test('per document: views, readers, reading time and completion of each document of the room', async () => {
    const { founder, documentId } = await roomWithViewAndDownload();
    // Prepared as 4 pages, of which the investor read 1.
    await t.app.jobs.whenIdle();
    await startPreview(db(), documentId, 'pages', new Date());
    await updatePreview(db(), documentId, { status: 'ready', pageCount: 4, preparedAt: new Date() });
    await uploadFile(t, founder, { name: 'Unread.pdf', bytes: uniquePdf() });
    const response = await exportOf(founder, 'documents');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename=roundroom-document-analytics-\d{4}-\d\d-\d\d\.csv$/,
    );
    expect(recordsOf(response)).toEqual([
      [
        'Document',
        'Views',
        'Readers',
        'Total reading seconds',
        'Average reading seconds per reader',
        'Completion (%)',
      ],
      ['Deck.pdf', '1', '1', '12', '12', '25'],
      ['Unread.pdf', '0', '0', '0', '0', ''],
    ]);
  });

  test('per investor: one row per investor and document with views, time, pages, downloads and clicks', async () => {
    const { founder, investorEmail } = await roomWithViewAndDownload();
    const rows = recordsOf(await exportOf(founder, 'investors'));
    expect(rows[0]).toEqual([
      'Investor',
      'E-mail',
      'Document',
      'Views',
      'Reading seconds',
      'Pages seen',
      'Downloads',
      'Clicks',
      'First activity (UTC)',
      'Last activity (UTC)',
    ]);
    expect(rows).toHaveLength(2);
    const [row] = rows.slice(1);
    expect(row?.slice(0, 8)).toEqual(['Ivy Investor', investorEmail, 'Deck.pdf', '1', '12', '1', '1', '0']);
    expect(Date.parse(row?.[8] ?? '')).toBeLessThan(Date.parse(row?.[9] ?? ''));
  });
});

/** Questions written straight into the room, as the server stores them (times in epoch ms). */
async function askQuestions(
  roomId: string,
  questions: { askerId: string; text: string; at: number; documentId?: string }[],
) {
  await db()
    .insertInto('questions')
    .values(
      questions.map((question) => ({
        id: crypto.randomUUID(),
        room_id: roomId,
        asker_id: question.askerId,
        subject_kind: question.documentId ? ('document' as const) : ('room' as const),
        document_id: question.documentId ?? null,
        page: question.documentId ? 2 : null,
        text: question.text,
        state: 'open' as const,
        created_at: question.at,
      })),
    )
    .execute();
}

describe('who is named, page after page', () => {
  test("a page boundary inside one investor's rows: every row names them, and each view keeps its reading time", async () => {
    const { founder, investor, investorEmail, documentId, roomId } = await roomWithViewAndDownload();
    const invitedEmail = uniqueEmail('invited');
    await invite(t, founder, invitedEmail);
    const invitation = await db()
      .selectFrom('invitations')
      .select('id')
      .where('email', '=', invitedEmail)
      .executeTakeFirstOrThrow();
    const start = Date.UTC(2026, 0, 1);
    const count = ACCESS_LOG_PAGE_ROWS + 20;
    // Views (each with its reading_views row, read for index seconds) on both sides of the first page's
    // end, and the invitation's link read as the first page's last row and in the second page.
    const isView = (index: number) => index % 2 === 0 && Math.abs(index - ACCESS_LOG_PAGE_ROWS) < 12;
    const isInvited = (index: number) =>
      index === ACCESS_LOG_PAGE_ROWS - 1 || index === ACCESS_LOG_PAGE_ROWS + 1;
    await db()
      .insertInto('access_events')
      .values(
        Array.from({ length: count }, (_, index) => ({
          id: crypto.randomUUID(),
          room_id: roomId,
          user_id: isInvited(index) ? null : investor.user.id,
          invitation_id: isInvited(index) ? invitation.id : null,
          document_id: isView(index) ? documentId : null,
          document_title: isView(index) ? 'Deck.pdf' : `Link ${index}`,
          url: isView(index)
            ? apiPath(documentRoutes.download, { params: { id: documentId } })
            : `https://example.com/${index}`,
          action: isView(index) ? ('viewed' as const) : ('clicked' as const),
          occurred_at: start + index,
          ip: '127.0.0.1',
          user_agent: null,
          document_version: isView(index) ? 1 : null,
        })),
      )
      .execute();
    const viewIndexes = Array.from({ length: count }, (_, index) => index).filter(isView);
    await db()
      .insertInto('reading_views')
      .values(
        viewIndexes.map((index) => ({
          id: crypto.randomUUID(),
          room_id: roomId,
          document_id: documentId,
          user_id: investor.user.id,
          started_at: start + index,
          last_report_at: start + index + 60_000,
          read_ms: index * 1000,
          pages_seen: 1,
          report_count: 1,
          document_version: 1,
        })),
      )
      .execute();

    const rows = recordsOf(await exportOf(founder, 'access-log', { to: '2026-01-01' })).slice(1);
    expect(rows).toHaveLength(count);
    for (const [index, row] of rows.entries()) {
      if (isInvited(index))
        expect(row.slice(1, 3), `row ${index}`).toEqual([`${invitedEmail} (invited)`, invitedEmail]);
      else expect(row.slice(1, 3), `row ${index}`).toEqual(['Ivy Investor', investorEmail]);
      expect(row[6], `row ${index}`).toBe(isView(index) ? String(index) : '');
    }
    expect(viewIndexes.some((index) => index < ACCESS_LOG_PAGE_ROWS)).toBe(true);
    expect(viewIndexes.some((index) => index >= ACCESS_LOG_PAGE_ROWS)).toBe(true);
  });

  test('the questions export names each asker and document, page after page, and follows the filters', async () => {
    const { founder, investor, investorEmail, documentId, roomId } = await roomWithViewAndDownload();
    const otherEmail = uniqueEmail('other');
    await invite(t, founder, otherEmail, 'Otto Other');
    const other = await signInWithMagicLink(t, otherEmail);
    const start = Date.UTC(2026, 0, 1);
    const count = ACCESS_LOG_PAGE_ROWS + 5;
    const askedByOther = (index: number) => index % 3 === 0;
    await askQuestions(
      roomId,
      Array.from({ length: count }, (_, index) => ({
        askerId: askedByOther(index) ? other.user.id : investor.user.id,
        text: `Question ${index}`,
        at: start + index,
        ...(index % 2 === 0 ? { documentId } : {}),
      })),
    );
    const response = await exportOf(founder, 'questions');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename=roundroom-questions-\d{4}-\d\d-\d\d\.csv$/,
    );
    const [header, ...rows] = recordsOf(response);
    expect(header).toEqual([
      'Asked at (UTC)',
      'Investor',
      'E-mail',
      'About',
      'Document',
      'Page',
      'Question',
      'State',
      'Answer',
      'Published wording',
      'Answered at (UTC)',
      'Published at (UTC)',
    ]);
    expect(rows.map((row) => row.slice(0, 8))).toEqual(
      Array.from({ length: count }, (_, index) => [
        new Date(start + index).toISOString(),
        askedByOther(index) ? 'Otto Other' : 'Ivy Investor',
        askedByOther(index) ? otherEmail : investorEmail,
        index % 2 === 0 ? 'A document' : 'The data room',
        index % 2 === 0 ? 'Deck.pdf' : '',
        index % 2 === 0 ? '2' : '',
        `Question ${index}`,
        'open',
      ]),
    );

    const theirs = recordsOf(await exportOf(founder, 'questions', { investor: other.user.id })).slice(1);
    expect(theirs.map((row) => row[6])).toEqual(
      Array.from({ length: count }, (_, index) => index)
        .filter(askedByOther)
        .map((index) => `Question ${index}`),
    );
    const diligence = (await t.call(groupRoutes.create, { body: { name: 'Diligence' }, as: founder })).json;
    await t.call(groupRoutes.moveInvestor, {
      body: { email: otherEmail, groupId: diligence.id },
      as: founder,
    });
    const inGroup = recordsOf(await exportOf(founder, 'questions', { group: diligence.id })).slice(1);
    expect(inGroup.map((row) => row[6])).toEqual(theirs.map((row) => row[6]));
  });

  test('an account deleted since: its events name a removed user, and it has no per-investor rows', async () => {
    const { founder, investor, investorEmail, roomId } = await roomWithViewAndDownload();
    await logEvents(roomId, [
      { userId: investor.user.id, title: 'Before deletion', at: Date.UTC(2026, 0, 1) },
    ]);
    expect(
      recordsOf(await exportOf(founder, 'investors'))
        .slice(1)
        .map((row) => row[1]),
    ).toContain(investorEmail);
    await db().deleteFrom('users').where('id', '=', investor.user.id).execute();

    const rows = recordsOf(await exportOf(founder, 'access-log')).slice(1);
    expect(rows.map((row) => row.slice(1, 4))).toEqual([
      ['A removed user', '', 'clicked'],
      ['A removed user', '', 'viewed'],
      ['A removed user', '', 'downloaded'],
    ]);
    expect(recordsOf(await exportOf(founder, 'investors')).slice(1)).toEqual([]);
  });
});

describe('who may export', () => {
  test('investors are refused with 403, strangers with 401, and nothing is written', async () => {
    const { investor } = await founderWithInvestor(t);
    const before = await countRows(t);
    for (const kind of ['access-log', 'documents', 'investors'] as const) {
      expect((await exportOf(investor, kind)).status).toBe(403);
      expect((await exportOf(null, kind)).status).toBe(401);
    }
    expect(await countRows(t)).toEqual(before);
  });
});
