import type { FastifyRequest } from 'fastify';
import { mcpRoutes } from '#shared/contracts/mcp';

/**
 * Whether the request reached one of the API's routes, decided on the route the router matched, never
 * on the raw URL: the router decodes the path (`/%61pi/auth/logout` is `/api/auth/logout` to it), so a
 * hook that read `request.url` would skip requests that still reach the API (docs/security.md, CSRF).
 * Every hook that applies to the API asks this.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return url !== undefined && isApiPath(url);
}

/**
 * Whether a registered route's path is the API's: every /api route, and the MCP server's endpoint, which
 * API tokens call as they call the API and which the same hooks guard (docs/decisions/0091-mcp-server.md).
 */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === mcpRoutes.endpoint.path;
}
