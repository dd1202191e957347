import type { ModuleExecutor } from '#server/db/schema';

/**
 * The queries behind the CSV exports (docs/decisions/0042-csv-exports.md). Each reads one bounded page
 * and is scoped by the room; the caller walks the pages, so no export holds its whole result in memory.
 */

/**
 * Which events to read: the room, whole days as [fromMs, toMs), optionally one user, and optionally one
 * investor group's people (docs/decisions/0068-investor-groups.md): their accounts and their addresses.
 */
export interface ExportScope {
  roomId: string;
  fromMs: number | null;
  toMs: number | null;
  userId: string | null;
  group: { userIds: string[]; emails: string[] } | null;
}

/** A list for `in`, never empty: an empty group matches no row (no id or address is ''). */
const anyOf = (values: string[]) => (values.length > 0 ? values : ['']);

/** The accounts of these addresses, for an export narrowed to a group. */
export async function findUserIdsByEmail(db: ModuleExecutor<'exports'>, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db.selectFrom('users').select('id').where('email', 'in', emails).execute();
  return rows.map((row) => row.id);
}

/** Where the previous page ended: the access log is read in (occurred_at, id) order. */
export interface AccessLogCursor {
  occurredAt: number;
  id: string;
}

/**
 * One page of the access log after the cursor, oldest first, with who (the user, or the invited e-mail)
 * and, for a view, the seconds read in it: the view and its 'viewed' event are written in one
 * transaction with the same time (ADR 41), so the view is found by reader, document and that time
 * (index reading_views (room_id, user_id, started_at)).
 */
export async function listAccessLogPage(
  db: ModuleExecutor<'exports'>,
  scope: ExportScope,
  after: AccessLogCursor | null,
  limit: number,
) {
  let query = db
    .selectFrom('access_events')
    .leftJoin('users', 'users.id', 'access_events.user_id')
    .leftJoin('invitations', 'invitations.id', 'access_events.invitation_id')
    .select((eb) => [
      'access_events.id',
      'access_events.occurred_at',
      'access_events.action',
      'access_events.document_title',
      'access_events.document_version',
      'access_events.url',
      'users.name as user_name',
      'users.email as user_email',
      'invitations.email as invited_email',
      eb
        .selectFrom('reading_views')
        .select('reading_views.read_ms')
        .whereRef('reading_views.room_id', '=', 'access_events.room_id')
        .whereRef('reading_views.user_id', '=', 'access_events.user_id')
        .whereRef('reading_views.started_at', '=', 'access_events.occurred_at')
        .whereRef('reading_views.document_id', '=', 'access_events.document_id')
        .limit(1)
        .as('view_read_ms'),
    ])
    .where('access_events.room_id', '=', scope.roomId);
  if (scope.fromMs !== null) query = query.where('access_events.occurred_at', '>=', scope.fromMs);
  if (scope.toMs !== null) query = query.where('access_events.occurred_at', '<', scope.toMs);
  if (scope.userId !== null) query = query.where('access_events.user_id', '=', scope.userId);
  if (scope.group !== null) {
    const { userIds, emails } = scope.group;
    query = query.where((eb) =>
      eb.or([
        eb('access_events.user_id', 'in', anyOf(userIds)),
        // What an invitation's link showed before it was accepted: no account yet, the invited address.
        eb.and([eb('access_events.user_id', 'is', null), eb('invitations.email', 'in', anyOf(emails))]),
      ]),
    );
  }
  // `occurred_at >= t` first, so both planners start an index range at the cursor; the `or` only
  // settles the ties at t, and cannot widen the range the index is read from.
  if (after)
    query = query
      .where('access_events.occurred_at', '>=', after.occurredAt)
      .where((eb) =>
        eb.or([
          eb('access_events.occurred_at', '>', after.occurredAt),
          eb('access_events.id', '>', after.id),
        ]),
      );
  return query.orderBy('access_events.occurred_at').orderBy('access_events.id').limit(limit).execute();
}

/** Where the previous page of NDA acceptances ended: read in (accepted_at, id) order. */
export interface NdaAcceptanceCursor {
  acceptedAt: number;
  id: string;
}

/**
 * One page of the room's NDA acceptances after the cursor, oldest first, with the version's hash and
 * the investor's account name. An acceptance is its e-mail address's (ADR 45), so an investor's are
 * those of their address, including the ones given through their invitation link before signing in.
 */
