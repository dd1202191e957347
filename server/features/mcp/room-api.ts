import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ApiError } from '#shared/contracts/api-error';
import { apiPath, type JsonApiRoute, type QueryValues } from '#shared/contracts/api-route';

/**
 * The API as one token calls it, in process (docs/decisions/0091-mcp-server.md): every tool of the MCP
 * server is a call to a route declared in shared/contracts, injected into this app with the caller's own
 * token. So the route's whole lifecycle runs as for any client: the token is resolved again (a token
 * revoked between two tool calls stops at once), its scope checked against API_TOKEN_ROUTES, the call
 * counted against its per-minute limit, the input checked by the route's schema (a 400 naming the
 * field), the room guard and the readability rule applied, the answer serialized by its contract.
 */

/** What a route answered when it refused: its status and the API's one error shape. */
export class RouteRefusal extends Error {
  constructor(
    readonly status: number,
    readonly refusal: ApiError,
  ) {
    super(refusal.message);
  }
}

export interface RouteCall {
  params?: Readonly<Record<string, string | number>>;
  query?: QueryValues;
  body?: unknown;
}

export interface RoomApi {
  /** Calls a route as the token; its answer when it succeeds, a RouteRefusal when it refuses. */
  call<Route extends JsonApiRoute>(route: Route, parts?: RouteCall): Promise<z.output<Route['answer']>>;
}

/** The header every call of the MCP server carries, so that request logs tell them from the API's. */
const USER_AGENT = 'roundroom-mcp';

export function roomApiOf(app: FastifyInstance, secret: string): RoomApi {
  return {
    async call<Route extends JsonApiRoute>(route: Route, parts: RouteCall = {}) {
      const url = apiPath(route, { params: parts.params, query: parts.query } as never);
      const response = await app.inject({
        method: route.method,
        url,
        headers: {
          authorization: `Bearer ${secret}`,
          'user-agent': USER_AGENT,
          ...(parts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(parts.body !== undefined ? { payload: JSON.stringify(parts.body) } : {}),
      });
      const text = response.body;
      const json: unknown = text === '' ? null : JSON.parse(text);
      if (response.statusCode >= 400) throw new RouteRefusal(response.statusCode, json as ApiError);
      return json as z.output<Route['answer']>;
    },
  };
}
