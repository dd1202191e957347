import { sql } from 'kysely';
import { type Entity, fromRow, toRow } from '#server/db/columns';
import type { Dialect } from '#server/db/database';
import { jsonTextList } from '#server/db/json-rows';
import type { ModuleExecutor } from '#server/db/schema';
import type {
  ReadingDocumentReaderRow,
  ReadingDocumentRow,
  ReadingRoomReaderRow,
  ReadingViewRow,
} from './reading-analytics.tables';

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

export async function insertView(db: ModuleExecutor<'reading-analytics'>, view: ReadingView): Promise<void> {
  await db.insertInto('reading_views').values(toRow<ReadingViewRow>(view)).execute();
}

/** A view's fields that never change after it is opened. */
export async function findViewIdentity(
  db: ModuleExecutor<'reading-analytics'>,
  viewId: string,
): Promise<ViewIdentity | undefined> {
  const row = await db
    .selectFrom('reading_views')
    .select(['id', 'room_id', 'document_id', 'user_id', 'started_at', 'document_version'])
    .where('id', '=', viewId)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Adds an opened view to the document's, the reader's and the room's totals. */
export async function addOpenedView(
  db: ModuleExecutor<'reading-analytics'>,
  view: ReadingView,
): Promise<void> {
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

/** A document version as a key that sorts in the roll-ups' primary-key order. */
export const versionKey = (documentId: string, versionNumber: number) =>
  `${documentId} ${String(versionNumber).padStart(10, '0')}`;

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
  db: ModuleExecutor<'reading-analytics'>,
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

// ---------------------------------------------------------------------------------------------------
// The founder's reads: each one an index lookup on a roll-up.

export async function listDocumentTotals(
  db: ModuleExecutor<'reading-analytics'>,
  roomId: string,
): Promise<DocumentTotals[]> {
  const rows = await db.selectFrom('reading_documents').selectAll().where('room_id', '=', roomId).execute();
  return rows.map((row) => fromRow(row));
}

export async function findDocumentTotals(
  db: ModuleExecutor<'reading-analytics'>,
  documentId: string,
): Promise<DocumentTotals | undefined> {
  const row = await db
    .selectFrom('reading_documents')
    .selectAll()
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Every reader of the room, most recent first: for a group's view and the firms (who they are is accounts'). */
export async function listRoomReaders(db: ModuleExecutor<'reading-analytics'>, roomId: string) {
  const rows = await db
    .selectFrom('reading_room_readers')
    .select(['user_id', 'view_count', 'read_ms', 'last_seen_at'])
    .where('room_id', '=', roomId)
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows.map((row) => fromRow(row));
}

/** The room's documents' totals over these readers only (a group's), from the per-reader roll-up. */
export async function listDocumentTotalsOfReaders(
  db: ModuleExecutor<'reading-analytics'>,
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

/** A document's readers, most recent first (who they are is accounts'). */
export async function listDocumentReaders(db: ModuleExecutor<'reading-analytics'>, documentId: string) {
  const rows = await db
    .selectFrom('reading_document_readers')
    .select(['user_id', 'view_count', 'read_ms', 'pages_seen', 'first_viewed_at', 'last_viewed_at'])
    .where('document_id', '=', documentId)
    .orderBy('last_viewed_at', 'desc')
    .execute();
  return rows.map((row) => fromRow(row));
}

/**
 * Per version read (null: before versions) and reader of the document, their views and time: the
 * versions module's history reads it through its VersionReaders port (ADR 85).
 */
export async function readsOfDocumentByVersion(
  db: ModuleExecutor<'reading-analytics'>,
  roomId: string,
  documentId: string,
): Promise<{ version: number | null; userId: string; views: number; readMs: number }[]> {
  const rows = await db
    .selectFrom('reading_views')
    .where('room_id', '=', roomId)
    .where('document_id', '=', documentId)
    .groupBy(['document_version', 'user_id'])
    .select((eb) => [
      'document_version',
      'user_id',
      eb.fn.countAll<number>().as('views'),
      eb.fn.sum<number>('read_ms').as('read_ms'),
    ])
    .execute();
  return rows.map((row) => ({
    version: row.document_version === null ? null : Number(row.document_version),
    userId: row.user_id,
    views: Number(row.views),
    readMs: Number(row.read_ms ?? 0),
  }));
}

/** One version's pages over every reader. */
export async function listDocumentPages(
  db: ModuleExecutor<'reading-analytics'>,
  documentId: string,
  versionNumber: number,
) {
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
  db: ModuleExecutor<'reading-analytics'>,
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
export async function listVersionReaders(
  db: ModuleExecutor<'reading-analytics'>,
  documentId: string,
  versionNumber: number,
) {
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
export async function listReadVersions(
  db: ModuleExecutor<'reading-analytics'>,
  documentId: string,
): Promise<number[]> {
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
  db: ModuleExecutor<'reading-analytics'>,
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
  db: ModuleExecutor<'reading-analytics'>,
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
  db: ModuleExecutor<'reading-analytics'>,
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
  db: ModuleExecutor<'reading-analytics'>,
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
