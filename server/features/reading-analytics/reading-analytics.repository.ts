import { sql } from 'kysely';
import { type Entity, type Executor, fromRow, toRow } from '#server/db/columns';
import type { Dialect } from '#server/db/database';
import { jsonRows, jsonTextList } from '#server/db/json-rows';
import type {
  ReadingDocumentReaderRow,
  ReadingDocumentRow,
  ReadingRoomReaderRow,
  ReadingViewRow,
} from '#server/db/schema';

/**
 * Views and their roll-ups (docs/decisions/0041-reading-analytics.md). Every write adds to a total with
 * one statement (`x = x + excluded.x`), so two reports arriving at once on PostgreSQL both count; a reader
 * or a page is counted as new only by the statement that inserted its row.
 */

export type ReadingView = Entity<ReadingViewRow>;
export type DocumentReaderTotals = Entity<ReadingDocumentReaderRow>;
export type DocumentTotals = Entity<ReadingDocumentRow>;
export type RoomReaderTotals = Entity<ReadingRoomReaderRow>;

/** Milliseconds read on one page in one report. */
export interface PageReading {
  page: number;
  readMs: number;
}

export async function insertView(db: Executor, view: ReadingView): Promise<void> {
  await db.insertInto('reading_views').values(toRow<ReadingViewRow>(view)).execute();
}

