import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { alertRoutes as routes } from '#shared/contracts/alerts';
import {
  addAlertTarget,
  getAlertSettings,
  removeAlertTarget,
  saveAlertSettings,
  testAlertTarget,
  updateAlertTarget,
} from './alerts.service';

/**
 * The room's alert settings, for its managers (owner and co-founders, ADR 47): what deserves an alert,
 * the mail, the Slack and Teams targets and their test (docs/decisions/0090-alerts-within-a-minute.md).
 * Cookie sessions only: an API token could point the room's alerts at any URL, so none may (ADR 90).
 */
export function alertsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.settings, {
      handler: async (request) => getAlertSettings(ctx, requireUser(request)),
    });
    serveRoute(app, routes.saveSettings, {
      handler: async (request) => saveAlertSettings(ctx, requireUser(request), request.body),
    });
    serveRoute(app, routes.addTarget, {
      handler: async (request, reply) =>
        reply.status(201).send(await addAlertTarget(ctx, requireUser(request), request.body)),
    });
    serveRoute(app, routes.updateTarget, {
      handler: async (request) =>
        updateAlertTarget(ctx, requireUser(request), request.params.id, request.body),
    });
    serveRoute(app, routes.removeTarget, {
      handler: async (request, reply) => {
        await removeAlertTarget(ctx, requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
    serveRoute(app, routes.testTarget, {
      handler: async (request) => testAlertTarget(ctx, requireUser(request), request.params.id),
    });
  };
}
