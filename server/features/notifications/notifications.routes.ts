import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { HttpError } from '#server/plugins/errors';
import { authRateLimit } from '#server/plugins/rate-limits';
import { notificationRoutes as routes, unsubscribeQuerySchema } from '#shared/contracts/notifications';
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
  return async (app) => {
    serveRoute(app, routes.settings, {
      handler: async (request) => getNotificationSettings(ctx, requireUser(request)),
    });
    serveRoute(app, routes.saveSettings, {
      handler: async (request) =>
        saveNotificationSettings(ctx, requireUser(request), request.body.founderNotifications),
    });

    serveRoute(app, routes.investorMessages, {
      handler: async (request) => investorMessagesState(ctx, requireUser(request)),
    });
    serveRoute(app, routes.sendInvestorMessage, {
      handler: async (request, reply) =>
        reply.status(202).send(await sendInvestorMessage(ctx, requireUser(request), request.body)),
    });

    // The unsubscribe link works without signing in: the token is the only credential, and it can only
    // turn the founder's notifications for its room off. Rate-limited like the other token routes.
    const limited = { config: { rateLimit: authRateLimit(ctx.config) } };
    serveRoute(app, routes.unsubscribeDetails, {
      ...limited,
      handler: async (request) => unsubscribeDetails(ctx, request.query.token),
    });
    serveRoute(app, routes.unsubscribe, {
      ...limited,
      handler: async (request) => unsubscribe(ctx, request.body.token),
    });

    // RFC 8058 one-click: mail providers POST `List-Unsubscribe=One-Click` (a form) to the header's URL,
    // which is also the page a browser opens with GET (the web app's /unsubscribe, which asks first).
    // Not an /api route, so not in shared/contracts nor the API's description: a mail header's address.
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
