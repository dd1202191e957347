import crypto from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import type { DatabaseExecutor } from '#server/db/schema';
import { lockForTransaction } from '#server/db/transaction-lock';
import { DAY_MS } from '#server/durations';
import {
  findDocumentInRoom,
  findDocumentPreview,
  findReadableDocument,
  listUploadedDocuments,
} from '#server/features/documents/index';
import { invitationsOfRooms } from '#server/features/invitations/index';
import {
  findReadableRoom,
  hiddenDocumentIdsOf,
  hidesDocuments,
  type InvitationLinks,
  parsedSectionsOf,
  type ReadableRoom,
  type RoomUser,
  requireInvitedRoom,
  requireManagedRoom,
  requireReadableRoom,
} from '#server/features/rooms/index';
import { HttpError } from '#server/plugins/errors';
import {
  type AskQuestionRequest,
  type DocumentQuestions,
  type FaqEntry,
  type FaqQuery,
  INBOX_PAGE_SIZE,
  type InboxQuery,
  type InboxQuestion,
  MAX_QUESTIONS_PER_READER,
  MAX_QUESTIONS_PER_READER_PER_DAY,
  type MyQuestion,
  type MyQuestions,
  type PublishRequest,
  type QuestionInbox,
  type QuestionSettings,
  type QuestionSubject,
  type QuestionsByPage,
  type RoomFaq,
  type SeenPassage,
  seenPassageSchema,
} from '#shared/contracts/questions';
import { countMatchedTerms, parseSearchQuery, type SearchTerm } from '#shared/search-words';
import { sectionKeyOf } from '#shared/sections-markdown';
import { answerChanged, questionAnswered, questionAsked, recordQuestionEvent } from './question-notices';
import {
  countQuestionsByPage,
  findQuestionInRoom,
  type InboxRow,
  listAskerFirms,
  listInbox,
  listPublished,
  listQuestionsOfAsker,
  type QuestionWithTitle,
} from './question-reads';
import { readableFaqEntriesCache } from './questions.caches';
import {
  countAskedBy,
  countByState,
  findQuestionsEnabled,
  type HiddenPlaces,
  insertAnswerEdit,
  insertQuestion,
  markAnswersSeen,
  type StoredQuestion,
  saveQuestionsEnabled,
  updateQuestion,
} from './questions.repository';

/** The FAQ shows at most this many entries, most recently published first (search narrows it). */
export const MAX_FAQ_ENTRIES = 200;
/**
 * A search of the FAQ reads at most this many of its newest entries and matches their words as the
 * page index does (shared/search-words.ts): accents and case folded, English endings, phrases, prefixes.
 */
const MAX_FAQ_SEARCHED = 2000;

const QUESTION_NOT_FOUND = 'That question does not exist, or you do not have access to it.';
const DOCUMENT_NOT_FOUND = 'That document does not exist, or you do not have access to it.';
const SECTION_NOT_FOUND = 'That section does not exist, or you do not have access to it.';

/** What of the room this reader may not read: questions about it do not exist for them (ADR 68). */
async function hiddenPlacesOf(ctx: AppContext, room: ReadableRoom): Promise<HiddenPlaces> {
  const access = room.readerAccess;
  if (!hidesDocuments(access)) return { sectionKeys: [], documentIds: [] };
  const parsed = await parsedSectionsOf(ctx, room);
  const roomDocumentIds = (await listUploadedDocuments(ctx, room.id)).map((document) => document.id);
  return {
    sectionKeys: [...access.hiddenSectionKeys],
    documentIds: [...hiddenDocumentIdsOf(parsed, access, roomDocumentIds)],
  };
}

function subjectOf(question: QuestionWithTitle): QuestionSubject {
  if (question.subjectKind === 'section') return { kind: 'section', section: question.sectionName ?? '' };
  if (question.subjectKind === 'document')
    return {
      kind: 'document',
      documentId: question.documentId ?? '',
      documentTitle: question.documentTitle ?? '',
      page: question.page,
    };
  return { kind: 'room' };
}

