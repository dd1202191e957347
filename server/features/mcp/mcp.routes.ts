import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { mcpRoutes as routes } from '#shared/contracts/mcp';
import { listToolCalls } from './mcp-audit';
import { METHOD_NOT_ALLOWED, requireMcpCaller } from './mcp-door';

/**
 * The MCP server's endpoint (docs/decisions/0091-mcp-server.md): streamable HTTP for API tokens, every
 * tool a route of the API called with the caller's token.
 */
export function mcpServerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.endpoint, {
      handler: async (request, reply) => {
        const caller = requireMcpCaller(ctx.config, request);
        // The SDK and the tools are loaded by the first MCP request, not at start (ADR 67): a server
        // nobody made a token for never carries them.
        const { answerMcpPost } = await import('./mcp-endpoint');
        const answer = await answerMcpPost(ctx, app, caller, request);
        reply.status(answer.status as 200);
        return answer.body === undefined ? reply.send() : reply.send(answer.body as never);
      },
    });
    serveRoute(app, routes.calls, {
      handler: async (request) => listToolCalls(ctx, requireUser(request), request.query),
    });
    for (const route of [routes.stream, routes.end]) {
      serveRoute(app, route, {
        handler: async (request, reply) => {
          requireMcpCaller(ctx.config, request);
          return reply
            .status(405 as 200)
            .header('allow', routes.endpoint.method)
            .send(METHOD_NOT_ALLOWED as never);
        },
      });
    }
  };
}
