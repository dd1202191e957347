import type { AppContext } from '#server/app-context';
import { listDocumentsOfRoom } from '#server/features/documents/index';
import { invitationsOfRooms } from '#server/features/invitations/index';
import { askQuestion, canAsk, readableFaqEntries, termsHeldBy } from '#server/features/questions/index';
import {
  audienceAccessOf,
  type DataRoom,
  hiddenDocumentIdsOf,
  type InvitationLinks,
  listGroups,
  MANAGERS_ACCESS,
  parsedSectionsOf,
  type ReadableRoom,
  type ReaderAccess,
  type RoomUser,
  requireInvitedRoom,
  requireManagedRoom,
  requireReadableRoom,
} from '#server/features/rooms/index';
import type { FaqEntry, MyQuestion, SeenPassage } from '#shared/contracts/questions';
import {
  type DocumentResult,
  type FaqResult,
  MAX_ASK_FAQ_ENTRIES,
  MAX_ASK_PASSAGES,
  MAX_HITS_PER_DOCUMENT,
  MAX_SEARCH_DOCUMENTS,
  type ManagerSearchResults,
  type Passage,
  type RoomAnswer,
  type SearchNotice,
  type SearchResults,
} from '#shared/contracts/search';
import {
  highlightWordsOf,
  parseSearchQuery,
  questionTermsOf,
  type SearchTerm,
  type SnippetPiece,
  snippetOfText,
} from '#shared/search-words';
import { findMatchingPages, type PageMatch, pageTextsOf, snippetKey } from './search-index.repository';
import { areQueriesVisible, recordSearch, type Searcher } from './search-log.service';

/**
 * Search inside every page and "Ask the room" (docs/decisions/0088-search-inside-every-page.md). Every
 * answer goes through the readability rule: the documents searched are the ones this reader's room list
 * shows (listDocumentsOfRoom), so a page of a hidden section, or of a document they may not read, is
 * neither found nor counted; the FAQ entries are the ones they may read. Managers search everything.
 */

/** A reader's request: an asked question's access-log line names its address and browser. */
export interface SearchRequest {
  ip: string;
  userAgent: string | undefined;
}

/** The documents this reader may read in the room, by id, with the name the room shows each under. */
async function readableTitles(ctx: AppContext, room: DataRoom, access: ReaderAccess) {
  const documents = await listDocumentsOfRoom(ctx, room, access);
  return new Map(documents.map((document) => [document.id, document.title]));
}

/** The matches grouped by document, best document first, each with its best pages in page order. */
function documentsOf(matches: PageMatch[], titles: Map<string, string>) {
  const byDocument = new Map<string, PageMatch[]>();
  for (const match of matches) {
    const pages = byDocument.get(match.documentId) ?? [];
    pages.push(match);
    byDocument.set(match.documentId, pages);
  }
  // Matches come best first, so each document's first page is its best and the map is in that order.
  return [...byDocument.entries()].slice(0, MAX_SEARCH_DOCUMENTS).map(([documentId, pages]) => ({
    documentId,
    title: titles.get(documentId) ?? '',
    pageCount: pages.length,
    best: pages
      .slice(0, MAX_HITS_PER_DOCUMENT)
      .map((page) => page.page)
      .sort((a, b) => a - b),
  }));
}

/** Each page's snippet around the terms, by snippetKey. */
async function snippetsOf(
  ctx: AppContext,
  pages: { documentId: string; page: number }[],
  terms: SearchTerm[],
): Promise<Map<string, SnippetPiece[]>> {
  const texts = await pageTextsOf(ctx.db, pages);
  return new Map([...texts].map(([key, text]) => [key, snippetOfText(text, terms)]));
}

async function searchDocuments(
  ctx: AppContext,
  roomId: string,
  titles: Map<string, string>,
  terms: SearchTerm[],
): Promise<{ documents: DocumentResult[]; pageCount: number }> {
  const dialect = ctx.config.database.dialect;
  const matches = await findMatchingPages(ctx.db, dialect, roomId, [...titles.keys()], terms, 'all');
  const found = documentsOf(matches, titles);
  const snippets = await snippetsOf(
    ctx,
    found.flatMap(({ documentId, best }) => best.map((page) => ({ documentId, page }))),
    terms,
  );
  const documents = found.map(({ documentId, title, pageCount, best }) => ({
    documentId,
    title,
    pageCount,
    hits: best.map((page) => ({
      page,
      snippet: snippets.get(snippetKey(documentId, page)) ?? [],
    })),
  }));
  return { documents, pageCount: matches.length };
}

