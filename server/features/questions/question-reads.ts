import type { DatabaseExecutor } from '#server/db/schema';
import { findUserById, findUsersByIds, type User } from '#server/features/accounts/index';
import { findDocumentTitles } from '#server/features/documents/index';
import { listRemovedAddresses } from '#server/features/invitations/index';
import { findGroupsOfAddresses } from '#server/features/rooms/index';
import type { QuestionState } from '#shared/contracts/questions';
import {
  countQuestionsByDocumentPage,
  findQuestionForNotice,
  findStoredQuestion,
  type HiddenPlaces,
  listAskerIds,
  listInboxQuestions,
  listQuestionsInWindow,
  listStoredPublished,
  listStoredQuestionsOfAsker,
  type StoredQuestion,
} from './questions.repository';

/**
 * The questions as the service and the notices read them: this module's rows, with what other modules
 * own beside them (a document's title from documents, an asker from accounts, their group from rooms),
 * each asked once for the whole page (docs/decisions/0085-modules-own-their-tables.md). These take the
 * caller's executor, a transaction included, and run no query of their own.
 */

/** A question with the title of the document it is about (null when it is about none). */
export type QuestionWithTitle = StoredQuestion & { documentTitle: string | null };

/**
 * The title of each document these ids name (null for none, or for a document that is gone), in one
 * lookup for the whole page: the camel-cased questions and the notices' rows both read it.
 */
async function documentTitlesOf(
  db: DatabaseExecutor,
  documentIds: (string | null)[],
): Promise<(documentId: string | null) => string | null> {
  const titles = await findDocumentTitles(
    db,
    documentIds.flatMap((id) => (id ? [id] : [])),
  );
  return (documentId) => (documentId ? (titles.get(documentId) ?? null) : null);
}

async function withTitles(db: DatabaseExecutor, questions: StoredQuestion[]): Promise<QuestionWithTitle[]> {
  const titleOf = await documentTitlesOf(
    db,
    questions.map((question) => question.documentId),
  );
  return questions.map((question) => ({ ...question, documentTitle: titleOf(question.documentId) }));
}

export async function findQuestionInRoom(
  db: DatabaseExecutor,
  roomId: string,
  id: string,
): Promise<QuestionWithTitle | undefined> {
  const question = await findStoredQuestion(db, roomId, id);
  return question && (await withTitles(db, [question]))[0];
}

/** The reader's own questions of the room (or of one document), newest first, that they may still read. */
export async function listQuestionsOfAsker(
  db: DatabaseExecutor,
  roomId: string,
  askerId: string,
  hidden: HiddenPlaces,
  documentId?: string,
): Promise<QuestionWithTitle[]> {
  return withTitles(db, await listStoredQuestionsOfAsker(db, roomId, askerId, hidden, documentId));
}

/** The room's published questions this reader may read, most recently published first. */
export async function listPublished(
  db: DatabaseExecutor,
  roomId: string,
  hidden: HiddenPlaces,
  filters: { documentId?: string | undefined; limit: number },
): Promise<QuestionWithTitle[]> {
  return withTitles(db, await listStoredPublished(db, roomId, hidden, filters));
}

/** A question of the inbox, with who asked and their group now (none once they were removed from the room). */
export type InboxRow = QuestionWithTitle & {
  askerEmail: string;
  askerName: string;
  groupId: string | null;
  groupName: string | null;
};

export interface InboxFilters {
  state?: QuestionState | undefined;
  documentId?: string | undefined;
  groupId?: string | undefined;
  firm?: string | undefined;
  questionId?: string | undefined;
}

/** Whether an address is of the firm, as the filter's LIKE matched it: it ends with "@" and the firm. */
const isOfFirm = (email: string, firm: string) => email.toLowerCase().endsWith(`@${firm}`);

/** Everyone who asked a question of the room, by id. */
async function askersOf(db: DatabaseExecutor, roomId: string): Promise<Map<string, User>> {
  return findUsersByIds(db, await listAskerIds(db, roomId));
}

/**
 * A page of the inbox and how many questions the filters leave. The group and firm filters are on the
 * asker: the room's askers are read first and narrowed by their address and their group now, and the
 * page and its count are then cut from the questions of those askers alone.
 */
