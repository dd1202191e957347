import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Config } from '#server/config';
import { openDatabase } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { DAY_MS } from '#server/durations';
import type { BudgetRow } from './report';
import {
  BatchInsert,
  type Dialect,
  onSqliteThenPostgres,
  p95Of,
  preparedDocumentRows,
  seededRandom,
  startSeedableServer,
} from './seeded-room';

/**
 * The analytics budget (docs/decisions/0041-reading-analytics.md): with 1,000,000 page-reading reports and 1,000,000 access events in one
 * room, each founder analytics endpoint answers at p95 within 25 ms on SQLite and 50 ms on PostgreSQL.
 * Reports are never stored, only rolled up (ADR 41), so the data is written straight into the roll-ups
 * those reports would have produced, and the access log beside them, in big multi-row inserts: sending
 * a million reports through the API (at most one per view every 2 s) would take hours. Beside each
 * endpoint: the same server's /api/health, the floor of a request on this machine.
 */

const READERS = 200;
const DOCUMENTS = 50;
const PAGES = 30;
const VIEWS_PER_READER_AND_DOCUMENT = 2;
const REPORTS_PER_VIEW = 50;
const ACCESS_EVENTS = 1_000_000;
const P95_BUDGET_MS: Record<Dialect, number> = { sqlite: 25, postgres: 50 };

/** The seeded history spans this many days before now, so some readers fall in "the last 7 days". */
const HISTORY_DAYS = 60;

interface SeededRoom {
  documentIds: string[];
  readerIds: string[];
  reports: number;
  accessEvents: number;
  seconds: number;
}

/**
 * Writes into the server's database what 1,000,000 reports and 1,000,000 access events leave in one
 * room: 200 investors (members) and 50 ready 30-page documents; each investor opened each document twice
 * and sent 50 reports per view, reading on to a page of their own; the roll-ups of ADR 41 hold exactly
 * what those reports add up to. The access log holds each view's 'viewed' event and downloads and
 * clicks for the rest.
 */
async function seedReadingHistory(
  database: Config['database'],
  roomId: string,
  founderId: string,
): Promise<SeededRoom> {
  const started = performance.now();
  const handle = openDatabase(database);
  const random = seededRandom(11);
  const now = Date.now();
  const seed: HistorySeed = {
    roomId,
    founderId,
    random,
    now,
    someTimeAgo: () => now - Math.floor(random() * HISTORY_DAYS * DAY_MS),
    documentIds: Array.from({ length: DOCUMENTS }, () => crypto.randomUUID()),
    readerIds: Array.from({ length: READERS }, () => crypto.randomUUID()),
    titleOf: (index: number) => `Document ${index + 1}`,
  };
  let reports = 0;
  try {
    await handle.db.transaction().execute((trx) => seedReadersAndDocuments(trx, seed));
    // The views, their pages and every roll-up, in one transaction; the totals are summed here as the
    // server would have summed them report by report.
    const { reports: written, accessEvents } = await handle.db
      .transaction()
      .execute((trx) => seedViewsAndRollUps(trx, seed));
    reports = written;
    // The access log: each view's 'viewed' event, then downloads and clicks up to a million events.
    await handle.db.transaction().execute((trx) => seedAccessLog(trx, seed, accessEvents));
    // Fresh statistics, as a long-running database has them (SQLite's planner uses them too).
    await sql`analyze`.execute(handle.db);
  } finally {
    await handle.close();
  }
  return {
    documentIds: seed.documentIds,
    readerIds: seed.readerIds,
    reports,
    accessEvents: ACCESS_EVENTS,
    seconds: (performance.now() - started) / 1000,
  };
}

/** What every phase of the seed shares: the room, its ids and one seeded random sequence. */
interface HistorySeed {
  roomId: string;
  founderId: string;
  random: () => number;
  now: number;
  someTimeAgo: () => number;
  documentIds: string[];
  readerIds: string[];
  titleOf: (index: number) => string;
}

type Writer = Kysely<Database>;

