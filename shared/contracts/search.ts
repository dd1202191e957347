import { z } from 'zod';
import { apiRoute } from './api-route';
import { isoDateTime } from './fields';
import { ndaGated } from './nda';
import { inviteTokenParamsSchema, roomIdParamsSchema } from './path-params';
import { myQuestionSchema, questionSubjectSchema } from './questions';

/**
 * Search inside every page of a room, and "Ask the room" (docs/decisions/0088-search-inside-every-page.md).
 * Each prepared page's text is indexed (scans read by OCR); a reader's search goes through the
 * readability rule, so a page they may not read is neither found nor counted. The room's managers search
 * everything, and see which sections and groups each document found is visible to.
 */

/** A query is one line of at most this many characters: longer is refused (400), never cut. */
export const MAX_SEARCH_LENGTH = 200;
/** At most this many documents are answered, each with at most this many of its best pages. */
export const MAX_SEARCH_DOCUMENTS = 20;
export const MAX_HITS_PER_DOCUMENT = 3;
/** "Ask the room" shows at most this many passages, best first, and this many published answers. */
export const MAX_ASK_PASSAGES = 5;
export const MAX_ASK_FAQ_ENTRIES = 3;

const searchText = (label: string) =>
  z
    .string({ error: `must be text: the ${label}` })
    .trim()
    .min(1, `is required: type the ${label}`)
    .max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`);

export const searchQuerySchema = z.object({ q: searchText('words to search for') });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * Part of a page's text around what was found, in pieces: the matching words are the pieces with
 * `isMatch`. Plain text, never markup: the web draws the highlight.
 */
export const snippetSchema = z.array(z.object({ text: z.string(), isMatch: z.boolean() }));
export type Snippet = z.infer<typeof snippetSchema>;

/** One page found: its number (1 for a document shown as one page: an image, a text or a table). */
export const searchHitSchema = z.object({ page: z.int().min(1), snippet: snippetSchema });
export type SearchHit = z.infer<typeof searchHitSchema>;

export const documentResultSchema = z.object({
  documentId: z.uuid(),
  /** The name the room shows it under. */
  title: z.string(),
  /** How many of its pages match, in all (the hits are the best of them). */
  pageCount: z.int(),
  hits: z.array(searchHitSchema),
});
export type DocumentResult = z.infer<typeof documentResultSchema>;

/** A published question and answer that match, never naming who asked. */
export const faqResultSchema = z.object({
  id: z.uuid(),
  about: questionSubjectSchema,
  question: z.string(),
  answer: snippetSchema,
});
export type FaqResult = z.infer<typeof faqResultSchema>;

const searchResultsExample = {
  query: 'churn',
  words: ['churn'],
  pageCount: 3,
  documents: [
    {
      documentId: '8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b',
      title: 'Pitch deck',
      pageCount: 2,
      hits: [
        {
          page: 7,
          snippet: [
            { text: 'Monthly logo ', isMatch: false },
            { text: 'churn', isMatch: true },
            { text: ' fell to 1.2% in Q3', isMatch: false },
          ],
        },
      ],
    },
  ],
  faq: [],
};

export const searchResultsSchema = z
  .object({
    query: z.string(),
    /** The words searched for, as the index reads them (folded): what the viewer highlights. */
    words: z.array(z.string()),
    /** How many pages match in all, across the documents this reader may read. */
    pageCount: z.int(),
    documents: z.array(documentResultSchema),
    faq: z.array(faqResultSchema),
  })
  .meta({ examples: [searchResultsExample] });
export type SearchResults = z.infer<typeof searchResultsSchema>;

/** Whether the founders see the words a reader searches for: said under the search box. */
export const searchNoticeSchema = z.object({ areQueriesVisibleToFounders: z.boolean() });
export type SearchNotice = z.infer<typeof searchNoticeSchema>;

/** A document found, as its room's managers see it: where it is linked and which groups may read it. */
const groupSchema = z.object({ id: z.uuid(), name: z.string() });
export const managerDocumentResultSchema = documentResultSchema.extend({
  /** The sections whose lists link it (none: it is linked nowhere). */
  sections: z.array(z.string()),
  /** The room's investor groups that may read it now, and those the rule hides it from. */
  visibleToGroups: z.array(groupSchema),
  hiddenFromGroups: z.array(groupSchema),
});
export const managerSearchResultsSchema = searchResultsSchema
  .extend({ documents: z.array(managerDocumentResultSchema) })
  .meta({
    examples: [
      {
        ...searchResultsExample,
        documents: searchResultsExample.documents.map((document) => ({
          ...document,
          sections: ['Financials'],
          visibleToGroups: [{ id: '6f1c2f4e-5b8a-4d36-9d7e-1d2f3a4b5c6d', name: 'Diligence' }],
          hiddenFromGroups: [{ id: '1d2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a5b', name: 'All investors' }],
        })),
      },
    ],
  });
export type ManagerSearchResults = z.infer<typeof managerSearchResultsSchema>;

/** A passage that may answer a question: a page's best snippet, with the page to open. */
export const passageSchema = z.object({
  documentId: z.uuid(),
  title: z.string(),
  page: z.int().min(1),
  snippet: snippetSchema,
});
export type Passage = z.infer<typeof passageSchema>;

export const askQuerySchema = z.object({ q: searchText('question') });
export const roomAnswerSchema = z.object({
  question: z.string(),
  passages: z.array(passageSchema),
  faq: z.array(faqResultSchema),
  /** Whether this reader may send the question to the founders (an investor, in a room taking questions). */
  canAsk: z.boolean(),
});
export type RoomAnswer = z.infer<typeof roomAnswerSchema>;

export const askFoundersRequestSchema = z.strictObject({ question: searchText('question') });
export type AskFoundersRequest = z.infer<typeof askFoundersRequestSchema>;

/** The room's search setting: whether the founders see what investors type. On by default. */
export const searchSettingsSchema = z.object({ areQueriesVisible: z.boolean() });
export type SearchSettings = z.infer<typeof searchSettingsSchema>;
export const searchSettingsRequestSchema = z.strictObject({
  areQueriesVisible: z.boolean({ error: 'must be true or false' }),
});

/** What investors searched for, for Analytics: the words most searched, and those that found nothing. */
export const searchAnalyticsSchema = z
  .object({
    areQueriesVisible: z.boolean(),
    /** Searches in all (the words of those made while the setting was off are not kept). */
    searchCount: z.int(),
    top: z.array(
      z.object({ query: z.string(), count: z.int(), readers: z.int(), lastSearchedAt: isoDateTime }),
    ),
    notFound: z.array(
      z.object({ query: z.string(), count: z.int(), readers: z.int(), lastSearchedAt: isoDateTime }),
    ),
    /** The newest searches, each with who made it: the room's log of searches. */
    recent: z.array(
      z.object({
        /** The reader's name, else their address. */
        reader: z.string(),
        email: z.string(),
        /** Null when the room kept the words out at the time. */
        query: z.string().nullable(),
        resultCount: z.int(),
        searchedAt: isoDateTime,
      }),
    ),
  })
  .meta({
    examples: [
      {
        areQueriesVisible: true,
        searchCount: 12,
        top: [{ query: 'churn', count: 5, readers: 3, lastSearchedAt: '2026-11-25T09:30:00.000Z' }],
        notFound: [
          { query: 'option pool', count: 2, readers: 2, lastSearchedAt: '2026-11-25T10:02:00.000Z' },
        ],
        recent: [
          {
            reader: 'Ivy Investor',
            email: 'ivy@fund.example',
            query: 'option pool',
            resultCount: 0,
            searchedAt: '2026-11-25T10:02:00.000Z',
          },
        ],
      },
    ],
  });
export type SearchAnalytics = z.infer<typeof searchAnalyticsSchema>;

/** A room's readers search by the readability rule: 404 for anyone who may not read it, 403 before its NDA. */
const memberRead = { refusals: [400, 401, 404, 429], answers: ndaGated } as const;

/** Search (docs/decisions/0065-query-keys-and-api-routes.md). */
export const searchRoutes = {
  search: apiRoute('GET', '/api/data-room/:id/search', {
    params: roomIdParamsSchema,
    query: searchQuerySchema,
    answer: searchResultsSchema,
    ...memberRead,
  }),
  notice: apiRoute('GET', '/api/data-room/:id/search/notice', {
    params: roomIdParamsSchema,
    answer: searchNoticeSchema,
    refusals: [400, 401, 404],
    answers: ndaGated,
  }),
  invitedNotice: apiRoute('GET', '/api/data-room/invite/:token/search/notice', {
    params: inviteTokenParamsSchema,
    answer: searchNoticeSchema,
    refusals: [400, 404],
    answers: ndaGated,
  }),
  invitedSearch: apiRoute('GET', '/api/data-room/invite/:token/search', {
    params: inviteTokenParamsSchema,
    query: searchQuerySchema,
    answer: searchResultsSchema,
    refusals: [400, 404, 429],
    answers: ndaGated,
  }),
  ask: apiRoute('GET', '/api/data-room/:id/ask', {
    params: roomIdParamsSchema,
    query: askQuerySchema,
    answer: roomAnswerSchema,
    ...memberRead,
  }),
  askFounders: apiRoute('POST', '/api/data-room/:id/ask', {
    params: roomIdParamsSchema,
    body: askFoundersRequestSchema,
    status: 201,
    answer: myQuestionSchema,
    refusals: [400, 401, 404, 409, 429],
    answers: ndaGated,
  }),
  managerSearch: apiRoute('GET', '/api/my-data-room/search', {
    query: searchQuerySchema,
    answer: managerSearchResultsSchema,
    refusals: [400, 401, 403, 429],
  }),
  analytics: apiRoute('GET', '/api/my-data-room/searches', {
    answer: searchAnalyticsSchema,
    refusals: [401, 403],
  }),
  settings: apiRoute('GET', '/api/my-data-room/search-settings', {
    answer: searchSettingsSchema,
    refusals: [401, 403],
  }),
  saveSettings: apiRoute('POST', '/api/my-data-room/search-settings', {
    body: searchSettingsRequestSchema,
    answer: searchSettingsSchema,
    refusals: [400, 401, 403],
  }),
};