function toMyQuestion(question: QuestionWithTitle): MyQuestion {
  const changed = question.answerChangedAt;
  return {
    id: question.id,
    about: subjectOf(question),
    text: question.text,
    state: question.state,
    answer: question.answer,
    askedAt: question.createdAt.toISOString(),
    answeredAt: question.answeredAt?.toISOString() ?? null,
    isAnswerUnseen: changed !== null && (question.askerSeenAt === null || question.askerSeenAt < changed),
  };
}

/** A published question as every reader sees it: never who asked (docs/product-rules.md#questions). */
function toFaqEntry(question: QuestionWithTitle): FaqEntry {
  return {
    id: question.id,
    about: subjectOf(question),
    question: question.publishedQuestion ?? '',
    answer: question.answer ?? '',
    publishedAt: (question.publishedAt ?? question.createdAt).toISOString(),
    updatedAt: (question.answerChangedAt ?? question.publishedAt ?? question.createdAt).toISOString(),
  };
}

function toInboxQuestion(row: InboxRow): InboxQuestion {
  return {
    id: row.id,
    about: subjectOf(row),
    text: row.text,
    state: row.state,
    asker: { userId: row.askerId, email: row.askerEmail, name: row.askerName },
    firm: row.askerEmail.slice(row.askerEmail.lastIndexOf('@') + 1).toLowerCase(),
    group: row.groupId ? { id: row.groupId, name: row.groupName ?? '' } : null,
    answer: row.answer,
    publishedQuestion: row.publishedQuestion,
    askedAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    passages: row.passages ? seenPassagesSchema.parse(JSON.parse(row.passages)) : [],
  };
}

const seenPassagesSchema = z.array(seenPassageSchema);

// --- Readers ------------------------------------------------------------------------------------------

/** The place a question is about, checked against what this reader may read now. */
async function requireSubject(
  ctx: AppContext,
  room: ReadableRoom,
  about: AskQuestionRequest['about'],
): Promise<Pick<StoredQuestion, 'subjectKind' | 'sectionKey' | 'sectionName' | 'documentId' | 'page'>> {
  if (about.kind === 'room')
    return { subjectKind: 'room', sectionKey: null, sectionName: null, documentId: null, page: null };
  if (about.kind === 'section') {
    const key = sectionKeyOf(about.section);
    const section = (await parsedSectionsOf(ctx, room)).sections.find(
      (each) => sectionKeyOf(each.name) === key,
    );
    // A section hidden from the reader's group, or one with nothing in it (readers never see an empty
    // section: docs/product-rules.md#data-room-view), is asked about as one that does not exist.
    if (!section || section.documents.length === 0 || room.readerAccess.hiddenSectionKeys.has(key))
      throw new HttpError(404, 'not_found', SECTION_NOT_FOUND, { field: 'about.section' });
    return {
      subjectKind: 'section',
      sectionKey: key,
      sectionName: section.name,
      documentId: null,
      page: null,
    };
  }
  const document = await findDocumentInRoom(ctx.db, room.id, about.documentId);
  const hidden = document && (await hiddenPlacesOf(ctx, room)).documentIds.includes(document.id);
  if (!document || hidden)
    throw new HttpError(404, 'not_found', DOCUMENT_NOT_FOUND, { field: 'about.documentId' });
  if (about.page !== undefined) {
    const pageCount = await pageCountOf(ctx, document.id);
    if (about.page > pageCount)
      throw new HttpError(
        400,
        'invalid_request',
        `about.page: must be at most ${pageCount}: the document has ${pageCount === 1 ? 'one page' : `${pageCount} pages`}`,
        { field: 'about.page' },
      );
  }
  return {
    subjectKind: 'document',
    sectionKey: null,
    sectionName: null,
    documentId: document.id,
    page: about.page ?? null,
  };
}

