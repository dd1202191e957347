import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { webhookRoutes as routes } from '#shared/contracts/webhooks';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhookEndpoint,
} from './webhooks.service';

/**
 * The room's webhook endpoints, for its managers (owner and editors, ADR 47): list, add, change, delete,
 * rotate the secret, send a test event, read the delivery log (docs/decisions/0052-webhooks.md).
 */
export function webhooksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.endpoints, {
      handler: async (request) => listWebhookEndpoints(ctx, requireUser(request)),
    });
    serveRoute(app, routes.addEndpoint, {
      handler: async (request, reply) =>
        reply.status(201).send(await createWebhookEndpoint(ctx, requireUser(request), request.body)),
    });
    serveRoute(app, routes.updateEndpoint, {
      handler: async (request) =>
        updateWebhookEndpoint(ctx, requireUser(request), request.params.id, request.body),
    });
    serveRoute(app, routes.removeEndpoint, {
      handler: async (request, reply) => {
        await deleteWebhookEndpoint(ctx, requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
    serveRoute(app, routes.rotateSecret, {
      handler: async (request) => rotateWebhookSecret(ctx, requireUser(request), request.params.id),
    });
    serveRoute(app, routes.sendTest, {
      handler: async (request, reply) =>
        reply
          .status(202)
          .send({ delivery: await sendTestWebhook(ctx, requireUser(request), request.params.id) }),
    });
    serveRoute(app, routes.deliveries, {
      handler: async (request) => listWebhookDeliveries(ctx, requireUser(request), request.params.id),
    });
  };
}