/** The totals the roll-ups hold, summed while the views are written. */
interface HistoryTotals {
  documents: { views: number; readers: number; readMs: number; lastAt: number }[];
  pages: { readMs: number; readers: number }[][];
  readers: { views: number; readMs: number; firstAt: number; lastAt: number }[];
}

/** The readers (members of the room) and the ready documents. */
async function seedReadersAndDocuments(trx: Writer, seed: HistorySeed): Promise<void> {
  const { roomId, founderId, now, documentIds, readerIds, titleOf } = seed;
  const users = new BatchInsert(trx, 'users', 1000);
  const members = new BatchInsert(trx, 'room_members', 1000);
  for (const [index, id] of readerIds.entries()) {
    await users.add({
      id,
      email: `analytics-reader-${index}-${id.slice(0, 8)}@example.com`,
      name: `Reader ${index + 1}`,
      role: 'investor',
      is_active: 1,
      plan: 'investor',
      created_at: now - HISTORY_DAYS * DAY_MS,
      last_login_at: now,
    });
    await members.add({
      room_id: roomId,
      user_id: id,
      role: 'investor',
      created_at: now - HISTORY_DAYS * DAY_MS,
    });
  }
  await users.flush();
  await members.flush();

  const documents = new BatchInsert(trx, 'documents', 500);
  const previews = new BatchInsert(trx, 'document_previews', 500);
  const versions = new BatchInsert(trx, 'document_versions', 500);
  for (const [index, id] of documentIds.entries()) {
    const rows = preparedDocumentRows({
      id,
      roomId,
      founderId,
      title: titleOf(index),
      index,
      pages: PAGES,
      storagePrefix: 'bench-analytics',
      at: now - HISTORY_DAYS * DAY_MS,
    });
    await documents.add(rows.document);
    await previews.add(rows.preview);
    await versions.add(rows.version);
  }
  await documents.flush();
  await previews.flush();
  await versions.flush();
}

/** Every view with its pages, and the roll-ups those views' reports add up to. */
async function seedViewsAndRollUps(
  trx: Writer,
  seed: HistorySeed,
): Promise<{ reports: number; accessEvents: Database['access_events'][] }> {
  const { now, documentIds, readerIds } = seed;
  const totals: HistoryTotals = {
    documents: documentIds.map(() => ({ views: 0, readers: 0, readMs: 0, lastAt: 0 })),
    pages: documentIds.map(() => Array.from({ length: PAGES }, () => ({ readMs: 0, readers: 0 }))),
    readers: readerIds.map(() => ({ views: 0, readMs: 0, firstAt: now, lastAt: 0 })),
  };
  const accessEvents: Database['access_events'][] = [];
  const views = new BatchInsert(trx, 'reading_views', 2000);
  const writers = {
    views,
    viewPages: new BatchInsert(trx, 'reading_view_pages', 5000, views),
    readerPages: new BatchInsert(trx, 'reading_reader_pages', 5000),
    documentReaders: new BatchInsert(trx, 'reading_document_readers', 2000),
  };
  let reports = 0;
  for (const readerIndex of readerIds.keys()) {
    for (const documentIndex of documentIds.keys()) {
      reports += await seedReaderOfDocument(writers, seed, totals, accessEvents, readerIndex, documentIndex);
    }
  }
  for (const writer of Object.values(writers)) await writer.flush();
  await seedRollUpTotals(trx, seed, totals);
  return { reports, accessEvents };
}