/** The pages of the document's current version as the viewer shows them (one until it is prepared). */
async function pageCountOf(ctx: AppContext, documentId: string): Promise<number> {
  const preview = await findDocumentPreview(ctx, documentId);
  return preview?.status === 'ready' && preview.kind === 'pages' && preview.pageCount ? preview.pageCount : 1;
}

/** The per-reader caps: a day's questions, and all of them, in one room. */
async function requireUnderCaps(
  db: DatabaseExecutor,
  roomId: string,
  askerId: string,
  at: Date,
): Promise<void> {
  const asked = await countAskedBy(db, roomId, askerId, new Date(at.getTime() - DAY_MS));
  if (asked.total >= MAX_QUESTIONS_PER_READER)
    throw new HttpError(
      429,
      'too_many_questions',
      `You have asked ${MAX_QUESTIONS_PER_READER} questions in this data room, as many as it takes from one investor. Write to the founders directly.`,
    );
  if (asked.recent >= MAX_QUESTIONS_PER_READER_PER_DAY)
    throw new HttpError(
      429,
      'too_many_questions',
      `You have asked ${MAX_QUESTIONS_PER_READER_PER_DAY} questions in this data room today. Please ask again tomorrow.`,
    );
}

export async function askQuestion(
  ctx: AppContext,
  user: RoomUser,
  roomId: string,
  body: AskQuestionRequest,
  request: { ip: string; userAgent: string | undefined },
  passages: SeenPassage[] = [],
): Promise<MyQuestion> {
  // A question about a document is read with that document (a document link's reader asks only there).
  const documentId = body.about.kind === 'document' ? body.about.documentId : undefined;
  const room = await requireReadableRoom(ctx, invitationsOfRooms, user, roomId, documentId);
  if (room.readerManagesRoom)
    throw new HttpError(403, 'forbidden', "The room's founders answer questions here; investors ask them.");
  if (!(await findQuestionsEnabled(ctx.db, room.id)))
    throw new HttpError(409, 'questions_off', 'The founders have turned questions off for this data room.');
  const subject = await requireSubject(ctx, room, body.about);
  const sections = await parsedSectionsOf(ctx, room);
  const at = new Date();
  const question: StoredQuestion = {
    id: crypto.randomUUID(),
    roomId: room.id,
    askerId: user.id,
    ...subject,
    text: body.text,
    state: 'open',
    answer: null,
    publishedQuestion: null,
    answeredBy: null,
    createdAt: at,
    answeredAt: null,
    publishedAt: null,
    answerChangedAt: null,
    askerSeenAt: null,
    passages: passages.length > 0 ? JSON.stringify(passages) : null,
  };
  // Counted and written under the reader's lock in the room: questions sent at once, on any server,
  // pass the caps one by one (ADR 49).
  const stored = await ctx.db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, ctx.config.database.dialect, `questions:${room.id}:${user.id}`);
    await requireUnderCaps(trx, room.id, user.id, at);
    await insertQuestion(trx, question);
    const asked = await findQuestionInRoom(trx, room.id, question.id);
    if (!asked) throw new Error('the question just asked was not found');
    await recordQuestionEvent(trx, sections, room, asked, 'asked', request, at);
    await questionAsked(trx, room, question);
    return asked;
  });
  // Committed: the founders' mail may go now.
  ctx.jobs.wake();
  return toMyQuestion(stored);
}

async function myQuestionsOf(
  ctx: AppContext,
  user: RoomUser,
  room: ReadableRoom,
  documentId?: string,
): Promise<MyQuestion[]> {
  const hidden = await hiddenPlacesOf(ctx, room);
  return (await listQuestionsOfAsker(ctx.db, room.id, user.id, hidden, documentId)).map(toMyQuestion);
}

/** Whether this reader may ask now: an investor, in a room that takes questions. */
export async function canAsk(ctx: AppContext, room: ReadableRoom): Promise<boolean> {
  return !room.readerManagesRoom && (await findQuestionsEnabled(ctx.db, room.id));
}

