import { type SelectQueryBuilder, sql } from 'kysely';
import { type Entity, fromRow, toEpochMs, toRow } from '#server/db/columns';
import type { Database, ModuleExecutor } from '#server/db/schema';
import type { QuestionState } from '#shared/contracts/questions';
import type { QuestionAnswerEditsTable, QuestionsTable } from './questions.tables';

/** A question as stored (docs/decisions/0073-questions-and-answers.md). */
export type StoredQuestion = Entity<QuestionsTable>;
/** What of a room a reader may not read (ADR 68): their questions there do not exist for them. */
export interface HiddenPlaces {
  sectionKeys: readonly string[];
  documentIds: readonly string[];
}

type QuestionQuery<Output> = SelectQueryBuilder<Pick<Database, 'questions'>, 'questions', Output>;

const questionsOf = (db: ModuleExecutor<'questions'>) => db.selectFrom('questions').selectAll('questions');

/** Leaves out the questions about a section or a document the reader may not read. */
function readableBy<Output>(query: QuestionQuery<Output>, hidden: HiddenPlaces): QuestionQuery<Output> {
  let narrowed = query;
  if (hidden.sectionKeys.length > 0)
    narrowed = narrowed.where((eb) =>
      eb.or([
        eb('questions.section_key', 'is', null),
        eb('questions.section_key', 'not in', hidden.sectionKeys),
      ]),
    );
  if (hidden.documentIds.length > 0)
    narrowed = narrowed.where((eb) =>
      eb.or([
        eb('questions.document_id', 'is', null),
        eb('questions.document_id', 'not in', hidden.documentIds),
      ]),
    );
  return narrowed;
}

export async function insertQuestion(
  db: ModuleExecutor<'questions'>,
  question: StoredQuestion,
): Promise<void> {
  await db.insertInto('questions').values(toRow<QuestionsTable>(question)).execute();
}

/** How many questions this reader asked of the room, in all and since a moment (the caps). */
export async function countAskedBy(
  db: ModuleExecutor<'questions'>,
  roomId: string,
  askerId: string,
  since: Date,
): Promise<{ total: number; recent: number }> {
  const row = await db
    .selectFrom('questions')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .sum<number>(eb.case().when('created_at', '>=', toEpochMs(since)).then(1).else(0).end())
        .as('recent'),
    ])
    .where('asker_id', '=', askerId)
    .where('room_id', '=', roomId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), recent: Number(row.recent ?? 0) };
}

export async function findStoredQuestion(
  db: ModuleExecutor<'questions'>,
  roomId: string,
  id: string,
): Promise<StoredQuestion | undefined> {
  const row = await questionsOf(db)
    .where('questions.room_id', '=', roomId)
    .where('questions.id', '=', id)
    .executeTakeFirst();
  return row && fromRow(row);
}

/** The reader's own questions of the room (or of one document), newest first, that they may still read. */
export async function listStoredQuestionsOfAsker(
  db: ModuleExecutor<'questions'>,
  roomId: string,
  askerId: string,
  hidden: HiddenPlaces,
  documentId?: string,
): Promise<StoredQuestion[]> {
  let query = questionsOf(db)
    .where('questions.asker_id', '=', askerId)
    .where('questions.room_id', '=', roomId);
  if (documentId) query = query.where('questions.document_id', '=', documentId);
  const rows = await readableBy(query, hidden).orderBy('questions.created_at', 'desc').execute();
  return rows.map((row) => fromRow(row));
}

/** The room's published questions this reader may read, most recently published first. */
export async function listStoredPublished(
  db: ModuleExecutor<'questions'>,
  roomId: string,
  hidden: HiddenPlaces,
  filters: { documentId?: string | undefined; limit: number },
): Promise<StoredQuestion[]> {
  // The state written as a literal: it is what lets both dialects use the partial index of the FAQ.
  let query = questionsOf(db)
    .where('questions.room_id', '=', roomId)
    .where(sql<boolean>`questions.state = 'published'`);
  if (filters.documentId) query = query.where('questions.document_id', '=', filters.documentId);
  const rows = await readableBy(query, hidden)
    .orderBy('questions.published_at', 'desc')
    .orderBy('questions.id', 'desc')
    .limit(filters.limit)
    .execute();
  return rows.map((row) => fromRow(row));
}

/**
 * The inbox's filters on the questions' own columns; `askerIds` is the askers the group and firm filters
 * leave (found before the page is cut, so the page and its count are of the filtered questions).
 */
export interface InboxQuestionFilters {
  state?: QuestionState | undefined;
  documentId?: string | undefined;
  questionId?: string | undefined;
  askerIds?: readonly string[] | undefined;
}

function inboxQuery(db: ModuleExecutor<'questions'>, roomId: string, filters: InboxQuestionFilters) {
  let query = db.selectFrom('questions').where('questions.room_id', '=', roomId);
  if (filters.state) query = query.where('questions.state', '=', filters.state);
  if (filters.documentId) query = query.where('questions.document_id', '=', filters.documentId);
  if (filters.askerIds) query = query.where('questions.asker_id', 'in', filters.askerIds);
  if (filters.questionId) query = query.where('questions.id', '=', filters.questionId);
  return query;
}

