import { z } from 'zod';
import { apiRoute } from './api-route';
import { isoDateTime, multilineText, requiredText } from './fields';
import { ndaGated } from './nda';
import { unsubscribeDetailsSchema, unsubscribeQuerySchema, unsubscribeRequestSchema } from './notifications';
import { documentIdParamsSchema, inviteTokenParamsSchema, roomIdParamsSchema } from './path-params';

/**
 * Questions and answers inside the room (docs/decisions/0073-questions-and-answers.md): an investor asks
 * about the room, a section or a page of a document; the room's managers answer privately or publish the
 * answer to the room's FAQ, which never names who asked. Questions are room content: each follows the
 * readability rule (a question about a section or document the reader cannot read now does not exist for
 * them; docs/product-rules.md#questions).
 */

export const MAX_QUESTION_LENGTH = 4000;
export const MAX_ANSWER_LENGTH = 10_000;
/** A reader asks at most this many questions of one room in a day, and this many in all. */
export const MAX_QUESTIONS_PER_READER_PER_DAY = 50;
export const MAX_QUESTIONS_PER_READER = 1000;
export const INBOX_PAGE_SIZE = 50;
export const MAX_FAQ_SEARCH_LENGTH = 200;

export const questionStates = ['open', 'answered', 'published'] as const;
export type QuestionState = (typeof questionStates)[number];

const questionText = (label: string) =>
  multilineText(MAX_QUESTION_LENGTH, { trim: true }).refine(
    (text) => text.length > 0,
    `is required: write the ${label}`,
  );
const answerText = multilineText(MAX_ANSWER_LENGTH, { trim: true }).refine(
  (text) => text.length > 0,
  'is required: write the answer',
);
const documentId = z.uuid({ error: 'must be a document id' });

/** What a question is about, as the asker names it: the room, a section by its name, or a document's page. */
export const questionSubjectRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('room') }),
    z.strictObject({
      kind: z.literal('section'),
      section: requiredText(200, 'is required: name the section'),
    }),
    z.strictObject({
      kind: z.literal('document'),
      documentId,
      /** 1 to the page count of the document's current version; left out for the whole document. */
      page: z.int({ error: 'must be a page number' }).min(1, 'must be 1 or more').optional(),
    }),
  ],
  { error: 'must be {"kind": "room"}, {"kind": "section", ...} or {"kind": "document", ...}' },
);
export type QuestionSubjectRequest = z.infer<typeof questionSubjectRequestSchema>;

/** What a question is about, as answers show it (a document's title as it is now). */
export const questionSubjectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('room') }),
  z.object({ kind: z.literal('section'), section: z.string() }),
  z.object({
    kind: z.literal('document'),
    documentId: z.uuid(),
    documentTitle: z.string(),
    page: z.int().nullable(),
  }),
]);
export type QuestionSubject = z.infer<typeof questionSubjectSchema>;

export const askQuestionRequestSchema = z.strictObject({
  about: questionSubjectRequestSchema,
  text: questionText('question'),
});
export type AskQuestionRequest = z.infer<typeof askQuestionRequestSchema>;

/** One of the reader's own questions, with its answer once there is one. */
export const myQuestionSchema = z.object({
  id: z.uuid(),
  about: questionSubjectSchema,
  /** As the reader wrote it: stored and answered as plain text, never markup. */
  text: z.string(),
  state: z.enum(questionStates),
  /** The answer (the published one once published); null while open. */
  answer: z.string().nullable(),
  askedAt: isoDateTime,
  answeredAt: isoDateTime.nullable(),
  /** Answered (or its answer changed) since the reader last marked their answers seen: the web's badge. */
  isAnswerUnseen: z.boolean(),
});
export type MyQuestion = z.infer<typeof myQuestionSchema>;

export const myQuestionsSchema = z.object({
  questions: z.array(myQuestionSchema),
  unseenAnswers: z.int(),
  /** Whether the room takes questions now (its founders may turn them off; the FAQ stays readable). */
  canAsk: z.boolean(),
});
export type MyQuestions = z.infer<typeof myQuestionsSchema>;

/** Marks the reader's answers seen: all of the room's, or one document's. */
export const markAnswersSeenRequestSchema = z.strictObject({ documentId: documentId.optional() });
export type MarkAnswersSeenRequest = z.infer<typeof markAnswersSeenRequestSchema>;