export async function listMyQuestions(ctx: AppContext, user: RoomUser, roomId: string): Promise<MyQuestions> {
  const room = await requireReadableRoom(ctx, invitationsOfRooms, user, roomId);
  const questions = await myQuestionsOf(ctx, user, room);
  return {
    questions,
    unseenAnswers: questions.filter((question) => question.isAnswerUnseen).length,
    canAsk: await canAsk(ctx, room),
  };
}

export async function markMyAnswersSeen(
  ctx: AppContext,
  user: RoomUser,
  roomId: string,
  documentId: string | undefined,
): Promise<MyQuestions> {
  const room = await requireReadableRoom(ctx, invitationsOfRooms, user, roomId);
  await markAnswersSeen(ctx.db, room.id, user.id, await hiddenPlacesOf(ctx, room), new Date(), documentId);
  return listMyQuestions(ctx, user, roomId);
}

async function faqOf(ctx: AppContext, room: ReadableRoom, query: FaqQuery): Promise<FaqEntry[]> {
  const hidden = await hiddenPlacesOf(ctx, room);
  const terms = query.q ? parseSearchQuery(query.q) : [];
  const rows = await listPublished(ctx.db, room.id, hidden, {
    documentId: query.documentId,
    limit: query.q ? MAX_FAQ_SEARCHED : MAX_FAQ_ENTRIES,
  });
  const entries = rows.map(toFaqEntry);
  if (!query.q) return entries;
  return entries.filter((entry) => termsHeldBy(entry, terms) === terms.length).slice(0, MAX_FAQ_ENTRIES);
}

/** How many of a search's terms a published entry holds, its question and answer read together. */
export function termsHeldBy(entry: FaqEntry, terms: SearchTerm[]): number {
  return countMatchedTerms(`${entry.question}\n${entry.answer}`, terms);
}

/**
 * The room's published questions and answers this reader may read, newest first: what search looks
 * through beside the pages (docs/decisions/0088-search-inside-every-page.md).
 */
export async function readableFaqEntries(ctx: AppContext, room: ReadableRoom): Promise<FaqEntry[]> {
  const hidden = await hiddenPlacesOf(ctx, room);
  const key = JSON.stringify([room.id, [...hidden.sectionKeys].sort(), [...hidden.documentIds].sort()]);
  const cached = await ctx.caches.get(readableFaqEntriesCache).get(key, async () => ({
    entries: (await listPublished(ctx.db, room.id, hidden, { limit: MAX_FAQ_SEARCHED })).map(toFaqEntry),
  }));
  return cached?.entries ?? [];
}

export async function roomFaq(
  ctx: AppContext,
  user: RoomUser,
  roomId: string,
  query: FaqQuery,
): Promise<RoomFaq> {
  const room = await requireReadableRoom(ctx, invitationsOfRooms, user, roomId);
  return { entries: await faqOf(ctx, room, query), canAsk: await canAsk(ctx, room) };
}

/** The invited view's FAQ: an invitation's holder reads it; asking needs an account (ADR 73). */
export async function invitedRoomFaq(
  ctx: AppContext,
  invitationLinks: InvitationLinks,
  token: string,
  query: FaqQuery,
): Promise<RoomFaq> {
  const { room, readerAccess } = await requireInvitedRoom(ctx, invitationsOfRooms, invitationLinks, token);
  const readable: ReadableRoom = { ...room, readerManagesRoom: false, readerAccess };
  return { entries: await faqOf(ctx, readable, query), canAsk: false };
}

/** A document's questions in the viewer: the reader's own and the published ones, on the same rule. */
export async function documentQuestions(
  ctx: AppContext,
  user: RoomUser,
  documentId: string,
): Promise<DocumentQuestions> {
  const document = await findReadableDocument(ctx, user, documentId);
  const room = await findReadableRoom(ctx, invitationsOfRooms, user, document.roomId, document.id);
  if (!room) throw new HttpError(404, 'not_found', DOCUMENT_NOT_FOUND);
  return {
    mine: await myQuestionsOf(ctx, user, room, document.id),
    published: await faqOf(ctx, room, { documentId: document.id }),
    canAsk: await canAsk(ctx, room),
  };
}

