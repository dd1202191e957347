import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { HttpError } from '#server/plugins/errors';
import { authRateLimit } from '#server/plugins/rate-limits';
import { errorResponses } from '#server/plugins/response-contracts';
import {
  investorMessageRequestSchema,
  investorMessageSentSchema,
  investorMessagesStateSchema,
  investorMessageTooSoonSchema,
  notificationSettingsRequestSchema,
  notificationSettingsSchema,
  unsubscribeDetailsSchema,
  unsubscribeQuerySchema,
  unsubscribeRequestSchema,
} from '#shared/contracts/notifications';
import {
  getNotificationSettings,
  investorMessagesState,
  saveNotificationSettings,
  sendInvestorMessage,
  unsubscribe,
  unsubscribeDetails,
} from './notifications.service';

/**
 * The founder's notification setting, the one-click unsubscribe, and "Notify investors"
 * (docs/decisions/0044-founder-notifications.md).
 */
export function notificationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const ownerOnly = errorResponses(401, 403, 404);
  const byToken = errorResponses(404);
  return async (app) => {
    app.get(
      '/api/my-data-room/notifications',
      { schema: { response: { 200: notificationSettingsSchema, ...ownerOnly } } },
      async (request) => getNotificationSettings(ctx, requireUser(request)),
    );
    app.post(
      '/api/my-data-room/notifications',
      {
        schema: {
          body: notificationSettingsRequestSchema,
          response: { 200: notificationSettingsSchema, ...ownerOnly },
        },
      },
      async (request) =>
        saveNotificationSettings(ctx, requireUser(request), request.body.founderNotifications),
    );

    app.get(
      '/api/my-data-room/investor-messages',
      { schema: { response: { 200: investorMessagesStateSchema, ...ownerOnly } } },
      async (request) => investorMessagesState(ctx, requireUser(request)),
    );
    app.post(
      '/api/my-data-room/investor-messages',
      {
        schema: {
          body: investorMessageRequestSchema,
          response: { 202: investorMessageSentSchema, 429: investorMessageTooSoonSchema, ...ownerOnly },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await sendInvestorMessage(ctx, requireUser(request), request.body)),
    );

    // The unsubscribe link works without signing in: the token is the only credential, and it can only
    // turn the founder's notifications for its room off. Rate-limited like the other token routes.
    const limited = { config: { rateLimit: authRateLimit(ctx.config) } };
    app.get(
      '/api/notifications/unsubscribe',
      {
        ...limited,
        schema: {
          querystring: unsubscribeQuerySchema,
          response: { 200: unsubscribeDetailsSchema, ...byToken },
        },
      },
      async (request) => unsubscribeDetails(ctx, request.query.token),
    );
    app.post(
      '/api/notifications/unsubscribe',
      {
        ...limited,
        schema: { body: unsubscribeRequestSchema, response: { 200: unsubscribeDetailsSchema, ...byToken } },
      },
      async (request) => unsubscribe(ctx, request.body.token),
    );

    // RFC 8058 one-click: mail providers POST `List-Unsubscribe=One-Click` (a form) to the header's URL,
    // which is also the page a browser opens with GET (the web app's /unsubscribe, which asks first).
    await app.register(async (oneClick) => {
      oneClick.addContentTypeParser(
        ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
        { parseAs: 'string', bodyLimit: 4096 },
        (_request, body, done) => done(null, body),
      );
      oneClick.post(
        '/unsubscribe',
        {
          ...limited,
          schema: {
            querystring: z.object({ token: z.string().optional() }),
            response: { 200: z.string(), 404: z.string() },
          },
        },
        async (request, reply) => {
          reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store');
          const token = unsubscribeQuerySchema.safeParse(request.query);
          try {
            if (!token.success) throw new HttpError(404, 'unsubscribe_link_invalid', '');
            const done = await unsubscribe(ctx, token.data.token);
            return reply
              .status(200)
              .send(
                `Unsubscribed: ${done.email} gets no more notifications about the ${done.companyName} data room.\n`,
              );
          } catch (error) {
            if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
            return reply.status(404).send(`${error.message || 'This unsubscribe link is not valid.'}\n`);
          }
        },
      );
    });
  };
}
