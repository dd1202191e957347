import type { FastifyInstance, RouteOptions } from 'fastify';
import { MINUTE_MS, SECOND_MS } from '#server/durations';
import { API_TOKEN_SCOPE_LABELS, type ApiTokenScope } from '#shared/contracts/api-tokens';
import { HttpError } from './errors';
import { isApiRoute } from './matched-route';

/**
 * What an API token may call (docs/decisions/0051-api-tokens-and-openapi.md): the routes below, each
 * with the scope it needs, or 'public' where anyone may call it and a token changes nothing. Only
 * console routes are here, whose guard (requireManagedRoom) answers the one room the token's creator
 * manages, which is the token's own: a route that reads a room by its readers (the investor's view, a
 * download) would reach any room the creator is an investor of. Every other /api route is cookie-only
 * (signing in, account set-up, the tokens' own management, reading as an investor): a token there gets
 * 403. A token that cannot be used (unknown, revoked, expired) gets 401 on every route but the public ones.
 * 'any' is a route every working token of the room may call, whatever its scopes: the room's own profile,
 * and the MCP server, whose every tool is a call to one of the routes below with the same token, so its
 * scopes are checked there, route by route (docs/decisions/0091-mcp-server.md).
 */
export type ApiTokenRouteScope = ApiTokenScope | 'public' | 'any';

export const API_TOKEN_ROUTES: Record<string, ApiTokenRouteScope> = {
  'GET /api/health': 'public',
  'GET /api/site': 'public',
  'GET /api/openapi.json': 'public',

  // Which room the token acts for, its name and settings: every token may know it (ADR 91).
  'GET /api/my-data-room': 'any',
  // The MCP server (ADR 91): the door is any working token; each tool is a route of this table.
  'POST /mcp': 'any',
  'GET /mcp': 'any',
  'DELETE /mcp': 'any',

  'GET /api/admin/analytics': 'analytics:read',
  'GET /api/admin/analytics/documents/:documentId': 'analytics:read',
  'GET /api/admin/analytics/investors/:userId': 'analytics:read',
  'GET /api/admin/analytics/links': 'analytics:read',
  'GET /api/admin/recent-access': 'analytics:read',
  'GET /api/admin/recent-documents': 'analytics:read',
  'GET /api/admin/users': 'analytics:read',
  'GET /api/admin/nda-acceptances': 'analytics:read',
  'GET /api/admin/nda-acceptances/:id/record.pdf': 'analytics:read',
  'GET /api/admin/exports/access-log.csv': 'analytics:read',
  'GET /api/admin/exports/documents.csv': 'analytics:read',
  'GET /api/admin/exports/investors.csv': 'analytics:read',
  'GET /api/admin/exports/nda-acceptances.csv': 'analytics:read',
  'GET /api/admin/exports/questions.csv': 'analytics:read',
  // The engagement score (docs/decisions/0089-engagement-score.md): the ranked list and its CRM exports
  // are analytics; marking key documents is the documents' management.
  'GET /api/admin/engagement': 'analytics:read',
  'GET /api/admin/exports/engagement.csv': 'analytics:read',
  'GET /api/admin/exports/engagement.json': 'analytics:read',
  'GET /api/my-data-room/key-documents': 'documents:write',
  'POST /api/documents/:id/key': 'documents:write',

  'GET /api/my-documents': 'documents:write',
  'POST /api/upload': 'documents:write',
  'POST /api/upload/archive': 'documents:write',
  'DELETE /api/documents/:id': 'documents:write',
  'POST /api/documents/:id/download-policy': 'documents:write',
  'POST /api/documents/:id/title': 'documents:write',
  'POST /api/documents/:id/preview/retry': 'documents:write',
  'POST /api/documents/:id/versions': 'documents:write',
  'GET /api/documents/:id/versions': 'documents:write',
  'POST /api/documents/:id/versions/:number/restore': 'documents:write',
  'DELETE /api/documents/:id/versions/:number': 'documents:write',
  'GET /api/documents/:id/versions/:number/download': 'documents:write',

  'GET /api/invites': 'invitations:write',
  'POST /api/invites': 'invitations:write',
  'POST /api/invitations': 'invitations:write',
  'DELETE /api/invites/:id': 'invitations:write',
  'POST /api/invites/bulk': 'invitations:write',
  'POST /api/invites/:id/resend': 'invitations:write',
  'POST /api/invites/:id/link': 'invitations:write',
  'GET /api/admin/invitations': 'invitations:write',
  // Groups decide what each invitee sees (ADR 68): reading them and moving an investor are the
  // invitations' (ADR 91, for the MCP server's investor tools); making and arranging groups stays signed-in.
  'GET /api/my-data-room/groups': 'invitations:write',
  'POST /api/my-data-room/investor-groups': 'invitations:write',

  'GET /api/sections/content': 'sections:write',
  'GET /api/sections/markdown': 'sections:write',
  'POST /api/sections/update': 'sections:write',
  'GET /api/admin/sections': 'sections:write',

  // Search (docs/decisions/0088-search-inside-every-page.md): the founders' search reads every document,
  // as the documents list does; what investors searched for is analytics.
  'GET /api/my-data-room/search': 'documents:write',
  'GET /api/my-data-room/searches': 'analytics:read',
  // The MCP server's audit log (ADR 91): what tokens did, as the access log says what readers did.
  'GET /api/my-data-room/mcp-calls': 'analytics:read',
  // Questions (docs/decisions/0073-questions-and-answers.md): the inbox and its answers.
  'GET /api/my-data-room/questions': 'questions:write',
  'GET /api/my-data-room/questions/by-page': 'questions:write',
  'POST /api/my-data-room/questions/:id/reply': 'questions:write',
  'POST /api/my-data-room/questions/:id/publish': 'questions:write',
  'POST /api/my-data-room/questions/:id/published': 'questions:write',
  'DELETE /api/my-data-room/questions/:id/published': 'questions:write',
};