function faqResultOf(entry: FaqEntry, terms: SearchTerm[]): FaqResult {
  return {
    id: entry.id,
    about: entry.about,
    question: entry.question,
    answer: snippetOfText(entry.answer, terms),
  };
}

/** The published answers this reader may read that hold every term. */
async function searchFaq(ctx: AppContext, room: ReadableRoom, terms: SearchTerm[]): Promise<FaqResult[]> {
  if (terms.length === 0) return [];
  return (await readableFaqEntries(ctx, room))
    .filter((entry) => termsHeldBy(entry, terms) === terms.length)
    .slice(0, MAX_SEARCH_DOCUMENTS)
    .map((entry) => faqResultOf(entry, terms));
}

async function searchReadable(ctx: AppContext, room: ReadableRoom, query: string): Promise<SearchResults> {
  const terms = parseSearchQuery(query);
  const titles = await readableTitles(ctx, room, room.readerAccess);
  const { documents, pageCount } = await searchDocuments(ctx, room.id, titles, terms);
  return {
    query,
    words: highlightWordsOf(terms),
    pageCount,
    documents,
    faq: await searchFaq(ctx, room, terms),
  };
}

const resultCountOf = (results: { pageCount: number; faq: unknown[] }) =>
  results.pageCount + results.faq.length;

export async function searchRoom(
  ctx: AppContext,
  user: RoomUser,
  roomId: string,
  query: string,
): Promise<SearchResults> {
  const room = await requireReadableRoom(ctx, invitationsOfRooms, user, roomId);
  const results = await searchReadable(ctx, room, query);
  if (!room.readerManagesRoom)
    await recordSearch(ctx, room.id, { userId: user.id }, query, resultCountOf(results));
  return results;
}

/** The invited view's search: an invitation link's holder, before they sign in. */
export async function searchInvitedRoom(
  ctx: AppContext,
  invitationLinks: InvitationLinks,
  token: string,
  query: string,
): Promise<SearchResults> {
  const { room, invitation, readerAccess } = await requireInvitedRoom(
    ctx,
    invitationsOfRooms,
    invitationLinks,
    token,
  );
  const results = await searchReadable(ctx, { ...room, readerManagesRoom: false, readerAccess }, query);
  const searcher: Searcher = { invitationId: invitation.id };
  await recordSearch(ctx, room.id, searcher, query, resultCountOf(results));
  return results;
}

/**
 * The founders' search of their own room: every document, each with the sections that link it and the
 * groups that may read it and may not (each group's access built as its investors' is).
 */
export async function searchAsManager(
  ctx: AppContext,
  user: RoomUser,
  query: string,
): Promise<ManagerSearchResults> {
  const room = await requireManagedRoom(ctx, user);
  const terms = parseSearchQuery(query);
  const titles = await readableTitles(ctx, room, MANAGERS_ACCESS);
  const { documents, pageCount } = await searchDocuments(ctx, room.id, titles, terms);
  const parsed = await parsedSectionsOf(ctx, room);
  const ids = documents.map((document) => document.documentId);
  const groups: { id: string; name: string; hidden: ReadonlySet<string> }[] = [];
  for (const group of await listGroups(ctx.db, room.id)) {
    const access = await audienceAccessOf(ctx, room.id, {
      group: { id: group.id, isViewOnly: group.isViewOnly },
    });
    groups.push({
      id: group.id,
      name: group.name,
      hidden: access ? hiddenDocumentIdsOf(parsed, access, ids) : new Set(ids),
    });
  }
  const managerRoom: ReadableRoom = { ...room, readerManagesRoom: true, readerAccess: MANAGERS_ACCESS };
  return {
    query,
    words: highlightWordsOf(terms),
    pageCount,
    documents: documents.map((document) => ({
      ...document,
      sections: parsed.sections
        .filter((section) => section.documents.some((link) => link.documentId === document.documentId))
        .map((section) => section.name),
      visibleToGroups: groups
        .filter((group) => !group.hidden.has(document.documentId))
        .map(({ id, name }) => ({ id, name })),
      hiddenFromGroups: groups
        .filter((group) => group.hidden.has(document.documentId))
        .map(({ id, name }) => ({ id, name })),
    })),
    faq: await searchFaq(ctx, managerRoom, terms),
  };
}

