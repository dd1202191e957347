import { sql } from 'kysely';
import { type Entity, type Executor, fromRow, toRow } from '../../db/columns';
import type {
  ReadingDocumentReaderRow,
  ReadingDocumentRow,
  ReadingRoomReaderRow,
  ReadingViewRow,
} from '../../db/schema';

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

export async function findView(db: Executor, viewId: string): Promise<ReadingView | undefined> {
  const row = await db.selectFrom('reading_views').selectAll().where('id', '=', viewId).executeTakeFirst();
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

/**
 * Locks the reader's roll-up row of the document for the rest of the transaction and answers their
 * wall clock (when their reading is credited up to; null before any report). An update rather than
 * `select … for update`, which SQLite lacks; SQLite runs one write transaction at a time anyway.
 * Undefined when the row is gone (the document was deleted).
 */
export async function lockReaderClock(
  db: Executor,
  view: ReadingView,
): Promise<{ clockAt: Date | null } | undefined> {
  const row = await db
    .updateTable('reading_document_readers')
    .set((eb) => ({ clock_at: eb.ref('clock_at') }))
    .where('document_id', '=', view.documentId)
    .where('user_id', '=', view.userId)
    .returning('clock_at')
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/**
 * Adds a report's pages to the view's per-page roll-up and answers how many of them the view had not
 * seen before. Every page given has read_ms > 0 and every row is created with it, so a row whose total
 * after the upsert equals what this report added was created by it: no read before the write, and exact
 * under concurrent writers on PostgreSQL (each upsert is atomic on its row).
 */
export async function addViewPages(db: Executor, view: ReadingView, pages: PageReading[]): Promise<number> {
  const rows = await db
    .insertInto('reading_view_pages')
    .values(pages.map((page) => ({ view_id: view.id, page: page.page, read_ms: page.readMs })))
    .onConflict((conflict) =>
      conflict
        .columns(['view_id', 'page'])
        .doUpdateSet({ read_ms: sql`reading_view_pages.read_ms + excluded.read_ms` }),
    )
    .returning(['page', 'read_ms'])
    .execute();
  return countCreated(rows, pages).size;
}

/** The pages whose roll-up row the upsert created: its total is exactly what was just added. */
function countCreated(rows: { page: number; read_ms: number }[], pages: PageReading[]): Set<number> {
  const added = new Map(pages.map((page) => [page.page, page.readMs]));
  return new Set(rows.filter((row) => Number(row.read_ms) === added.get(row.page)).map((row) => row.page));
}

/**
 * Takes the view's next report slot and credits it: succeeds only if no other report was accepted since
 * the one the caller checked (`lastReportAt`), so a second report racing this one changes nothing (its
 * transaction is rolled back). On PostgreSQL it also holds the view's row lock until the transaction ends.
 */
export async function claimReport(
  db: Executor,
  view: ReadingView,
  report: { at: Date; readMs: number; newPages: number },
): Promise<boolean> {
  const result = await db
    .updateTable('reading_views')
    .set((eb) => ({
      last_report_at: report.at.getTime(),
      read_ms: eb('read_ms', '+', report.readMs),
      report_count: eb('report_count', '+', 1),
      pages_seen: eb('pages_seen', '+', report.newPages),
    }))
    .where('id', '=', view.id)
    .where((eb) =>
      view.lastReportAt === null
        ? eb('last_report_at', 'is', null)
        : eb('last_report_at', '=', view.lastReportAt.getTime()),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Adds one accepted report's pages (each read_ms > 0) to the reader's, the document's and the room's
 * roll-ups; in the report's transaction, after lockReaderClock.
 */
export async function addReportedPages(
  db: Executor,
  view: ReadingView,
  pages: PageReading[],
  at: Date,
  readerClockAt: Date,
): Promise<void> {
  const readMs = pages.reduce((sum, page) => sum + page.readMs, 0);
  // Pages new to this reader (over all their views of the document): those whose row this upsert made.
  const newForReader = countCreated(
    await db
      .insertInto('reading_reader_pages')
      .values(
        pages.map((page) => ({
          document_id: view.documentId,
          user_id: view.userId,
          page: page.page,
          read_ms: page.readMs,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['document_id', 'user_id', 'page'])
          .doUpdateSet({ read_ms: sql`reading_reader_pages.read_ms + excluded.read_ms` }),
      )
      .returning(['page', 'read_ms'])
      .execute(),
    pages,
  );
  await db
    .insertInto('reading_document_pages')
    .values(
      pages.map((page) => ({
        document_id: view.documentId,
        page: page.page,
        read_ms: page.readMs,
        reader_count: newForReader.has(page.page) ? 1 : 0,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['document_id', 'page']).doUpdateSet({
        read_ms: sql`reading_document_pages.read_ms + excluded.read_ms`,
        reader_count: sql`reading_document_pages.reader_count + excluded.reader_count`,
      }),
    )
    .execute();
  await db
    .updateTable('reading_document_readers')
    .set((eb) => ({
      read_ms: eb('read_ms', '+', readMs),
      pages_seen: eb('pages_seen', '+', newForReader.size),
      clock_at: readerClockAt.getTime(),
    }))
    .where('document_id', '=', view.documentId)
    .where('user_id', '=', view.userId)
    .execute();
  await db
    .updateTable('reading_documents')
    .set((eb) => ({ read_ms: eb('read_ms', '+', readMs) }))
    .where('document_id', '=', view.documentId)
    .execute();
  await db
    .updateTable('reading_room_readers')
    .set((eb) => ({ read_ms: eb('read_ms', '+', readMs), last_seen_at: at.getTime() }))
    .where('room_id', '=', view.roomId)
    .where('user_id', '=', view.userId)
    .execute();
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

/** The readers seen in the room since then, most recent first, with who they are. */
export async function listRecentRoomReaders(db: Executor, roomId: string, since: Date) {
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
    .where('reading_room_readers.last_seen_at', '>=', since.getTime())
    .orderBy('reading_room_readers.last_seen_at', 'desc')
    .execute();
  return rows.map((row) => fromRow(row));
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

export async function listDocumentPages(db: Executor, documentId: string) {
  const rows = await db
    .selectFrom('reading_document_pages')
    .select(['page', 'read_ms', 'reader_count'])
    .where('document_id', '=', documentId)
    .orderBy('page')
    .execute();
  return rows.map((row) => fromRow(row));
}

export async function listReaderPages(db: Executor, documentId: string, userId: string) {
  const rows = await db
    .selectFrom('reading_reader_pages')
    .select(['page', 'read_ms'])
    .where('document_id', '=', documentId)
    .where('user_id', '=', userId)
    .orderBy('page')
    .execute();
  return rows.map((row) => fromRow(row));
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

/** One reader's newest views in the room. */
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
