import type { ModuleExecutor } from '#server/db/schema';

/**
 * What the documents module gives a room's CSV exports (docs/decisions/0042-csv-exports.md): the access
 * log a page at a time, the room's documents and their page counts, and investors' downloads and clicks.
 * Rows are as stored (epoch milliseconds, ids of who): the exports name people with accounts' and
 * invitations' lookups, one per page (docs/decisions/0085-modules-own-their-tables.md). Each query reads
 * one bounded page and is scoped by the room.
 */

/**
 * Which events to read: the room, whole days as [fromMs, toMs), optionally one user, and optionally one
 * investor group's people (docs/decisions/0068-investor-groups.md): their accounts, and the room's
 * invitations of their addresses.
 */
export interface AccessEventsScope {
  roomId: string;
  fromMs: number | null;
  toMs: number | null;
  userId: string | null;
  group: { userIds: readonly string[]; invitationIds: readonly string[] } | null;
}

/** A list for `in`, never empty: an empty group matches no row (no id is ''). */
const anyOf = (values: readonly string[]) => (values.length > 0 ? values : ['']);

/** Where the previous page ended: the access log is read in (occurred_at, id) order. */
export interface AccessLogCursor {
  occurredAt: number;
  id: string;
}

/**
 * One page of the access log after the cursor, oldest first, with who (the user, or the invitation whose
 * link was read before any account) and the document, so the caller can find each view's reading time.
 */
export async function listAccessLogPage(
  db: ModuleExecutor<'documents'>,
  scope: AccessEventsScope,
  after: AccessLogCursor | null,
  limit: number,
) {
  let query = db
    .selectFrom('access_events')
    .select([
      'id',
      'occurred_at',
      'action',
      'user_id',
      'invitation_id',
      'document_id',
      'document_title',
      'document_version',
      'url',
    ])
    .where('room_id', '=', scope.roomId);
  if (scope.fromMs !== null) query = query.where('occurred_at', '>=', scope.fromMs);
  if (scope.toMs !== null) query = query.where('occurred_at', '<', scope.toMs);
  if (scope.userId !== null) query = query.where('user_id', '=', scope.userId);
  if (scope.group !== null) {
    const { userIds, invitationIds } = scope.group;
    query = query.where((eb) =>
      eb.or([
        eb('user_id', 'in', anyOf(userIds)),
        // What an invitation's link showed before it was accepted: no account yet, the invitation.
        eb.and([eb('user_id', 'is', null), eb('invitation_id', 'in', anyOf(invitationIds))]),
      ]),
    );
  }
  // `occurred_at >= t` first, so both planners start an index range at the cursor; the `or` only
  // settles the ties at t, and cannot widen the range the index is read from.
  if (after)
    query = query
      .where('occurred_at', '>=', after.occurredAt)
      .where((eb) => eb.or([eb('occurred_at', '>', after.occurredAt), eb('id', '>', after.id)]));
  return query.orderBy('occurred_at').orderBy('id').limit(limit).execute();
}

/** The room's uploaded documents (a bounded set: the plan limits uploads), by title. */
export async function listRoomDocumentsForExport(db: ModuleExecutor<'documents'>, roomId: string) {
  return db
    .selectFrom('documents')
    .select(['id', 'title'])
    .where('room_id', '=', roomId)
    .orderBy('title')
    .orderBy('id')
    .execute();
}

/** The page count of each prepared document of the room (1 for one read as a single piece). */
export async function listPreparedPageCounts(db: ModuleExecutor<'documents'>, roomId: string) {
  return db
    .selectFrom('document_previews')
    .innerJoin('documents', 'documents.id', 'document_previews.document_id')
    .select(['document_previews.document_id', 'document_previews.kind', 'document_previews.page_count'])
    .where('documents.room_id', '=', roomId)
    .where('document_previews.status', '=', 'ready')
    .execute();
}

/** The next users (by id, after `afterUserId`) with any access event in the scope. */
export async function listActiveUserIds(
  db: ModuleExecutor<'documents'>,
  scope: AccessEventsScope,
  afterUserId: string | null,
  limit: number,
): Promise<string[]> {
  let query = db
    .selectFrom('access_events')
    .select('user_id')
    .distinct()
    .where('room_id', '=', scope.roomId)
    .where('user_id', 'is not', null);
  if (scope.fromMs !== null) query = query.where('occurred_at', '>=', scope.fromMs);
  if (scope.toMs !== null) query = query.where('occurred_at', '<', scope.toMs);
  if (scope.userId !== null) query = query.where('user_id', '=', scope.userId);
  if (scope.group !== null) query = query.where('user_id', 'in', anyOf(scope.group.userIds));
  if (afterUserId !== null) query = query.where('user_id', '>', afterUserId);
  const rows = await query.orderBy('user_id').limit(limit).execute();
  return rows.flatMap((row) => (row.user_id ? [row.user_id] : []));
}

/** Downloads and clicks of these users in the scope, per user and document (or link title). */
export async function sumDownloadsAndClicks(
  db: ModuleExecutor<'documents'>,
  scope: AccessEventsScope,
  userIds: string[],
) {
  let query = db
    .selectFrom('access_events')
    .where('room_id', '=', scope.roomId)
    .where('user_id', 'in', userIds)
    .where('action', 'in', ['downloaded', 'clicked']);
  if (scope.fromMs !== null) query = query.where('occurred_at', '>=', scope.fromMs);
  if (scope.toMs !== null) query = query.where('occurred_at', '<', scope.toMs);
  return query
    .select((eb) => [
      'user_id',
      'document_id',
      'document_title',
      eb.fn.sum(eb.case().when('action', '=', 'downloaded').then(1).else(0).end()).as('download_count'),
      eb.fn.sum(eb.case().when('action', '=', 'clicked').then(1).else(0).end()).as('click_count'),
      eb.fn.min('occurred_at').as('first_at'),
      eb.fn.max('occurred_at').as('last_at'),
    ])
    .groupBy(['user_id', 'document_id', 'document_title'])
    .execute();
}

/** Whether the user ever acted in the room (an investor whose access was removed keeps their history). */
export async function hasActivityInRoom(
  db: ModuleExecutor<'documents'>,
  roomId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('access_events')
    .select('id')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
