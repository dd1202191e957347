import { sql } from 'kysely';
import type { Dialect } from '#server/db/database';
import { jsonRows } from '#server/db/json-rows';
import type { ModuleExecutor } from '#server/db/schema';
import {
  type PageReading,
  readerKey,
  type ViewIdentity,
  versionKey,
  versionOfView,
} from './reading-analytics.repository';

/** One accepted report as the batch writes it: its pages each read for more than 0 ms. */
export interface AcceptedReport {
  view: ViewIdentity;
  at: Date;
  pages: PageReading[];
  readMs: number;
  /** The reader's clock on the document after this report (written only when pages were read). */
  readerClockAt: Date;
}

/** Sums rows by key into one row each (the first row seen keeps its other fields), in key order. */
function sumBy<Row>(rows: Row[], keyOf: (row: Row) => string, add: (into: Row, row: Row) => void): Row[] {
  const byKey = new Map<string, Row>();
  for (const row of rows) {
    const into = byKey.get(keyOf(row));
    if (into) add(into, row);
    else byKey.set(keyOf(row), { ...row });
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

function countBy(keys: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

const pageKey = (owner: string, page: number) => `${owner} ${String(page).padStart(10, '0')}`;
/** Keys in the roll-ups' primary-key order, so every batch writes (and locks) their rows in one order. */
const readerPageKey = (row: { document_id: string; version_number: number; user_id: string; page: number }) =>
  pageKey(`${versionKey(row.document_id, row.version_number)} ${row.user_id}`, row.page);
const documentPageKey = (row: { document_id: string; version_number: number; page: number }) =>
  pageKey(versionKey(row.document_id, row.version_number), row.page);

/**
 * Writes a batch of accepted reports, after lockReportTargets in the same transaction: each roll-up
 * table with one statement whose rows come from one JSON parameter (db/json-rows.ts), in key order (the
 * lock order of every batch). Totals grow with `x = x + excluded.x`; a page counts as new for a view or
 * a reader only where the upsert created its row, told by the total it returns: every page written has
 * read_ms > 0 and every row is created with it, so a row whose total equals what this batch added was
 * just made (exact under concurrent writers on PostgreSQL, with no read before the write).
 *
 * The views, readers and room readers are updated by an upsert whose insert never happens (their rows
 * exist and are locked, or were made when the view was opened): the one statement both dialects share
 * that updates many rows to different values.
 */
export async function writeAcceptedReports(
  db: ModuleExecutor<'reading-analytics'>,
  dialect: Dialect,
  reports: AcceptedReport[],
): Promise<void> {
  if (reports.length === 0) return;
  const newPagesOfView = await writeViewPages(db, dialect, reports);
  await writeViews(db, dialect, reports, newPagesOfView);

  const read = reports.filter((report) => report.pages.length > 0);
  if (read.length === 0) return;
  const { readerPages, newReadersOfPage, newPagesOfReader } = await writeReaderPages(db, dialect, read);
  await writeDocumentPages(db, dialect, readerPages, newReadersOfPage);
  await writeDocumentReaders(db, dialect, read, newPagesOfReader);
  await addDocumentReadTime(db, read);
  await writeRoomReaders(db, dialect, read);
}

/** Each view's pages: returns how many pages each view read for the first time. */
async function writeViewPages(
  db: ModuleExecutor<'reading-analytics'>,
  dialect: Dialect,
  reports: AcceptedReport[],
): Promise<Map<string, number>> {
  const viewPages = sumBy(
    reports.flatMap((report) =>
      report.pages.map((page) => ({ view_id: report.view.id, page: page.page, read_ms: page.readMs })),
    ),
    (row) => pageKey(row.view_id, row.page),
    (into, row) => {
      into.read_ms += row.read_ms;
    },
  );
  const viewPageTotals =
    viewPages.length === 0
      ? []
      : (
          await sql<{ view_id: string; page: number; read_ms: string | number }>`
            insert into reading_view_pages (view_id, page, read_ms)
            ${jsonRows(dialect, viewPages, { view_id: 'text', page: 'integer', read_ms: 'bigint' })}
            on conflict (view_id, page) do update set read_ms = reading_view_pages.read_ms + excluded.read_ms
            returning view_id, page, read_ms`.execute(db)
        ).rows;
  const addedToView = new Map(viewPages.map((row) => [pageKey(row.view_id, row.page), row.read_ms]));
  const newPagesOfView = countBy(
    viewPageTotals
      .filter((row) => Number(row.read_ms) === addedToView.get(pageKey(row.view_id, row.page)))
      .map((row) => row.view_id),
  );
  return newPagesOfView;
}

/** The views' totals, with the pages each saw for the first time. */
async function writeViews(
  db: ModuleExecutor<'reading-analytics'>,
  dialect: Dialect,
  reports: AcceptedReport[],
  newPagesOfView: Map<string, number>,
): Promise<void> {
  const views = sumBy(
    reports.map((report) => ({
      id: report.view.id,
      room_id: report.view.roomId,
      document_id: report.view.documentId,
      user_id: report.view.userId,
      started_at: report.view.startedAt.getTime(),
      last_report_at: report.at.getTime(),
      read_ms: report.readMs,
      pages_seen: newPagesOfView.get(report.view.id) ?? 0,
      report_count: 1,
    })),
    (row) => row.id,
    (into, row) => {
      into.read_ms += row.read_ms;
      into.report_count += row.report_count;
      into.last_report_at = Math.max(into.last_report_at, row.last_report_at);
    },
  );
  await sql`
    insert into reading_views (id, room_id, document_id, user_id, started_at, last_report_at, read_ms, pages_seen, report_count)
    ${jsonRows(dialect, views, {
      id: 'text',
      room_id: 'text',
      document_id: 'text',
      user_id: 'text',
      started_at: 'bigint',
      last_report_at: 'bigint',
      read_ms: 'bigint',
      pages_seen: 'integer',
      report_count: 'integer',
    })}
    on conflict (id) do update set
      last_report_at = excluded.last_report_at,
      read_ms = reading_views.read_ms + excluded.read_ms,
      pages_seen = reading_views.pages_seen + excluded.pages_seen,
      report_count = reading_views.report_count + excluded.report_count`.execute(db);
}

/**
 * Each reader's pages of each version: returns the rows written, with the readers new to each page and
 * the pages new to each reader.
 */
async function writeReaderPages(
  db: ModuleExecutor<'reading-analytics'>,
  dialect: Dialect,
  read: AcceptedReport[],
) {
  // Pages of a version new to a reader over all their views of it: those whose row this upsert made.
  // Page 6 of version 1 and page 6 of version 2 are different pages (ADR 77).
  const readerPages = sumBy(
    read.flatMap((report) =>
      report.pages.map((page) => ({
        document_id: report.view.documentId,
        version_number: versionOfView(report.view),
        user_id: report.view.userId,
        page: page.page,
        read_ms: page.readMs,
      })),
    ),
    (row) => readerPageKey(row),
    (into, row) => {
      into.read_ms += row.read_ms;
    },
  );
  const readerPageTotals = (
    await sql<{
      document_id: string;
      version_number: number;
      user_id: string;
      page: number;
      read_ms: string | number;
    }>`
      insert into reading_reader_pages (document_id, version_number, user_id, page, read_ms)
      ${jsonRows(dialect, readerPages, {
        document_id: 'text',
        version_number: 'integer',
        user_id: 'text',
        page: 'integer',
        read_ms: 'bigint',
      })}
      on conflict (document_id, version_number, user_id, page) do update set read_ms = reading_reader_pages.read_ms + excluded.read_ms
      returning document_id, version_number, user_id, page, read_ms`.execute(db)
  ).rows;
  const addedToReader = new Map(readerPages.map((row) => [readerPageKey(row), row.read_ms]));
  const createdReaderPages = readerPageTotals.filter(
    (row) => Number(row.read_ms) === addedToReader.get(readerPageKey(row)),
  );
  const newReadersOfPage = countBy(createdReaderPages.map((row) => documentPageKey(row)));
  const newPagesOfReader = countBy(createdReaderPages.map((row) => readerKey(row.document_id, row.user_id)));
  return { readerPages, newReadersOfPage, newPagesOfReader };
}

/** Each document version's pages, with the readers new to each. */
async function writeDocumentPages(
  db: ModuleExecutor<'reading-analytics'>,
  dialect: Dialect,
  readerPages: Awaited<ReturnType<typeof writeReaderPages>>['readerPages'],
  newReadersOfPage: Map<string, number>,
): Promise<void> {
  const documentPages = sumBy(
    readerPages.map((row) => ({
      document_id: row.document_id,
      version_number: row.version_number,
      page: row.page,
      read_ms: row.read_ms,
      reader_count: newReadersOfPage.get(documentPageKey(row)) ?? 0,
    })),
    (row) => documentPageKey(row),
    (into, row) => {
      into.read_ms += row.read_ms;
    },
  );
  await sql`
    insert into reading_document_pages (document_id, version_number, page, read_ms, reader_count)
    ${jsonRows(dialect, documentPages, {
      document_id: 'text',
      version_number: 'integer',
      page: 'integer',
      read_ms: 'bigint',
      reader_count: 'integer',
    })}
    on conflict (document_id, version_number, page) do update set
      read_ms = reading_document_pages.read_ms + excluded.read_ms,
      reader_count = reading_document_pages.reader_count + excluded.reader_count`.execute(db);
}

/** Each document's readers, with the pages new to each and their reading clock. */
async function writeDocumentReaders(
  db: ModuleExecutor<'reading-analytics'>,
  dialect: Dialect,
  read: AcceptedReport[],
  newPagesOfReader: Map<string, number>,
): Promise<void> {
  const documentReaders = sumBy(
    read.map((report) => ({
      document_id: report.view.documentId,
      user_id: report.view.userId,
      room_id: report.view.roomId,
      read_ms: report.readMs,
      pages_seen: newPagesOfReader.get(readerKey(report.view.documentId, report.view.userId)) ?? 0,
      viewed_at: report.at.getTime(),
      clock_at: report.readerClockAt.getTime(),
    })),
    (row) => readerKey(row.document_id, row.user_id),
    (into, row) => {
      into.read_ms += row.read_ms;
      into.clock_at = Math.max(into.clock_at, row.clock_at);
    },
  );
  await sql`
    insert into reading_document_readers
      (document_id, user_id, room_id, view_count, read_ms, pages_seen, first_viewed_at, last_viewed_at, clock_at)
    select document_id, user_id, room_id, 0, read_ms, pages_seen, viewed_at, viewed_at, clock_at from (
      ${jsonRows(dialect, documentReaders, {
        document_id: 'text',
        user_id: 'text',
        room_id: 'text',
        read_ms: 'bigint',
        pages_seen: 'integer',
        viewed_at: 'bigint',
        clock_at: 'bigint',
      })}
    ) as readers where true
    on conflict (document_id, user_id) do update set
      read_ms = reading_document_readers.read_ms + excluded.read_ms,
      pages_seen = reading_document_readers.pages_seen + excluded.pages_seen,
      clock_at = excluded.clock_at`.execute(db);
}

/** Each document's total reading time. */
async function addDocumentReadTime(
  db: ModuleExecutor<'reading-analytics'>,
  read: AcceptedReport[],
): Promise<void> {
  // Few documents per batch: one update each.
  const documents = sumBy(
    read.map((report) => ({ documentId: report.view.documentId, readMs: report.readMs })),
    (row) => row.documentId,
    (into, row) => {
      into.readMs += row.readMs;
    },
  );
  for (const document of documents) {
    await db
      .updateTable('reading_documents')
      .set((eb) => ({ read_ms: eb('read_ms', '+', document.readMs) }))
      .where('document_id', '=', document.documentId)
      .execute();
  }
}

/** Each room's readers: their reading time and when they were last seen. */
async function writeRoomReaders(
  db: ModuleExecutor<'reading-analytics'>,
  dialect: Dialect,
  read: AcceptedReport[],
): Promise<void> {
  const roomReaders = sumBy(
    read.map((report) => ({
      room_id: report.view.roomId,
      user_id: report.view.userId,
      read_ms: report.readMs,
      seen_at: report.at.getTime(),
    })),
    (row) => `${row.room_id} ${row.user_id}`,
    (into, row) => {
      into.read_ms += row.read_ms;
      into.seen_at = Math.max(into.seen_at, row.seen_at);
    },
  );
  await sql`
    insert into reading_room_readers (room_id, user_id, view_count, read_ms, first_viewed_at, last_seen_at)
    select room_id, user_id, 0, read_ms, seen_at, seen_at from (
      ${jsonRows(dialect, roomReaders, { room_id: 'text', user_id: 'text', read_ms: 'bigint', seen_at: 'bigint' })}
    ) as readers where true
    on conflict (room_id, user_id) do update set
      read_ms = reading_room_readers.read_ms + excluded.read_ms,
      last_seen_at = excluded.last_seen_at`.execute(db);
}
