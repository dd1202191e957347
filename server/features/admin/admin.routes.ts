import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { listInvitations } from '#server/features/invitations/index';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { adminRoutes as routes } from '#shared/contracts/admin';
import { recentAccess, recentDocuments, roomSections, roomUsers } from './admin.service';

/**
 * The dashboard's data (docs/product-rules.md#room-access: every /api/admin route requires a manager of
 * the room, its owner or an editor).
 */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.users, { handler: async (request) => roomUsers(ctx, requireUser(request)) });
    serveRoute(app, routes.invitations, {
      handler: async (request) => listInvitations(ctx, requireUser(request)),
    });
    serveRoute(app, routes.sections, { handler: async (request) => roomSections(ctx, requireUser(request)) });
    serveRoute(app, routes.recentDocuments, {
      handler: async (request) => recentDocuments(ctx, requireUser(request)),
    });
    serveRoute(app, routes.recentAccess, {
      handler: async (request) => recentAccess(ctx, requireUser(request)),
    });
  };
}