/** A page of the inbox's questions, newest first, and how many the filters leave in all. */
export async function listInboxQuestions(
  db: ModuleExecutor<'questions'>,
  roomId: string,
  filters: InboxQuestionFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: StoredQuestion[]; total: number }> {
  const [rows, count] = await Promise.all([
    inboxQuery(db, roomId, filters)
      .selectAll('questions')
      .orderBy('questions.created_at', 'desc')
      .orderBy('questions.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    inboxQuery(db, roomId, filters)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => fromRow(row)), total: Number(count.count) };
}

/**
 * The questions about a section renamed where it stands follow it, so they stay hidden exactly where it
 * is (docs/decisions/0073-questions-and-answers.md); in the save's transaction, through rooms'
 * SectionRenames port.
 */
export async function moveQuestionsOfRenamedSections(
  db: ModuleExecutor<'questions'>,
  roomId: string,
  renames: ReadonlyMap<string, string>,
  namesNow: ReadonlyMap<string, string>,
): Promise<void> {
  for (const [from, to] of renames) {
    await db
      .updateTable('questions')
      .set({ section_key: to, section_name: namesNow.get(to) ?? to })
      .where('room_id', '=', roomId)
      .where('section_key', '=', from)
      .execute();
  }
}

export async function countByState(
  db: ModuleExecutor<'questions'>,
  roomId: string,
): Promise<Record<QuestionState, number>> {
  const rows = await db
    .selectFrom('questions')
    .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
    .where('room_id', '=', roomId)
    .groupBy('state')
    .execute();
  const counts = { open: 0, answered: 0, published: 0 };
  for (const row of rows) counts[row.state] = Number(row.count);
  return counts;
}

export async function updateQuestion(
  db: ModuleExecutor<'questions'>,
  id: string,
  changes: Partial<Omit<StoredQuestion, 'id' | 'roomId' | 'askerId' | 'createdAt'>>,
): Promise<void> {
  await db.updateTable('questions').set(toRow<QuestionsTable>(changes)).where('id', '=', id).execute();
}

export async function insertAnswerEdit(
  db: ModuleExecutor<'questions'>,
  edit: Entity<QuestionAnswerEditsTable>,
): Promise<void> {
  await db.insertInto('question_answer_edits').values(toRow<QuestionAnswerEditsTable>(edit)).execute();
}

/** Marks the reader's answers of the room (or of one document) seen now. */
/**
 * Marks the reader's answers seen: only those they may read now (a question about a place hidden from
 * them keeps its mark, to be seen when the place is theirs again).
 */
export async function markAnswersSeen(
  db: ModuleExecutor<'questions'>,
  roomId: string,
  askerId: string,
  hidden: HiddenPlaces,
  at: Date,
  documentId?: string,
): Promise<void> {
  let query = db
    .updateTable('questions')
    .set({ asker_seen_at: toEpochMs(at) })
    .where('asker_id', '=', askerId)
    .where('room_id', '=', roomId)
    .where('answer_changed_at', 'is not', null);
  if (documentId) query = query.where('document_id', '=', documentId);
  if (hidden.sectionKeys.length > 0 || hidden.documentIds.length > 0)
    query = query.where(
      'id',
      'in',
      readableBy(
        db.selectFrom('questions').select('questions.id').where('questions.asker_id', '=', askerId),
        hidden,
      ),
    );
  await query.execute();
}

/** Whether the room takes questions: a room without a row does. */
export async function findQuestionsEnabled(
  db: ModuleExecutor<'questions'>,
  roomId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('question_settings')
    .select('is_enabled')
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  return row === undefined || row.is_enabled === 1;
}

export async function saveQuestionsEnabled(
  db: ModuleExecutor<'questions'>,
  roomId: string,
  isEnabled: boolean,
  at: Date,
): Promise<void> {
  const values = { is_enabled: isEnabled ? (1 as const) : (0 as const), updated_at: toEpochMs(at) };
  await db
    .insertInto('question_settings')
    .values({ room_id: roomId, ...values })
    .onConflict((conflict) => conflict.column('room_id').doUpdateSet(values))
    .execute();
}

/** Who asked questions of the room, each once. */
export async function listAskerIds(db: ModuleExecutor<'questions'>, roomId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('questions')
    .select('asker_id')
    .distinct()
    .where('room_id', '=', roomId)
    .execute();
  return rows.map((row) => row.asker_id);
}

/**
 * How many questions each document of the room has, page by page (null: about the whole document), in
 * page order as the database sorts them.
 */
export async function countQuestionsByDocumentPage(db: ModuleExecutor<'questions'>, roomId: string) {
  return db
    .selectFrom('questions')
    .select(['document_id', 'page', (eb) => eb.fn.countAll<number>().as('count')])
    .where('room_id', '=', roomId)
    .where('document_id', 'is not', null)
    .groupBy(['document_id', 'page'])
    .orderBy('page')
    .$narrowType<{ document_id: string }>()
    .execute();
}

/** A question as the managers' mail tells it (docs/decisions/0073-questions-and-answers.md). */
export async function findQuestionForNotice(
  db: ModuleExecutor<'questions'>,
  roomId: string,
  questionId: string,
) {
  return db
    .selectFrom('questions')
    .select(['subject_kind', 'section_name', 'page', 'text', 'document_id', 'asker_id'])
    .where('room_id', '=', roomId)
    .where('id', '=', questionId)
    .executeTakeFirst();
}

/** The questions asked in a window, for a daily digest. */
export async function listQuestionsInWindow(
  db: ModuleExecutor<'questions'>,
  roomId: string,
  start: Date,
  end: Date,
) {
  return db
    .selectFrom('questions')
    .select(['id', 'subject_kind', 'section_name', 'page', 'document_id', 'asker_id'])
    .where('room_id', '=', roomId)
    .where('created_at', '>=', start.getTime())
    .where('created_at', '<', end.getTime())
    .orderBy('created_at')
    .execute();
}
