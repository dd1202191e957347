import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '#server/db/database';
import { serveRoute } from '#server/plugins/contract-routes';
import { healthRoutes as routes } from '#shared/contracts/health';

export function healthRoutes(database: DatabaseHandle): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.health, {
      handler: async (_request, reply) => {
        const reachable = await database.isReachable();
        reply.header('cache-control', 'no-store');
        return reachable
          ? reply.status(200).send({ status: 'ok', database: 'reachable' })
          : reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
      },
    });
  };
}
