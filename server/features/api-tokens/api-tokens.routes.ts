import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { errorResponses } from '#server/plugins/response-contracts';
import {
  apiTokenIdParamsSchema,
  apiTokenListSchema,
  createApiTokenRequestSchema,
  createdApiTokenSchema,
} from '#shared/contracts/api-tokens';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service';

/**
 * The room's API tokens, managed by its owner and co-founders in /setup-data-room. Cookie-only: a token
 * cannot list, make or revoke tokens (server/plugins/api-token-rules.ts).
 */
export function apiTokensRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/my-data-room/api-tokens',
      { schema: { response: { 200: apiTokenListSchema, ...errorResponses(401, 403) } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listApiTokens(ctx, requireUser(request));
      },
    );
    app.post(
      '/api/my-data-room/api-tokens',
      {
        schema: {
          body: createApiTokenRequestSchema,
          response: { 201: createdApiTokenSchema, ...errorResponses(401, 403, 409) },
        },
      },
      async (request, reply) => {
        // The secret is in this answer only: no cache may keep it.
        reply.header('cache-control', 'no-store');
        return reply.status(201).send(await createApiToken(ctx, requireUser(request), request.body));
      },
    );
    app.delete(
      '/api/my-data-room/api-tokens/:id',
      {
        schema: {
          params: apiTokenIdParamsSchema,
          response: { 204: z.null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await revokeApiToken(ctx, requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
