import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { groupRoutes as routes } from '#shared/contracts/groups';
import {
  changeGroup,
  createGroup,
  listRoomGroups,
  moveInvestor,
  removeGroup,
  setInvestorAccess,
  setSectionVisibility,
} from './groups.service';
import type { InvestorDirectory } from './room-invitations';

/**
 * The room's investor groups, managed by its owner and co-founders (docs/decisions/0068-investor-groups.md).
 * Anyone else gets 403, as on every console route.
 */
export function groupsRoutes(ctx: AppContext, directory: InvestorDirectory): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.list, {
      handler: async (request) => listRoomGroups(ctx, directory, requireUser(request)),
    });
    serveRoute(app, routes.create, {
      handler: async (request, reply) =>
        reply.status(201).send(await createGroup(ctx, requireUser(request), request.body)),
    });
    serveRoute(app, routes.update, {
      handler: async (request) => changeGroup(ctx, requireUser(request), request.params.id, request.body),
    });
    serveRoute(app, routes.remove, {
      handler: async (request, reply) => {
        await removeGroup(ctx, requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
    serveRoute(app, routes.moveInvestor, {
      handler: async (request) => moveInvestor(ctx, directory, requireUser(request), request.body),
    });
    serveRoute(app, routes.setInvestorAccess, {
      handler: async (request) => setInvestorAccess(ctx, directory, requireUser(request), request.body),
    });
    serveRoute(app, routes.setSectionVisibility, {
      handler: async (request) => setSectionVisibility(ctx, directory, requireUser(request), request.body),
    });
  };
}