/** A view's fields that never change after it is opened. */
export async function findViewIdentity(db: Executor, viewId: string): Promise<ViewIdentity | undefined> {
  const row = await db
    .selectFrom('reading_views')
    .select(['id', 'room_id', 'document_id', 'user_id', 'started_at', 'document_version'])
    .where('id', '=', viewId)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Adds an opened view to the document's, the reader's and the room's totals. */
export async function addOpenedView(db: Executor, view: ReadingView): Promise<void> {
  const at = view.startedAt.getTime();
  const firstOfReader = await db
    .insertInto('reading_document_readers')
    .values({
      document_id: view.documentId,
      user_id: view.userId,
      room_id: view.roomId,
      view_count: 1,
      read_ms: 0,
      pages_seen: 0,
      first_viewed_at: at,
      last_viewed_at: at,
    })
    .onConflict((conflict) => conflict.columns(['document_id', 'user_id']).doNothing())
    .returning('document_id')
    .executeTakeFirst();
  if (!firstOfReader) {
    await db
      .updateTable('reading_document_readers')
      .set((eb) => ({ view_count: eb('view_count', '+', 1), last_viewed_at: at }))
      .where('document_id', '=', view.documentId)
      .where('user_id', '=', view.userId)
      .execute();
  }
  await db
    .insertInto('reading_documents')
    .values({
      document_id: view.documentId,
      room_id: view.roomId,
      view_count: 1,
      reader_count: 1,
      read_ms: 0,
      last_viewed_at: at,
    })
    .onConflict((conflict) =>
      conflict.column('document_id').doUpdateSet({
        view_count: sql`reading_documents.view_count + 1`,
        reader_count: sql`reading_documents.reader_count + ${firstOfReader ? 1 : 0}`,
        last_viewed_at: at,
      }),
    )
    .execute();
  await db
    .insertInto('reading_room_readers')
    .values({
      room_id: view.roomId,
      user_id: view.userId,
      view_count: 1,
      read_ms: 0,
      first_viewed_at: at,
      last_seen_at: at,
    })
    .onConflict((conflict) =>
      conflict.columns(['room_id', 'user_id']).doUpdateSet({
        view_count: sql`reading_room_readers.view_count + 1`,
        last_seen_at: at,
      }),
    )
    .execute();
}

/** What a report's batch needs of a view: the fields that never change after it is opened. */
export type ViewIdentity = Pick<
  ReadingView,
  'id' | 'roomId' | 'documentId' | 'userId' | 'startedAt' | 'documentVersion'
>;

/** The version a view read: views from before versions read version 1 (ADR 77). */
export const versionOfView = (view: Pick<ReadingView, 'documentVersion'>) => view.documentVersion ?? 1;

/** One reader's roll-up row of one document, by `${documentId} ${userId}`. */
export const readerKey = (documentId: string, userId: string) => `${documentId} ${userId}`;

/** What a batch judges its reports against: each view's start and report slot, each reader's clock. */
export interface ReportTargets {
  views: Map<string, { startedAt: Date; lastReportAt: Date | null }>;
  clockAt: Map<string, Date | null>;
}

/**
 * Locks, for the rest of the transaction, the report slots of these views and the wall clocks of their
 * readers on their documents, and answers them: missing entries are views or readers whose document was
 * deleted. Rows are locked in one order (readers by key, then views by id) in every batch, so two
 * servers' batches on PostgreSQL cannot deadlock; SQLite runs one write transaction at a time anyway.
 * The readers are read as documents x users, a superset when a batch spans several documents: locking
 * a few extra rows is harmless, and the statement stays small.
 */
export async function lockReportTargets(
  db: Executor,
  dialect: Dialect,
  views: ViewIdentity[],
): Promise<ReportTargets> {
  const documentIds = [...new Set(views.map((view) => view.documentId))];
  const userIds = [...new Set(views.map((view) => view.userId))];
  const viewIds = [...new Set(views.map((view) => view.id))];
  const forUpdate = sql.raw(dialect === 'postgres' ? 'for update' : '');
  const readers = await sql<{ document_id: string; user_id: string; clock_at: string | number | null }>`
    select document_id, user_id, clock_at from reading_document_readers
    where document_id in (${jsonTextList(dialect, documentIds)}) and user_id in (${jsonTextList(dialect, userIds)})
    order by document_id, user_id ${forUpdate}`.execute(db);
  const slots = await sql<{
    id: string;
    started_at: string | number;
    last_report_at: string | number | null;
  }>`
    select id, started_at, last_report_at from reading_views where id in (${jsonTextList(dialect, viewIds)})
    order by id ${forUpdate}`.execute(db);
  const dateOf = (ms: string | number | null) => (ms === null ? null : new Date(Number(ms)));
  return {
    clockAt: new Map(
      readers.rows.map((row) => [readerKey(row.document_id, row.user_id), dateOf(row.clock_at)]),
    ),
    views: new Map(
      slots.rows.map((row) => [
        row.id,
        { startedAt: new Date(Number(row.started_at)), lastReportAt: dateOf(row.last_report_at) },
      ]),
    ),
  };
}

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
const versionKey = (documentId: string, versionNumber: number) =>
  `${documentId} ${String(versionNumber).padStart(10, '0')}`;
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
  db: Executor,
  dialect: Dialect,
  reports: AcceptedReport[],
): Promise<void> {
  if (reports.length === 0) return;
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

  const read = reports.filter((report) => report.pages.length > 0);
  if (read.length === 0) return;
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

// ---------------------------------------------------------------------------------------------------
// The founder's reads: each one an index lookup on a roll-up.

export async function listDocumentTotals(db: Executor, roomId: string): Promise<DocumentTotals[]> {
  const rows = await db.selectFrom('reading_documents').selectAll().where('room_id', '=', roomId).execute();
  return rows.map((row) => fromRow(row));
}

export async function findDocumentTotals(
  db: Executor,
  documentId: string,
): Promise<DocumentTotals | undefined> {
  const row = await db
    .selectFrom('reading_documents')
    .selectAll()
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Every reader of the room with who they are, most recent first: for a group's view and the firms. */
export async function listRoomReaders(db: Executor, roomId: string) {
  const rows = await db
    .selectFrom('reading_room_readers')
    .innerJoin('users', 'users.id', 'reading_room_readers.user_id')
    .select([
      'reading_room_readers.user_id',
      'reading_room_readers.view_count',
      'reading_room_readers.read_ms',
      'reading_room_readers.last_seen_at',
      'users.name',
      'users.email',
    ])
    .where('reading_room_readers.room_id', '=', roomId)
    .orderBy('reading_room_readers.last_seen_at', 'desc')
    .execute();
  return rows.map((row) => fromRow(row));
}

/** The room's documents' totals over these readers only (a group's), from the per-reader roll-up. */
export async function listDocumentTotalsOfReaders(
  db: Executor,
  roomId: string,
  userIds: readonly string[],
): Promise<DocumentTotals[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('reading_document_readers')
    .select((eb) => [
      'document_id',
      'room_id',
      eb.fn.sum<number>('view_count').as('view_count'),
      eb.fn.sum<number>('read_ms').as('read_ms'),
      eb.fn.countAll<number>().as('reader_count'),
      eb.fn.max('last_viewed_at').as('last_viewed_at'),
    ])
    .where('room_id', '=', roomId)
    .where('user_id', 'in', userIds)
    .groupBy(['document_id', 'room_id'])
    .execute();
  return rows.map((row) =>
    fromRow({
      ...row,
      view_count: Number(row.view_count),
      read_ms: Number(row.read_ms),
      reader_count: Number(row.reader_count),
      last_viewed_at: Number(row.last_viewed_at),
    }),
  );
}

/** A document's readers with who they are, most recent first. */
export async function listDocumentReaders(db: Executor, documentId: string) {
  const rows = await db
    .selectFrom('reading_document_readers')
    .innerJoin('users', 'users.id', 'reading_document_readers.user_id')
    .select([
      'reading_document_readers.user_id',
      'reading_document_readers.view_count',
      'reading_document_readers.read_ms',
      'reading_document_readers.pages_seen',
      'reading_document_readers.first_viewed_at',
      'reading_document_readers.last_viewed_at',
      'users.name',
      'users.email',
    ])
    .where('reading_document_readers.document_id', '=', documentId)
    .orderBy('reading_document_readers.last_viewed_at', 'desc')
    .execute();
  return rows.map((row) => fromRow(row));
}

/** One version's pages over every reader. */
export async function listDocumentPages(db: Executor, documentId: string, versionNumber: number) {
  const rows = await db
    .selectFrom('reading_document_pages')
    .select(['page', 'read_ms', 'reader_count'])
    .where('document_id', '=', documentId)
    .where('version_number', '=', versionNumber)
    .orderBy('page')
    .execute();
  return rows.map((row) => fromRow(row));
}

/** One reader's time per page of one version. */
export async function listReaderPages(
  db: Executor,
  documentId: string,
  versionNumber: number,
  userId: string,
) {
  const rows = await db
    .selectFrom('reading_reader_pages')
    .select(['page', 'read_ms'])
    .where('document_id', '=', documentId)
    .where('version_number', '=', versionNumber)
    .where('user_id', '=', userId)
    .orderBy('page')
    .execute();
  return rows.map((row) => fromRow(row));
}

/** Each reader's pages seen and time on one version: a range of the per-reader-page roll-up's key. */
export async function listVersionReaders(db: Executor, documentId: string, versionNumber: number) {
  const rows = await db
    .selectFrom('reading_reader_pages')
    .select((eb) => [
      'user_id',
      eb.fn.countAll<number>().as('pages_seen'),
      eb.fn.sum<number>('read_ms').as('read_ms'),
    ])
    .where('document_id', '=', documentId)
    .where('version_number', '=', versionNumber)
    .groupBy('user_id')
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    pagesSeen: Number(row.pages_seen),
    readMs: Number(row.read_ms),
  }));
}

