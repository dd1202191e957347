import type { ModuleExecutor } from '#server/db/schema';

/**
 * What the questions module gives a room's CSV exports (docs/decisions/0042-csv-exports.md): the room's
 * questions a page at a time, as stored, with the ids of who asked and of the document each is about; the
 * exports name them with accounts' lookup and the room's documents (docs/decisions/0085-modules-own-their-tables.md).
 */

/**
 * Which questions to read: the room, asked in whole days as [fromMs, toMs), optionally by one user, and
 * optionally by one investor group's accounts (docs/decisions/0068-investor-groups.md).
 */
export interface QuestionsScope {
  roomId: string;
  fromMs: number | null;
  toMs: number | null;
  userId: string | null;
  group: { userIds: readonly string[] } | null;
}

export interface QuestionCursor {
  createdAt: number;
  id: string;
}

/**
 * The room's questions in the scope, oldest first, a page at a time (keyset on created_at, id)
 * (docs/decisions/0073-questions-and-answers.md).
 */
export async function listQuestionPage(
  db: ModuleExecutor<'questions'>,
  scope: QuestionsScope,
  after: QuestionCursor | null,
  limit: number,
) {
  let query = db
    .selectFrom('questions')
    .select([
      'id',
      'created_at',
      'asker_id',
      'subject_kind',
      'document_id',
      'section_name',
      'page',
      'text',
      'state',
      'answer',
      'published_question',
      'answered_at',
      'published_at',
    ])
    .where('room_id', '=', scope.roomId);
  if (scope.fromMs !== null) query = query.where('created_at', '>=', scope.fromMs);
  if (scope.toMs !== null) query = query.where('created_at', '<', scope.toMs);
  if (scope.userId !== null) query = query.where('asker_id', '=', scope.userId);
  // No id is '': an empty group matches no row.
  if (scope.group !== null)
    query = query.where('asker_id', 'in', scope.group.userIds.length > 0 ? scope.group.userIds : ['']);
  if (after)
    query = query
      .where('created_at', '>=', after.createdAt)
      .where((eb) => eb.or([eb('created_at', '>', after.createdAt), eb('id', '>', after.id)]));
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}