export async function listInbox(
  db: DatabaseExecutor,
  roomId: string,
  filters: InboxFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: InboxRow[]; total: number }> {
  let askerIds: string[] | undefined;
  if (filters.groupId || filters.firm) {
    let askers = [...(await askersOf(db, roomId)).values()];
    const { firm, groupId } = filters;
    if (firm) askers = askers.filter((asker) => isOfFirm(asker.email, firm));
    if (groupId) {
      const groups = await findGroupsOfAddresses(
        db,
        roomId,
        askers.map((asker) => asker.email),
      );
      const removed = await listRemovedAddresses(
        db,
        roomId,
        askers.map((asker) => asker.email),
      );
      askers = askers.filter((asker) => !removed.has(asker.email) && groups.get(asker.email)?.id === groupId);
    }
    askerIds = askers.map((asker) => asker.id);
    if (askerIds.length === 0) return { rows: [], total: 0 };
  }
  const { rows, total } = await listInboxQuestions(
    db,
    roomId,
    { state: filters.state, documentId: filters.documentId, questionId: filters.questionId, askerIds },
    page,
  );
  const titled = await withTitles(db, rows);
  const users = await findUsersByIds(
    db,
    rows.map((row) => row.askerId),
  );
  const addresses = [...users.values()].map((user) => user.email);
  const groups = await findGroupsOfAddresses(db, roomId, addresses);
  // A removed investor keeps a group row until invited again: they are no investor of the room now.
  const removed = await listRemovedAddresses(db, roomId, addresses);
  return {
    rows: titled.flatMap((question) => {
      const asker = users.get(question.askerId);
      if (!asker) return [];
      const group = removed.has(asker.email) ? undefined : groups.get(asker.email);
      return [
        {
          ...question,
          askerEmail: asker.email,
          askerName: asker.name,
          groupId: group?.id ?? null,
          groupName: group?.name ?? null,
        },
      ];
    }),
    total,
  };
}

/** The domains of the room's askers' addresses, each once, in order. */
export async function listAskerFirms(db: DatabaseExecutor, roomId: string): Promise<string[]> {
  const askers = [...(await askersOf(db, roomId)).values()];
  const firms = new Set(
    askers.map((asker) => asker.email.slice(asker.email.lastIndexOf('@') + 1).toLowerCase()),
  );
  return [...firms].sort();
}

/**
 * How many questions each document of the room has, page by page (null: about the whole document), by
 * the documents' titles (as the database sorts them), then by page.
 */
export async function countQuestionsByPage(db: DatabaseExecutor, roomId: string) {
  const counts = await countQuestionsByDocumentPage(db, roomId);
  const titles = await findDocumentTitles(
    db,
    counts.map((row) => row.document_id),
  );
  // Documents of one title share a rank, so their pages stay in page order among each other.
  const rankOf = new Map<string, number>();
  let rank = -1;
  let previous: string | undefined;
  for (const [id, title] of titles) {
    if (title !== previous) rank += 1;
    previous = title;
    rankOf.set(id, rank);
  }
  return counts
    .filter((row) => titles.has(row.document_id))
    .map((row) => ({ ...row, title: titles.get(row.document_id) ?? '' }))
    .sort((a, b) => (rankOf.get(a.document_id) ?? 0) - (rankOf.get(b.document_id) ?? 0));
}

/** A question as the managers' mail tells it, with its document's title and who asked. */
export async function questionForNotice(db: DatabaseExecutor, roomId: string, questionId: string) {
  const question = await findQuestionForNotice(db, roomId, questionId);
  if (!question) return undefined;
  const asker = await findUserById(db, question.asker_id);
  if (!asker) return undefined;
  const [titled] = await withTitlesOfRows(db, [question]);
  return titled && { ...titled, asker_email: asker.email, asker_name: asker.name };
}

/** The questions asked in a window, with who asked, for a daily digest. */
export async function questionsAskedInWindow(db: DatabaseExecutor, roomId: string, start: Date, end: Date) {
  const questions = await listQuestionsInWindow(db, roomId, start, end);
  const askers = await findUsersByIds(
    db,
    questions.map((question) => question.asker_id),
  );
  const titled = await withTitlesOfRows(db, questions);
  return titled.flatMap((question) => {
    const asker = askers.get(question.asker_id);
    return asker ? [{ ...question, asker_email: asker.email, asker_name: asker.name }] : [];
  });
}

/** Rows as the notices read them, with `document_title` beside their document's id. */
async function withTitlesOfRows<Row extends { document_id: string | null }>(
  db: DatabaseExecutor,
  rows: Row[],
): Promise<(Row & { document_title: string | null })[]> {
  const titleOf = await documentTitlesOf(
    db,
    rows.map((row) => row.document_id),
  );
  return rows.map((row) => ({ ...row, document_title: titleOf(row.document_id) }));
}