/** The versions of a document any reader has read a page of, lowest first. */
export async function listReadVersions(db: Executor, documentId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('reading_document_pages')
    .select('version_number')
    .distinct()
    .where('document_id', '=', documentId)
    .orderBy('version_number')
    .execute();
  return rows.map((row) => Number(row.version_number));
}

/** One reader's pages seen of given versions of their documents (the current ones, for their page). */
export async function listPagesSeenOfVersions(
  db: Executor,
  userId: string,
  versions: readonly { documentId: string; versionNumber: number }[],
): Promise<Map<string, number>> {
  if (versions.length === 0) return new Map();
  const rows = await db
    .selectFrom('reading_reader_pages')
    .select((eb) => ['document_id', 'version_number', eb.fn.countAll<number>().as('pages_seen')])
    .where('user_id', '=', userId)
    .where(
      'document_id',
      'in',
      versions.map((version) => version.documentId),
    )
    .groupBy(['document_id', 'version_number'])
    .execute();
  const wanted = new Set(versions.map((version) => versionKey(version.documentId, version.versionNumber)));
  return new Map(
    rows
      .filter((row) => wanted.has(versionKey(row.document_id, Number(row.version_number))))
      .map((row) => [row.document_id, Number(row.pages_seen)]),
  );
}

/** The documents one reader opened in the room. */
export async function listReaderDocuments(
  db: Executor,
  roomId: string,
  userId: string,
): Promise<DocumentReaderTotals[]> {
  const rows = await db
    .selectFrom('reading_document_readers')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => fromRow(row));
}

/**
 * One reader's newest views in the room that read something: a view opened and closed with no second and
 * no page read ("read for 0 s, 0 pages") says nothing on a timeline. It still counts as a view in every
 * total (it was an opening, logged as 'viewed'), so the counts stay the same wherever they are shown.
 */
export async function listReaderViews(
  db: Executor,
  roomId: string,
  userId: string,
  limit: number,
): Promise<ReadingView[]> {
  const rows = await db
    .selectFrom('reading_views')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('read_ms', '>', 0), eb('pages_seen', '>', 0)]))
    .orderBy('started_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => fromRow(row));
}

export async function findRoomReader(
  db: Executor,
  roomId: string,
  userId: string,
): Promise<RoomReaderTotals | undefined> {
  const row = await db
    .selectFrom('reading_room_readers')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Who a reader is (the founder sees their investors' names and e-mails). */
export async function findReaderIdentity(db: Executor, userId: string) {
  return db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', userId).executeTakeFirst();
}
