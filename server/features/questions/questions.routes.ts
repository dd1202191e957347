import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import type { InvitationLinks } from '#server/features/rooms/index';
import { requireUser } from '#server/plugins/auth';
import { errorResponses, ndaGated } from '#server/plugins/response-contracts';
import { documentIdParamsSchema } from '#shared/contracts/documents';
import {
  askQuestionRequestSchema,
  documentQuestionsSchema,
  editPublishedRequestSchema,
  faqQuerySchema,
  inboxQuerySchema,
  inboxQuestionSchema,
  markAnswersSeenRequestSchema,
  myQuestionSchema,
  myQuestionsSchema,
  publishRequestSchema,
  questionIdParamsSchema,
  questionInboxSchema,
  questionSettingsRequestSchema,
  questionSettingsSchema,
  questionsByPageSchema,
  replyRequestSchema,
  roomFaqSchema,
} from '#shared/contracts/questions';
import { inviteTokenParamsSchema, roomIdParamsSchema } from '#shared/contracts/rooms';
import {
  askQuestion,
  documentQuestions,
  editPublished,
  invitedRoomFaq,
  listMyQuestions,
  markMyAnswersSeen,
  publishAnswer,
  questionInbox,
  questionSettings,
  questionsByPage,
  replyPrivately,
  roomFaq,
  saveQuestionSettings,
  withdrawPublished,
} from './questions.service';

/**
 * Questions and answers (docs/decisions/0073-questions-and-answers.md). A room's readers ask and read
 * by the readability rule: anyone who may not read the room, or the section or document a question is
 * about, gets the 404 of something that does not exist, and 403 nda_required before accepting its NDA.
 * The inbox and the answers are the console's: its owner and co-founders, 403 for anyone else.
 */
export function questionsRoutes(ctx: AppContext, invitationLinks: InvitationLinks): FastifyPluginAsyncZod {
  const memberRead = { ...errorResponses(400, 401, 404), ...ndaGated };
  const console = errorResponses(400, 401, 403, 404, 409);
  return async (app) => {
    app.post(
      '/api/data-room/:id/questions',
      {
        config: { servesOneRoomSessions: true },
        schema: {
          params: roomIdParamsSchema,
          body: askQuestionRequestSchema,
          response: { 201: myQuestionSchema, ...memberRead, ...errorResponses(409, 429), ...ndaGated },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await askQuestion(ctx, requireUser(request), request.params.id, request.body, {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          }),
        ),
    );
    app.get(
      '/api/data-room/:id/questions',
      {
        config: { servesOneRoomSessions: true },
        schema: { params: roomIdParamsSchema, response: { 200: myQuestionsSchema, ...memberRead } },
      },
      async (request) => listMyQuestions(ctx, requireUser(request), request.params.id),
    );
    app.post(
      '/api/data-room/:id/questions/seen',
      {
        config: { servesOneRoomSessions: true },
        schema: {
          params: roomIdParamsSchema,
          body: markAnswersSeenRequestSchema,
          response: { 200: myQuestionsSchema, ...memberRead },
        },
      },
      async (request) =>
        markMyAnswersSeen(ctx, requireUser(request), request.params.id, request.body.documentId),
    );
    app.get(
      '/api/data-room/:id/faq',
      {
        config: { servesOneRoomSessions: true },
        schema: {
          params: roomIdParamsSchema,
          querystring: faqQuerySchema,
          response: { 200: roomFaqSchema, ...memberRead },
        },
      },
      async (request) => roomFaq(ctx, requireUser(request), request.params.id, request.query),
    );
    app.get(
      '/api/data-room/invite/:token/faq',
      {
        schema: {
          params: inviteTokenParamsSchema,
          querystring: faqQuerySchema,
          response: { 200: roomFaqSchema, ...errorResponses(400, 404), ...ndaGated },
        },
      },
      async (request) => invitedRoomFaq(ctx, invitationLinks, request.params.token, request.query),
    );
    app.get(
      '/api/documents/:id/questions',
      {
        config: { servesOneRoomSessions: true },
        schema: { params: documentIdParamsSchema, response: { 200: documentQuestionsSchema, ...memberRead } },
      },
      async (request) => documentQuestions(ctx, requireUser(request), request.params.id),
    );

    app.get(
      '/api/my-data-room/questions',
      { schema: { querystring: inboxQuerySchema, response: { 200: questionInboxSchema, ...console } } },
      async (request) => questionInbox(ctx, requireUser(request), request.query),
    );
    app.post(
      '/api/my-data-room/questions/:id/reply',
      {
        schema: {
          params: questionIdParamsSchema,
          body: replyRequestSchema,
          response: { 200: inboxQuestionSchema, ...console },
        },
      },
      async (request) => replyPrivately(ctx, requireUser(request), request.params.id, request.body.answer),
    );
    app.post(
      '/api/my-data-room/questions/:id/publish',
      {
        schema: {
          params: questionIdParamsSchema,
          body: publishRequestSchema,
          response: { 200: inboxQuestionSchema, ...console },
        },
      },
      async (request) => publishAnswer(ctx, requireUser(request), request.params.id, request.body),
    );
    app.post(
      '/api/my-data-room/questions/:id/published',
      {
        schema: {
          params: questionIdParamsSchema,
          body: editPublishedRequestSchema,
          response: { 200: inboxQuestionSchema, ...console },
        },
      },
      async (request) => editPublished(ctx, requireUser(request), request.params.id, request.body),
    );
    app.delete(
      '/api/my-data-room/questions/:id/published',
      { schema: { params: questionIdParamsSchema, response: { 200: inboxQuestionSchema, ...console } } },
      async (request) => withdrawPublished(ctx, requireUser(request), request.params.id),
    );
    app.get(
      '/api/my-data-room/questions/by-page',
      { schema: { response: { 200: questionsByPageSchema, ...errorResponses(401, 403) } } },
      async (request) => questionsByPage(ctx, requireUser(request)),
    );
    app.get(
      '/api/my-data-room/question-settings',
      { schema: { response: { 200: questionSettingsSchema, ...errorResponses(401, 403) } } },
      async (request) => questionSettings(ctx, requireUser(request)),
    );
    app.post(
      '/api/my-data-room/question-settings',
      {
        schema: {
          body: questionSettingsRequestSchema,
          response: { 200: questionSettingsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => saveQuestionSettings(ctx, requireUser(request), request.body.isEnabled),
    );
  };
}
