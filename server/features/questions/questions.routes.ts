import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { serveOneClickUnsubscribe } from '#server/features/notifications/index';
import type { InvitationLinks, RoomActivity } from '#server/features/rooms/index';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { authRateLimit } from '#server/plugins/rate-limits';
import { questionRoutes as routes } from '#shared/contracts/questions';
import { href } from '#shared/routes';
import { answerMailsUnsubscribeDetails, unsubscribeFromAnswerMails } from './answer-mails.service';
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
export function questionsRoutes(
  ctx: AppContext,
  invitationLinks: InvitationLinks,
  activity: RoomActivity,
): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.ask, {
      config: { servesOneRoomSessions: true },
      handler: async (request, reply) => {
        const user = requireUser(request);
        const asked = await askQuestion(ctx, user, request.params.id, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        // For the founders' alerts: that a question was asked, never its words (ADR 90). Not an action
        // for the hourly digest, which tells reading: the question has its own notice (ADR 82).
        await activity.record({
          roomId: request.params.id,
          visitor: { userId: user.id },
          isAction: false,
          event: { kind: 'asked' },
        });
        return reply.status(201).send(asked);
      },
    });
    serveRoute(app, routes.mine, {
      config: { servesOneRoomSessions: true },
      handler: async (request) => listMyQuestions(ctx, requireUser(request), request.params.id),
    });
    serveRoute(app, routes.markSeen, {
      config: { servesOneRoomSessions: true },
      handler: async (request) =>
        markMyAnswersSeen(ctx, requireUser(request), request.params.id, request.body.documentId),
    });
    serveRoute(app, routes.faq, {
      config: { servesOneRoomSessions: true },
      handler: async (request) => roomFaq(ctx, requireUser(request), request.params.id, request.query),
    });
    serveRoute(app, routes.invitedFaq, {
      handler: async (request) => invitedRoomFaq(ctx, invitationLinks, request.params.token, request.query),
    });
    serveRoute(app, routes.ofDocument, {
      config: { servesOneRoomSessions: true },
      handler: async (request) => documentQuestions(ctx, requireUser(request), request.params.id),
    });

    serveRoute(app, routes.inbox, {
      handler: async (request) => questionInbox(ctx, requireUser(request), request.query),
    });
    serveRoute(app, routes.reply, {
      handler: async (request) =>
        replyPrivately(ctx, requireUser(request), request.params.id, request.body.answer),
    });
    serveRoute(app, routes.publish, {
      handler: async (request) => publishAnswer(ctx, requireUser(request), request.params.id, request.body),
    });
    serveRoute(app, routes.editPublished, {
      handler: async (request) => editPublished(ctx, requireUser(request), request.params.id, request.body),
    });
    serveRoute(app, routes.withdraw, {
      handler: async (request) => withdrawPublished(ctx, requireUser(request), request.params.id),
    });
    serveRoute(app, routes.byPage, {
      handler: async (request) => questionsByPage(ctx, requireUser(request)),
    });
    serveRoute(app, routes.settings, {
      handler: async (request) => questionSettings(ctx, requireUser(request)),
    });
    serveRoute(app, routes.saveSettings, {
      handler: async (request) => saveQuestionSettings(ctx, requireUser(request), request.body.isEnabled),
    });

    // The unsubscribe link of an asker's answer mail works without signing in: its token is the only
    // credential, and it stops only that reader's answer mails about its room (ADR 92).
    const limited = { config: { rateLimit: authRateLimit(ctx.config) } };
    serveRoute(app, routes.answerMailsUnsubscribeDetails, {
      ...limited,
      handler: async (request) => answerMailsUnsubscribeDetails(ctx, request.query.token),
    });
    serveRoute(app, routes.unsubscribeAnswerMails, {
      ...limited,
      handler: async (request) => unsubscribeFromAnswerMails(ctx, request.body.token),
    });
    await serveOneClickUnsubscribe(app, ctx, href('answerMailsUnsubscribe'), async (token) => {
      const done = await unsubscribeFromAnswerMails(ctx, token);
      return `Unsubscribed: ${done.email} gets no more e-mails about answers in the ${done.companyName} data room.`;
    });
  };
}