/** Passages per document at most: the best few passages should not all be one document's. */
const PASSAGES_PER_DOCUMENT = 2;

/** The passages and published answers that may answer a question, best first. */
async function answerOf(
  ctx: AppContext,
  room: ReadableRoom,
  question: string,
): Promise<Omit<RoomAnswer, 'canAsk'>> {
  const terms = questionTermsOf(question);
  const dialect = ctx.config.database.dialect;
  const titles = await readableTitles(ctx, room, room.readerAccess);
  const matches = await findMatchingPages(ctx.db, dialect, room.id, [...titles.keys()], terms, 'any');
  const perDocument = new Map<string, number>();
  const chosen = matches
    .filter((match) => {
      const taken = perDocument.get(match.documentId) ?? 0;
      perDocument.set(match.documentId, taken + 1);
      return taken < PASSAGES_PER_DOCUMENT;
    })
    .slice(0, MAX_ASK_PASSAGES);
  const snippets = await snippetsOf(ctx, chosen, terms);
  const passages: Passage[] = chosen.map((match) => ({
    documentId: match.documentId,
    title: titles.get(match.documentId) ?? '',
    page: match.page,
    snippet: snippets.get(snippetKey(match.documentId, match.page)) ?? [],
  }));
  // A published answer counts when it holds at least half of the question's words.
  const enough = Math.max(1, Math.ceil(terms.length / 2));
  const faq =
    terms.length === 0
      ? []
      : (await readableFaqEntries(ctx, room))
          .map((entry) => ({
            entry,
            matched: termsHeldBy(entry, terms),
          }))
          .filter(({ matched }) => matched >= enough)
          .sort((a, b) => b.matched - a.matched)
          .slice(0, MAX_ASK_FAQ_ENTRIES)
          .map(({ entry }) => faqResultOf(entry, terms));
  return { question, passages, faq };
}

/** "Ask the room": the passages that may answer the question, before it goes to the founders. */
export async function askTheRoom(
  ctx: AppContext,
  user: RoomUser,
  roomId: string,
  question: string,
): Promise<RoomAnswer> {
  const room = await requireReadableRoom(ctx, invitationsOfRooms, user, roomId);
  const answer = await answerOf(ctx, room, question);
  if (!room.readerManagesRoom)
    await recordSearch(
      ctx,
      room.id,
      { userId: user.id },
      question,
      answer.passages.length + answer.faq.length,
    );
  return { ...answer, canAsk: await canAsk(ctx, room) };
}

const passageText = (snippet: Passage['snippet']) =>
  snippet
    .map((piece) => piece.text)
    .join('')
    .trim();

/**
 * "Didn't find it? Ask the founders": the question goes to the Q&A inbox about the room, with the
 * passages the room answered it with, found again here (never taken from the request: the founders read
 * what the room showed, not what a client says it showed).
 */
export async function askTheFounders(
  ctx: AppContext,
  user: RoomUser,
  roomId: string,
  question: string,
  request: SearchRequest,
): Promise<MyQuestion> {
  const room = await requireReadableRoom(ctx, invitationsOfRooms, user, roomId);
  const { passages } = await answerOf(ctx, room, question);
  const seen: SeenPassage[] = passages.map((passage) => ({
    documentId: passage.documentId,
    title: passage.title,
    page: passage.page,
    text: passageText(passage.snippet),
  }));
  return askQuestion(ctx, user, roomId, { about: { kind: 'room' }, text: question }, request, seen);
}

/** What the search box tells a reader: whether the founders see the words they search for. */
export async function searchNotice(ctx: AppContext, user: RoomUser, roomId: string): Promise<SearchNotice> {
  const room = await requireReadableRoom(ctx, invitationsOfRooms, user, roomId);
  return { areQueriesVisibleToFounders: await areQueriesVisible(ctx, room.id) };
}

export async function invitedSearchNotice(
  ctx: AppContext,
  invitationLinks: InvitationLinks,
  token: string,
): Promise<SearchNotice> {
  const { room } = await requireInvitedRoom(ctx, invitationsOfRooms, invitationLinks, token);
  return { areQueriesVisibleToFounders: await areQueriesVisible(ctx, room.id) };
}
