import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { authRateLimit } from '#server/plugins/rate-limits';
import { notificationRoutes as routes } from '#shared/contracts/notifications';
import { href } from '#shared/routes';
import {
  getNotificationSettings,
  investorMessagesState,
  saveNotificationSettings,
  sendInvestorMessage,
  unsubscribe,
  unsubscribeDetails,
} from './notifications.service';
import { serveOneClickUnsubscribe } from './one-click-unsubscribe';

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

    // RFC 8058 one-click, at the page's own address (one-click-unsubscribe.ts).
    await serveOneClickUnsubscribe(app, ctx, href('unsubscribe'), async (token) => {
      const done = await unsubscribe(ctx, token);
      return `Unsubscribed: ${done.email} gets no more notifications about the ${done.companyName} data room.`;
    });
  };
}