/**
 * Marks each route of API_TOKEN_ROUTES as it is registered; registered before every route and before the
 * hooks that read the mark (declared statuses). A name above that no route has fails the start.
 */
export function assignApiTokenScopes(app: FastifyInstance): void {
  const unmatched = new Set(Object.keys(API_TOKEN_ROUTES));
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const key = `${method} ${route.url}`;
      const scope = API_TOKEN_ROUTES[key];
      if (scope === undefined) continue;
      unmatched.delete(key);
      route.config = { ...route.config, apiTokenScope: scope };
    }
  });
  app.addHook('onReady', async () => {
    if (unmatched.size > 0)
      throw new Error(`API_TOKEN_ROUTES names routes that do not exist: ${[...unmatched].join(', ')}`);
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    apiTokenScope?: ApiTokenRouteScope;
  }
}

export function apiTokenScopeOf(route: Pick<RouteOptions, 'config'>): ApiTokenRouteScope | undefined {
  return (route.config as { apiTokenScope?: ApiTokenRouteScope } | undefined)?.apiTokenScope;
}

/** The statuses this adds to a route's answers, for its declared responses (ADR 31). */
export function apiTokenStatuses(route: Pick<RouteOptions, 'config'>): number[] {
  const scope = apiTokenScopeOf(route);
  if (scope === 'public') return [];
  return scope ? [401, 403, 429] : [401, 403];
}

export function registerApiTokenRules(app: FastifyInstance, options: { perMinute: number }): void {
  // One counter per token across every route (a route's own limit would count per route).
  const limitPerToken = app.rateLimit({
    max: options.perMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `api-token:${request.apiToken?.tokenId}`,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        'rate_limited',
        `This API token made more than ${context.max} requests in a minute. Please try again in ${Math.max(1, Math.ceil(context.ttl / SECOND_MS))} second(s).`,
      ),
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRoute(request)) return;
    const scope = apiTokenScopeOf(request.routeOptions);
    if (scope === 'public' || request.is404) return;
    if (request.hasUnusableApiToken) {
      throw new HttpError(
        401,
        'api_token_invalid',
        'This API token does not work: it was revoked, it expired, or it never existed. Create a new one in Set up your data room.',
      );
    }
    const token = request.apiToken;
    if (!token) return;
    if (!scope) {
      throw new HttpError(
        403,
        'api_token_not_allowed',
        `API tokens cannot call ${request.method} ${request.routeOptions.url}: sign in to Roundroom to do this.`,
      );
    }
    if (scope !== 'any' && !token.scopes.includes(scope)) {
      throw new HttpError(
        403,
        'api_token_scope_missing',
        `This API token lacks the ${scope} scope (${API_TOKEN_SCOPE_LABELS[scope]}) that ${request.method} ${request.routeOptions.url} needs.`,
      );
    }
    await limitPerToken.call(app, request, reply);
  });
}