/** One reader's views of one document, their pages and the reader's roll-up row; returns the reports. */
async function seedReaderOfDocument(
  {
    views,
    viewPages,
    readerPages,
    documentReaders,
  }: {
    views: BatchInsert<'reading_views'>;
    viewPages: BatchInsert<'reading_view_pages'>;
    readerPages: BatchInsert<'reading_reader_pages'>;
    documentReaders: BatchInsert<'reading_document_readers'>;
  },
  { roomId, random, now, someTimeAgo, documentIds, readerIds, titleOf }: HistorySeed,
  totals: HistoryTotals,
  accessEvents: Database['access_events'][],
  readerIndex: number,
  documentIndex: number,
): Promise<number> {
  const userId = readerIds[readerIndex] as string;
  const documentId = documentIds[documentIndex] as string;
  let reports = 0;
  const pagesOfReader = new Array<number>(PAGES).fill(0);
  let firstAt = now;
  let lastAt = 0;
  let readerMs = 0;
  for (let v = 0; v < VIEWS_PER_READER_AND_DOCUMENT; v++) {
    const viewId = crypto.randomUUID();
    const startedAt = someTimeAgo();
    // Readers stop at a page of their own: the chart shows where.
    const lastPage = 3 + Math.floor(random() * (PAGES - 2));
    const pageMs = Array.from({ length: lastPage }, () =>
      Math.floor(((REPORTS_PER_VIEW * 10_000) / lastPage) * (0.5 + random())),
    );
    const viewMs = pageMs.reduce((sum, readMs) => sum + readMs, 0);
    await views.add({
      id: viewId,
      room_id: roomId,
      document_id: documentId,
      user_id: userId,
      started_at: startedAt,
      last_report_at: startedAt + REPORTS_PER_VIEW * 10_000,
      read_ms: viewMs,
      pages_seen: lastPage,
      report_count: REPORTS_PER_VIEW,
      document_version: 1,
      share_link_id: null,
    });
    for (const [index, readMs] of pageMs.entries()) {
      pagesOfReader[index] = (pagesOfReader[index] ?? 0) + readMs;
      await viewPages.add({ view_id: viewId, page: index + 1, read_ms: readMs });
    }
    reports += REPORTS_PER_VIEW;
    accessEvents.push({
      id: crypto.randomUUID(),
      room_id: roomId,
      user_id: userId,
      invitation_id: null,
      document_id: documentId,
      document_title: titleOf(documentIndex),
      url: `/data-room/${roomId}/documents/${documentId}`,
      action: 'viewed',
      occurred_at: startedAt,
      ip: '127.0.0.1',
      user_agent: 'bench',
      document_version: 1,
    });
    readerMs += viewMs;
    firstAt = Math.min(firstAt, startedAt);
    lastAt = Math.max(lastAt, startedAt);
  }
  let pagesSeen = 0;
  for (const [pageIndex, readMs] of pagesOfReader.entries()) {
    if (readMs === 0) continue;
    pagesSeen++;
    await readerPages.add({
      document_id: documentId,
      version_number: 1,
      user_id: userId,
      page: pageIndex + 1,
      read_ms: readMs,
    });
    const pageTotal = totals.pages[documentIndex]?.[pageIndex];
    if (pageTotal) {
      pageTotal.readMs += readMs;
      pageTotal.readers++;
    }
  }
  await documentReaders.add({
    document_id: documentId,
    user_id: userId,
    room_id: roomId,
    view_count: VIEWS_PER_READER_AND_DOCUMENT,
    read_ms: readerMs,
    pages_seen: pagesSeen,
    first_viewed_at: firstAt,
    last_viewed_at: lastAt,
    // The reader's clock: credited up to their newest view's last report.
    clock_at: lastAt + REPORTS_PER_VIEW * 10_000,
  });
  const documentTotal = totals.documents[documentIndex];
  if (documentTotal) {
    documentTotal.views += VIEWS_PER_READER_AND_DOCUMENT;
    documentTotal.readers++;
    documentTotal.readMs += readerMs;
    documentTotal.lastAt = Math.max(documentTotal.lastAt, lastAt);
  }
  const readerTotal = totals.readers[readerIndex];
  if (readerTotal) {
    readerTotal.views += VIEWS_PER_READER_AND_DOCUMENT;
    readerTotal.readMs += readerMs;
    readerTotal.firstAt = Math.min(readerTotal.firstAt, firstAt);
    readerTotal.lastAt = Math.max(readerTotal.lastAt, lastAt);
  }
  return reports;
}

