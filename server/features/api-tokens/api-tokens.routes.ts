import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { apiTokenRoutes as routes } from '#shared/contracts/api-tokens';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service';

/**
 * The room's API tokens, managed by its owner and co-founders in /setup-data-room. Cookie-only: a token
 * cannot list, make or revoke tokens (server/plugins/api-token-rules.ts).
 */
export function apiTokensRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.list, {
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listApiTokens(ctx, requireUser(request));
      },
    });
    serveRoute(app, routes.create, {
      handler: async (request, reply) => {
        // The secret is in this answer only: no cache may keep it.
        reply.header('cache-control', 'no-store');
        return reply.status(201).send(await createApiToken(ctx, requireUser(request), request.body));
      },
    });
    serveRoute(app, routes.revoke, {
      handler: async (request, reply) => {
        await revokeApiToken(ctx, requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
}