export async function listNdaAcceptancePage(
  db: ModuleExecutor<'exports'>,
  scope: ExportScope,
  after: NdaAcceptanceCursor | null,
  limit: number,
) {
  let query = db
    .selectFrom('nda_acceptances')
    .innerJoin('nda_versions', 'nda_versions.id', 'nda_acceptances.version_id')
    .leftJoin('users', 'users.id', 'nda_acceptances.user_id')
    .select([
      'nda_acceptances.id',
      'nda_acceptances.accepted_at',
      'nda_acceptances.signer_name',
      'nda_acceptances.email',
      'nda_acceptances.user_id',
      'nda_acceptances.invitation_id',
      'nda_acceptances.ip',
      'nda_acceptances.user_agent',
      'nda_acceptances.version_id',
      'nda_versions.sha256',
      'users.name as user_name',
    ])
    .where('nda_acceptances.room_id', '=', scope.roomId);
  if (scope.fromMs !== null) query = query.where('nda_acceptances.accepted_at', '>=', scope.fromMs);
  if (scope.toMs !== null) query = query.where('nda_acceptances.accepted_at', '<', scope.toMs);
  const investor = scope.userId;
  if (investor !== null)
    query = query.where('nda_acceptances.email', '=', (eb) =>
      eb.selectFrom('users as investor').select('investor.email').where('investor.id', '=', investor),
    );
  if (scope.group !== null) query = query.where('nda_acceptances.email', 'in', anyOf(scope.group.emails));
  if (after)
    query = query
      .where('nda_acceptances.accepted_at', '>=', after.acceptedAt)
      .where((eb) =>
        eb.or([
          eb('nda_acceptances.accepted_at', '>', after.acceptedAt),
          eb('nda_acceptances.id', '>', after.id),
        ]),
      );
  return query.orderBy('nda_acceptances.accepted_at').orderBy('nda_acceptances.id').limit(limit).execute();
}

export interface QuestionCursor {
  createdAt: number;
  id: string;
}

/**
 * The room's questions in the scope, oldest first, a page at a time (keyset on created_at, id), with who
 * asked and the title of the document each is about (docs/decisions/0073-questions-and-answers.md).
 */
export async function listQuestionPage(
  db: ModuleExecutor<'exports'>,
  scope: ExportScope,
  after: QuestionCursor | null,
  limit: number,
) {
  let query = db
    .selectFrom('questions')
    .innerJoin('users', 'users.id', 'questions.asker_id')
    .leftJoin('documents', 'documents.id', 'questions.document_id')
    .select([
      'questions.id',
      'questions.created_at',
      'questions.subject_kind',
      'questions.section_name',
      'questions.page',
      'questions.text',
      'questions.state',
      'questions.answer',
      'questions.published_question',
      'questions.answered_at',
      'questions.published_at',
      'documents.title as document_title',
      'users.name as user_name',
      'users.email as user_email',
    ])
    .where('questions.room_id', '=', scope.roomId);
  if (scope.fromMs !== null) query = query.where('questions.created_at', '>=', scope.fromMs);
  if (scope.toMs !== null) query = query.where('questions.created_at', '<', scope.toMs);
  if (scope.userId !== null) query = query.where('questions.asker_id', '=', scope.userId);
  if (scope.group !== null) query = query.where('questions.asker_id', 'in', anyOf(scope.group.userIds));
  if (after)
    query = query
      .where('questions.created_at', '>=', after.createdAt)
      .where((eb) =>
        eb.or([eb('questions.created_at', '>', after.createdAt), eb('questions.id', '>', after.id)]),
      );
  return query.orderBy('questions.created_at').orderBy('questions.id').limit(limit).execute();
}

/** The room's uploaded documents (a bounded set: the plan limits uploads), by title. */
export async function listRoomDocumentsForExport(db: ModuleExecutor<'exports'>, roomId: string) {
  return db
    .selectFrom('documents')
    .select(['id', 'title'])
    .where('room_id', '=', roomId)
    .orderBy('title')
    .orderBy('id')
    .execute();
}

function viewsInScope(db: ModuleExecutor<'exports'>, scope: ExportScope) {
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
  db: ModuleExecutor<'exports'>,
  scope: ExportScope,
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
  db: ModuleExecutor<'exports'>,
  scope: ExportScope,
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

/** The page count of each prepared document of the room (1 for one read as a single piece). */
export async function listPreparedPageCounts(db: ModuleExecutor<'exports'>, roomId: string) {
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
  db: ModuleExecutor<'exports'>,
  scope: ExportScope,
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
  db: ModuleExecutor<'exports'>,
  scope: ExportScope,
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

export async function findUsers(db: ModuleExecutor<'exports'>, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', userIds).execute();
}

/** Whether the user ever acted in the room (an investor whose access was removed keeps their history). */
export async function hasActivityInRoom(
  db: ModuleExecutor<'exports'>,
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