/** The documents', their pages' and the room's readers' roll-ups, from the totals summed. */
async function seedRollUpTotals(trx: Writer, seed: HistorySeed, totals: HistoryTotals): Promise<void> {
  const { roomId, documentIds, readerIds } = seed;
  const documentPages = new BatchInsert(trx, 'reading_document_pages', 2000);
  const documentRows = new BatchInsert(trx, 'reading_documents', 2000);
  for (const [documentIndex, documentId] of documentIds.entries()) {
    for (const [pageIndex, total] of (totals.pages[documentIndex] ?? []).entries()) {
      if (total.readers === 0) continue;
      await documentPages.add({
        document_id: documentId,
        version_number: 1,
        page: pageIndex + 1,
        read_ms: total.readMs,
        reader_count: total.readers,
      });
    }
    const total = totals.documents[documentIndex];
    if (total)
      await documentRows.add({
        document_id: documentId,
        room_id: roomId,
        view_count: total.views,
        reader_count: total.readers,
        read_ms: total.readMs,
        last_viewed_at: total.lastAt,
      });
  }
  const roomReaders = new BatchInsert(trx, 'reading_room_readers', 2000);
  for (const [readerIndex, userId] of readerIds.entries()) {
    const total = totals.readers[readerIndex];
    if (total)
      await roomReaders.add({
        room_id: roomId,
        user_id: userId,
        view_count: total.views,
        read_ms: total.readMs,
        first_viewed_at: total.firstAt,
        last_seen_at: total.lastAt,
      });
  }
  for (const writer of [documentPages, documentRows, roomReaders]) await writer.flush();
}

/** Each view's 'viewed' event, then downloads and clicks up to a million events. */
async function seedAccessLog(
  trx: Writer,
  { roomId, random, someTimeAgo, documentIds, readerIds, titleOf }: HistorySeed,
  accessEvents: Database['access_events'][],
): Promise<void> {
  const events = new BatchInsert(trx, 'access_events', 2000);
  for (const event of accessEvents) await events.add(event);
  while (events.count < ACCESS_EVENTS) {
    const documentIndex = Math.floor(random() * DOCUMENTS);
    const documentId = documentIds[documentIndex] ?? '';
    const isClick = random() < 0.3;
    await events.add({
      id: crypto.randomUUID(),
      room_id: roomId,
      user_id: readerIds[Math.floor(random() * READERS)] ?? null,
      invitation_id: null,
      document_id: isClick ? null : documentId,
      document_title: isClick ? 'Cap table' : titleOf(documentIndex),
      url: isClick ? 'https://files.example.com/cap-table.pdf' : `/api/documents/${documentId}/download`,
      action: isClick ? 'clicked' : 'downloaded',
      occurred_at: someTimeAgo(),
      ip: '127.0.0.1',
      user_agent: 'bench',
      document_version: isClick ? null : 1,
    });
  }
  await events.flush();
}

async function measureOn(dialect: Dialect, databaseUrl?: string): Promise<BudgetRow[]> {
  const { server, founderToken, founderId, roomId, database } = await startSeedableServer(databaseUrl);
  try {
    const seeded = await seedReadingHistory(database, roomId, founderId);
    const documentId = seeded.documentIds[0] ?? '';
    const readerId = seeded.readerIds[0] ?? '';
    const endpoints: [string, string][] = [
      ['room', '/api/admin/analytics'],
      ['document', `/api/admin/analytics/documents/${documentId}`],
      ['document ?reader=', `/api/admin/analytics/documents/${documentId}?reader=${readerId}`],
      ['investor', `/api/admin/analytics/investors/${readerId}`],
    ];
    const health = await p95Of(server, '/api/health', null);
    const budget = P95_BUDGET_MS[dialect];
    const name = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const rows: BudgetRow[] = [];
    for (const [label, urlPath] of endpoints) {
      const p95 = await p95Of(server, urlPath, founderToken);
      rows.push({
        budget: `analytics ${label}, 1M reports + 1M events, ${name}: p95 <= ${budget} ms`,
        measured: `${p95.toFixed(1)} ms`,
        baseline: `${health.toFixed(1)} ms (/api/health p95; seeded in ${seeded.seconds.toFixed(0)} s)`,
        pass: p95 <= budget,
      });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

/** The analytics budget on SQLite, then on a throwaway PostgreSQL cluster (the tests' kind). */
export function measureAnalyticsLatency(): Promise<BudgetRow[]> {
  return onSqliteThenPostgres(measureOn);
}