// --- Managers -----------------------------------------------------------------------------------------

export async function questionInbox(
  ctx: AppContext,
  user: RoomUser,
  query: InboxQuery,
): Promise<QuestionInbox> {
  const room = await requireManagedRoom(ctx, user);
  const page = query.page ?? 1;
  const [{ rows, total }, counts, firms] = await Promise.all([
    listInbox(ctx.db, room.id, query, { offset: (page - 1) * INBOX_PAGE_SIZE, limit: INBOX_PAGE_SIZE }),
    countByState(ctx.db, room.id),
    listAskerFirms(ctx.db, room.id),
  ]);
  return { questions: rows.map(toInboxQuestion), total, page, pageSize: INBOX_PAGE_SIZE, counts, firms };
}

export async function questionsByPage(ctx: AppContext, user: RoomUser): Promise<QuestionsByPage> {
  const room = await requireManagedRoom(ctx, user);
  const documents = new Map<string, QuestionsByPage['documents'][number]>();
  for (const row of await countQuestionsByPage(ctx.db, room.id)) {
    let document = documents.get(row.document_id);
    if (!document) {
      document = { documentId: row.document_id, title: row.title, total: 0, pages: [] };
      documents.set(row.document_id, document);
    }
    document.total += Number(row.count);
    document.pages.push({ page: row.page, count: Number(row.count) });
  }
  return { documents: [...documents.values()].sort((a, b) => b.total - a.total) };
}

async function inboxQuestionOf(ctx: AppContext, roomId: string, id: string): Promise<InboxQuestion> {
  const { rows } = await listInboxById(ctx, roomId, id);
  const row = rows[0];
  if (!row) throw new HttpError(404, 'not_found', QUESTION_NOT_FOUND);
  return toInboxQuestion(row);
}

function listInboxById(ctx: AppContext, roomId: string, id: string) {
  return listInbox(ctx.db, roomId, { questionId: id }, { offset: 0, limit: 1 });
}

/**
 * The question as it stands, read in `trx` under its lock: reply, publish, edit and withdraw each
 * decide on this read and log what it said, so two of them at once, on any server, take turns and the
 * second sees what the first wrote (ADR 49; ADR 73: a published answer changes only by the edit route).
 */
async function lockQuestion(
  ctx: AppContext,
  trx: DatabaseExecutor,
  roomId: string,
  id: string,
): Promise<QuestionWithTitle> {
  await lockForTransaction(trx, ctx.config.database.dialect, `questions:answer:${id}`);
  const question = await findQuestionInRoom(trx, roomId, id);
  if (!question) throw new HttpError(404, 'not_found', QUESTION_NOT_FOUND);
  return question;
}

/** A private answer: the asker reads it; a published question keeps its FAQ wording and takes the new answer. */
export async function replyPrivately(
  ctx: AppContext,
  user: RoomUser,
  id: string,
  answer: string,
): Promise<InboxQuestion> {
  const room = await requireManagedRoom(ctx, user);
  const sections = await parsedSectionsOf(ctx, room);
  const at = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    const question = await lockQuestion(ctx, trx, room.id, id);
    if (question.state === 'published')
      throw new HttpError(
        409,
        'question_published',
        'This answer is published in the FAQ: edit it there, or withdraw it first to answer privately.',
      );
    await updateQuestion(trx, question.id, {
      state: 'answered',
      answer,
      answeredBy: user.id,
      answeredAt: question.answeredAt ?? at,
      answerChangedAt: at,
    });
    await recordQuestionEvent(trx, sections, room, question, 'answered', null, at);
    await questionAnswered(trx, room, { ...question, answer, state: 'answered' }, 'private', at);
  });
  ctx.jobs.wake();
  return inboxQuestionOf(ctx, room.id, id);
}

