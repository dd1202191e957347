import type { FastifyRequest } from 'fastify';

/**
 * Whether the request reached one of the API's routes, decided on the route the router matched, never
 * on the raw URL: the router decodes the path (`/%61pi/auth/logout` is `/api/auth/logout` to it), so a
 * hook that read `request.url` would skip requests that still reach the API (docs/security.md, CSRF).
 * Every hook that applies to the API asks this.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}