/** A published question and its answer: never who asked. */
export const faqEntrySchema = z.object({
  id: z.uuid(),
  about: questionSubjectSchema,
  /** The wording the founder published (perhaps edited from the asker's). */
  question: z.string(),
  answer: z.string(),
  publishedAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type FaqEntry = z.infer<typeof faqEntrySchema>;

export const roomFaqSchema = z.object({ entries: z.array(faqEntrySchema), canAsk: z.boolean() });
export type RoomFaq = z.infer<typeof roomFaqSchema>;

export const faqQuerySchema = z.object({
  q: z
    .string({ error: 'must be text' })
    .trim()
    .max(MAX_FAQ_SEARCH_LENGTH, `must be at most ${MAX_FAQ_SEARCH_LENGTH} characters`)
    .optional(),
  documentId: documentId.optional(),
});
export type FaqQuery = z.infer<typeof faqQuerySchema>;

/** A document's questions in the viewer: the reader's own, and the published ones, each with its page. */
export const documentQuestionsSchema = z.object({
  mine: z.array(myQuestionSchema),
  published: z.array(faqEntrySchema),
  canAsk: z.boolean(),
});
export type DocumentQuestions = z.infer<typeof documentQuestionsSchema>;

/**
 * A passage "Ask the room" showed the reader before they sent their question to the founders
 * (docs/decisions/0088-search-inside-every-page.md): the page, and its words as the reader saw them.
 */
export const seenPassageSchema = z.object({
  documentId: z.uuid(),
  title: z.string(),
  page: z.int(),
  text: z.string(),
});
export type SeenPassage = z.infer<typeof seenPassageSchema>;

/** A question in the managers' inbox: who asked, from which group and firm. */
const inboxQuestionExample = {
  id: '3b0f1c52-7a4e-4d2b-9c1e-5f6a7b8c9d0e',
  about: {
    kind: 'document' as const,
    documentId: '8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b',
    documentTitle: 'Pitch deck',
    page: 14,
  },
  text: 'What is in the other-income line on page 14?',
  state: 'published' as const,
  asker: { userId: '5c2e8f1a-3b4d-4e6f-8a9b-0c1d2e3f4a5b', email: 'ivy@fund.example', name: 'Ivy Investor' },
  firm: 'fund.example',
  group: { id: '6f1c2f4e-5b8a-4d36-9d7e-1d2f3a4b5c6d', name: 'Diligence' },
  answer: 'Interest earned on our cash.',
  publishedQuestion: 'What is in the other-income line of the deck?',
  askedAt: '2026-11-25T09:30:00.000Z',
  answeredAt: '2026-11-25T11:02:00.000Z',
  publishedAt: '2026-11-25T11:02:00.000Z',
  passages: [],
};

export const inboxQuestionSchema = z
  .object({
    id: z.uuid(),
    about: questionSubjectSchema,
    text: z.string(),
    state: z.enum(questionStates),
    asker: z.object({ userId: z.uuid(), email: z.string(), name: z.string() }),
    /** The asker's firm: their address's domain, as analytics groups firms. */
    firm: z.string(),
    /** The asker's group now (null when they are no longer an investor of the room). */
    group: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    answer: z.string().nullable(),
    /** The wording published to the FAQ; null unless published. */
    publishedQuestion: z.string().nullable(),
    askedAt: isoDateTime,
    answeredAt: isoDateTime.nullable(),
    publishedAt: isoDateTime.nullable(),
    /** What "Ask the room" showed the asker before they sent it; empty for a question asked otherwise. */
    passages: z.array(seenPassageSchema),
  })
  .meta({ examples: [inboxQuestionExample] });
export type InboxQuestion = z.infer<typeof inboxQuestionSchema>;

export const inboxQuerySchema = z.object({
  state: z.enum(questionStates, { error: 'must be open, answered or published' }).optional(),
  documentId: documentId.optional(),
  groupId: z.uuid({ error: 'must be a group id' }).optional(),
  firm: z
    .string({ error: 'must be a domain' })
    .trim()
    .toLowerCase()
    .max(253, 'must be at most 253 characters')
    .optional(),
  page: z.coerce
    .number({ error: 'must be a page number' })
    .int('must be a whole page number')
    .min(1, 'must be 1 or more')
    .max(100_000, 'must be at most 100000')
    .optional(),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const questionInboxSchema = z
  .object({
    questions: z.array(inboxQuestionSchema),
    /** How many questions match the filters, in all pages. */
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
    /** The room's questions by state, whatever the filters. */
    counts: z.object({ open: z.int(), answered: z.int(), published: z.int() }),
    /** The firms of the room's askers, whatever the filters: the firm filter's choices. */
    firms: z.array(z.string()),
  })
  .meta({
    examples: [
      {
        questions: [inboxQuestionExample],
        total: 1,
        page: 1,
        pageSize: INBOX_PAGE_SIZE,
        counts: { open: 0, answered: 0, published: 1 },
        firms: ['fund.example'],
      },
    ],
  });
export type QuestionInbox = z.infer<typeof questionInboxSchema>;

export const questionIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a question id' }) });

/** A private reply: only the asker reads it. */
export const replyRequestSchema = z.strictObject({ answer: answerText });
export type ReplyRequest = z.infer<typeof replyRequestSchema>;

/** Publishes to the FAQ, with the question's wording as the founder edited it (never the asker's name). */
export const publishRequestSchema = z.strictObject({
  question: questionText('question'),
  answer: answerText,
});
export type PublishRequest = z.infer<typeof publishRequestSchema>;

/** Edits a published question's wording or answer; the previous text is kept in the edit log. */
export const editPublishedRequestSchema = publishRequestSchema;
export type EditPublishedRequest = z.infer<typeof editPublishedRequestSchema>;

/** The room's "Questions" setting: on by default; off, asking is refused and the FAQ stays readable. */
export const questionSettingsSchema = z.object({ isEnabled: z.boolean() });
export type QuestionSettings = z.infer<typeof questionSettingsSchema>;
export const questionSettingsRequestSchema = z.strictObject({
  isEnabled: z.boolean({ error: 'must be true or false' }),
});

/** Questions per document and per page, for the console's analytics (a null page: the whole document). */
export const questionsByPageSchema = z
  .object({
    documents: z.array(
      z.object({
        documentId: z.uuid(),
        title: z.string(),
        total: z.int(),
        pages: z.array(z.object({ page: z.int().nullable(), count: z.int() })),
      }),
    ),
  })
  .meta({
    examples: [
      {
        documents: [
          {
            documentId: '8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b',
            title: 'Pitch deck',
            total: 3,
            pages: [
              { page: 3, count: 2 },
              { page: 14, count: 1 },
            ],
          },
        ],
      },
    ],
  });
export type QuestionsByPage = z.infer<typeof questionsByPageSchema>;

/**
 * A room's readers ask and read by the readability rule: anyone who may not read the room, or the
 * section or document a question is about, gets the 404 of something that does not exist, and 403
 * nda_required before accepting its NDA.
 */
const memberRead = { refusals: [400, 401, 404], answers: ndaGated } as const;
/** The inbox and the answers are the console's: its owner and co-founders, 403 for anyone else. */
const inConsole = [400, 401, 403, 404, 409] as const;

/** Questions and answers (docs/decisions/0065-query-keys-and-api-routes.md). */
export const questionRoutes = {
  ask: apiRoute('POST', '/api/data-room/:id/questions', {
    params: roomIdParamsSchema,
    body: askQuestionRequestSchema,
    status: 201,
    answer: myQuestionSchema,
    refusals: [400, 401, 404, 409, 429],
    answers: ndaGated,
  }),
  mine: apiRoute('GET', '/api/data-room/:id/questions', {
    params: roomIdParamsSchema,
    answer: myQuestionsSchema,
    ...memberRead,
  }),
  markSeen: apiRoute('POST', '/api/data-room/:id/questions/seen', {
    params: roomIdParamsSchema,
    body: markAnswersSeenRequestSchema,
    answer: myQuestionsSchema,
    ...memberRead,
  }),
  faq: apiRoute('GET', '/api/data-room/:id/faq', {
    params: roomIdParamsSchema,
    query: faqQuerySchema,
    answer: roomFaqSchema,
    ...memberRead,
  }),
  invitedFaq: apiRoute('GET', '/api/data-room/invite/:token/faq', {
    params: inviteTokenParamsSchema,
    query: faqQuerySchema,
    answer: roomFaqSchema,
    refusals: [400, 404],
    answers: ndaGated,
  }),
  ofDocument: apiRoute('GET', '/api/documents/:id/questions', {
    params: documentIdParamsSchema,
    answer: documentQuestionsSchema,
    ...memberRead,
  }),
  inbox: apiRoute('GET', '/api/my-data-room/questions', {
    query: inboxQuerySchema,
    answer: questionInboxSchema,
    refusals: inConsole,
  }),
  reply: apiRoute('POST', '/api/my-data-room/questions/:id/reply', {
    params: questionIdParamsSchema,
    body: replyRequestSchema,
    answer: inboxQuestionSchema,
    refusals: inConsole,
  }),
  publish: apiRoute('POST', '/api/my-data-room/questions/:id/publish', {
    params: questionIdParamsSchema,
    body: publishRequestSchema,
    answer: inboxQuestionSchema,
    refusals: inConsole,
  }),
  editPublished: apiRoute('POST', '/api/my-data-room/questions/:id/published', {
    params: questionIdParamsSchema,
    body: editPublishedRequestSchema,
    answer: inboxQuestionSchema,
    refusals: inConsole,
  }),
  withdraw: apiRoute('DELETE', '/api/my-data-room/questions/:id/published', {
    params: questionIdParamsSchema,
    answer: inboxQuestionSchema,
    refusals: inConsole,
  }),
  byPage: apiRoute('GET', '/api/my-data-room/questions/by-page', {
    answer: questionsByPageSchema,
    refusals: [401, 403],
  }),
  settings: apiRoute('GET', '/api/my-data-room/question-settings', {
    answer: questionSettingsSchema,
    refusals: [401, 403],
  }),
  saveSettings: apiRoute('POST', '/api/my-data-room/question-settings', {
    body: questionSettingsRequestSchema,
    answer: questionSettingsSchema,
    refusals: [400, 401, 403],
  }),
  // The unsubscribe link of an asker's answer mail: its token is the only credential (ADR 92).
  answerMailsUnsubscribeDetails: apiRoute('GET', '/api/questions/unsubscribe', {
    query: unsubscribeQuerySchema,
    answer: unsubscribeDetailsSchema,
    refusals: [404],
  }),
  unsubscribeAnswerMails: apiRoute('POST', '/api/questions/unsubscribe', {
    body: unsubscribeRequestSchema,
    answer: unsubscribeDetailsSchema,
    refusals: [404],
  }),
};