/** Publishes to the FAQ under the founder's wording; the asker is told as of a private answer. */
export async function publishAnswer(
  ctx: AppContext,
  user: RoomUser,
  id: string,
  body: PublishRequest,
): Promise<InboxQuestion> {
  const room = await requireManagedRoom(ctx, user);
  const sections = await parsedSectionsOf(ctx, room);
  const at = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    const question = await lockQuestion(ctx, trx, room.id, id);
    if (question.state === 'published')
      throw new HttpError(409, 'question_published', 'This question is already in the FAQ: edit it there.');
    await updateQuestion(trx, question.id, {
      state: 'published',
      answer: body.answer,
      publishedQuestion: body.question,
      answeredBy: user.id,
      answeredAt: question.answeredAt ?? at,
      publishedAt: at,
      answerChangedAt: at,
    });
    const published = { ...question, answer: body.answer, state: 'published' as const };
    await recordQuestionEvent(trx, sections, room, question, 'answered', null, at);
    await questionAnswered(trx, room, published, 'published', at);
  });
  ctx.jobs.wake();
  return inboxQuestionOf(ctx, room.id, id);
}

async function lockPublished(ctx: AppContext, trx: DatabaseExecutor, roomId: string, id: string) {
  const question = await lockQuestion(ctx, trx, roomId, id);
  if (question.state !== 'published')
    throw new HttpError(409, 'question_not_published', 'This question is not in the FAQ.');
  return question;
}

/** Edits a published question's wording or answer; what it said before is logged (ADR 73). */
export async function editPublished(
  ctx: AppContext,
  user: RoomUser,
  id: string,
  body: PublishRequest,
): Promise<InboxQuestion> {
  const room = await requireManagedRoom(ctx, user);
  const at = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    const question = await lockPublished(ctx, trx, room.id, id);
    await logAnswerEdit(trx, question, user, 'edited', at);
    const isAnswerChanged = body.answer !== question.answer;
    await updateQuestion(trx, question.id, {
      answer: body.answer,
      publishedQuestion: body.question,
      answerChangedAt: isAnswerChanged ? at : question.answerChangedAt,
    });
    // The asker was mailed the answer: they are mailed it again as it now reads (ADR 92).
    if (isAnswerChanged) await answerChanged(trx, room, question, at);
  });
  ctx.jobs.wake();
  return inboxQuestionOf(ctx, room.id, id);
}

/** Takes a published answer out of the FAQ: the asker keeps it as a private answer; logged (ADR 73). */
export async function withdrawPublished(ctx: AppContext, user: RoomUser, id: string): Promise<InboxQuestion> {
  const room = await requireManagedRoom(ctx, user);
  const at = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    const question = await lockPublished(ctx, trx, room.id, id);
    await logAnswerEdit(trx, question, user, 'withdrawn', at);
    await updateQuestion(trx, question.id, { state: 'answered', publishedQuestion: null, publishedAt: null });
  });
  return inboxQuestionOf(ctx, room.id, id);
}

function logAnswerEdit(
  trx: AppContext['db'],
  question: StoredQuestion,
  user: RoomUser,
  kind: 'edited' | 'withdrawn',
  at: Date,
) {
  return insertAnswerEdit(trx, {
    id: crypto.randomUUID(),
    questionId: question.id,
    roomId: question.roomId,
    kind,
    editedBy: user.id,
    editedAt: at,
    questionBefore: question.publishedQuestion ?? '',
    answerBefore: question.answer ?? '',
  });
}

export async function questionSettings(ctx: AppContext, user: RoomUser): Promise<QuestionSettings> {
  const room = await requireManagedRoom(ctx, user);
  return { isEnabled: await findQuestionsEnabled(ctx.db, room.id) };
}

export async function saveQuestionSettings(
  ctx: AppContext,
  user: RoomUser,
  isEnabled: boolean,
): Promise<QuestionSettings> {
  const room = await requireManagedRoom(ctx, user);
  await saveQuestionsEnabled(ctx.db, room.id, isEnabled, new Date());
  return { isEnabled };
}
