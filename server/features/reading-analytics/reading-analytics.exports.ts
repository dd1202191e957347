import type { ModuleExecutor } from '#server/db/schema';

/**
 * What reading analytics gives a room's CSV exports (docs/decisions/0042-csv-exports.md): the reading time
 * of the views on a page of the access log, and views and pages read, grouped per document and reader.
 * Rows are as stored; each query is scoped by the room and bounded by a page or by the room's documents
 * and a batch of readers (docs/decisions/0085-modules-own-their-tables.md).
 */

/**
 * Which views to read: the room, opened in whole days as [fromMs, toMs), optionally by one user, and
 * optionally by one investor group's accounts (docs/decisions/0068-investor-groups.md).
 */
export interface ReadingViewsScope {
  roomId: string;
  fromMs: number | null;
  toMs: number | null;
  userId: string | null;
  group: { userIds: readonly string[] } | null;
}

/** A list for `in`, never empty: an empty group matches no row (no id is ''). */
const anyOf = (values: readonly string[]) => (values.length > 0 ? values : ['']);

/** A 'viewed' event of the access log: its reader, document and time. */
export interface ViewedEvent {
  userId: string;
  documentId: string;
  occurredAt: number;
}

/** The key that ties a view to its 'viewed' event: reader, document and time. */
export const viewKey = (userId: string, documentId: string, at: number) => `${userId}/${documentId}/${at}`;

/**
 * The milliseconds read in the views behind these 'viewed' events, by viewKey, in one query for a page
 * of the access log: the view and its event are written in one transaction with the same time (ADR 41),
 * so a view is found by reader, document and that time (index reading_views (room_id, user_id,
 * started_at)). An event with no view is absent.
 */
export async function findReadingTimesOfViews(
  db: ModuleExecutor<'reading-analytics'>,
  roomId: string,
  events: readonly ViewedEvent[],
): Promise<Map<string, number>> {
  const readMs = new Map<string, number>();
  if (events.length === 0) return readMs;
  const rows = await db
    .selectFrom('reading_views')
    .select(['user_id', 'document_id', 'started_at', 'read_ms'])
    .where('room_id', '=', roomId)
    .where('user_id', 'in', [...new Set(events.map((event) => event.userId))])
    .where('started_at', 'in', [...new Set(events.map((event) => event.occurredAt))])
    .execute();
  for (const row of rows) {
    const key = viewKey(row.user_id, row.document_id, row.started_at);
    if (!readMs.has(key)) readMs.set(key, row.read_ms);
  }
  return readMs;
}

function viewsInScope(db: ModuleExecutor<'reading-analytics'>, scope: ReadingViewsScope) {
  let query = db.selectFrom('reading_views').where('reading_views.room_id', '=', scope.roomId);
  if (scope.fromMs !== null) query = query.where('reading_views.started_at', '>=', scope.fromMs);
  if (scope.toMs !== null) query = query.where('reading_views.started_at', '<', scope.toMs);
  if (scope.userId !== null) query = query.where('reading_views.user_id', '=', scope.userId);
  if (scope.group !== null) query = query.where('reading_views.user_id', 'in', anyOf(scope.group.userIds));
  return query;
}

/**
 * Views opened in the scope, per document and reader (and only for these readers when given): how many,
 * the milliseconds read in them, the first and last opening.
 */
export async function sumViewsByDocumentAndReader(
  db: ModuleExecutor<'reading-analytics'>,
  scope: ReadingViewsScope,
  userIds?: string[],
) {
  let query = viewsInScope(db, scope);
  if (userIds) query = query.where('reading_views.user_id', 'in', userIds);
  return query
    .select((eb) => [
      'reading_views.document_id',
      'reading_views.user_id',
      eb.fn.countAll().as('view_count'),
      eb.fn.sum('reading_views.read_ms').as('read_ms'),
      eb.fn.min('reading_views.started_at').as('first_at'),
      eb.fn.max('reading_views.started_at').as('last_at'),
    ])
    .groupBy(['reading_views.document_id', 'reading_views.user_id'])
    .execute();
}

/** The distinct pages each reader read in their views opened in the scope, per document. */
export async function countPagesByDocumentAndReader(
  db: ModuleExecutor<'reading-analytics'>,
  scope: ReadingViewsScope,
  userIds?: string[],
) {
  let query = viewsInScope(db, scope).innerJoin(
    'reading_view_pages',
    'reading_view_pages.view_id',
    'reading_views.id',
  );
  if (userIds) query = query.where('reading_views.user_id', 'in', userIds);
  return query
    .select((eb) => [
      'reading_views.document_id',
      'reading_views.user_id',
      eb.fn.count('reading_view_pages.page').distinct().as('pages_seen'),
    ])
    .groupBy(['reading_views.document_id', 'reading_views.user_id'])
    .execute();
}
