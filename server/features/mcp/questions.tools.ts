import { z } from 'zod';
import {
  inboxQuerySchema,
  inboxQuestionSchema,
  publishRequestSchema,
  questionIdParamsSchema,
  questionInboxSchema,
  questionRoutes,
  replyRequestSchema,
} from '#shared/contracts/questions';
import { roomTool } from './room-tool';

const questionId = questionIdParamsSchema.shape.id.describe("The question's id, from list_questions.");

/** Investors' questions: the founders' inbox, a private answer, an answer published to the FAQ. */
export const questionTools = [
  roomTool({
    name: 'list_questions',
    title: "Investors' questions",
    description:
      'The questions investors asked in the room, newest first, a page at a time: each with what it is about (the room, a section, or a document and page), its text, its state (open, answered, published), the asker, their firm and group, the answer, and its dates. Filter by state, document, group or firm; counts by state come with every page.',
    route: questionRoutes.inbox,
    input: z.object({
      state: inboxQuerySchema.shape.state.describe('Only questions in this state.'),
      documentId: inboxQuerySchema.shape.documentId.describe('Only questions about this document.'),
      groupId: inboxQuerySchema.shape.groupId.describe("Only questions from this group's investors."),
      firm: inboxQuerySchema.shape.firm.describe("Only questions from this firm's investors (a domain)."),
      page: inboxQuerySchema.shape.page.describe('The page of results, from 1.'),
    }),
    output: questionInboxSchema,
    effect: 'reads',
    run: (api, query) => api.call(questionRoutes.inbox, { query }),
  }),
  roomTool({
    name: 'answer_question',
    title: 'Answer a question privately',
    description:
      'Answers a question privately: only the investor who asked reads the answer, and they are told by e-mail. Answers the question as it now is.',
    route: questionRoutes.reply,
    input: z.object({
      questionId,
      answer: replyRequestSchema.shape.answer.describe('The answer, as plain text.'),
    }),
    output: inboxQuestionSchema,
    effect: 'mails',
    run: (api, { questionId, answer }) =>
      api.call(questionRoutes.reply, { params: { id: questionId }, body: { answer } }),
  }),
  roomTool({
    name: 'publish_answer',
    title: 'Publish a question and its answer',
    description:
      "Publishes a question with its answer to the room's FAQ, which every investor who may read what it is about can read. The question is published in the wording given here (reword it so that it names nobody: the asker is never shown). Answers the question as it now is.",
    route: questionRoutes.publish,
    input: z.object({
      questionId,
      question: publishRequestSchema.shape.question.describe('The question as the FAQ shows it.'),
      answer: publishRequestSchema.shape.answer.describe('The answer, as plain text.'),
    }),
    output: inboxQuestionSchema,
    effect: 'mails',
    run: (api, { questionId, question, answer }) =>
      api.call(questionRoutes.publish, { params: { id: questionId }, body: { question, answer } }),
  }),
];
