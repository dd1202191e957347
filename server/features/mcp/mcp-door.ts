import type { FastifyRequest } from 'fastify';
import type { Config } from '#server/config';
import type { ApiTokenCaller } from '#server/plugins/auth';
import { HttpError } from '#server/plugins/errors';

/**
 * Who may speak to the MCP server (docs/decisions/0091-mcp-server.md). It is off until a token is made:
 * without a working API token nothing answers but 401, a signed-in browser included (its cookie is no
 * token), and an unusable token was refused already by the API-token rules. Then the transport's own
 * guard against DNS rebinding, as the MCP specification asks of every streamable HTTP server and the
 * SDK's host-validation middleware does: a request naming another site's Origin, or a Host that is
 * neither this server's name nor a loopback name, is refused with 403.
 */

/** The caller of a tool: the token as the API-token rules resolved it, and the secret it was sent as. */
export interface McpCaller extends ApiTokenCaller {
  secret: string;
}

const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

function bearerSecret(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
}

/** The hostname of a Host header, without its port (an IPv6 literal keeps its brackets). */
function hostnameOf(host: string): string {
  const bracketed = /^(\[[^\]]*\])(?::\d+)?$/.exec(host);
  if (bracketed?.[1]) return bracketed[1].toLowerCase();
  return host.replace(/:\d+$/, '').toLowerCase();
}

export function requireMcpCaller(config: Config, request: FastifyRequest): McpCaller {
  const secret = bearerSecret(request);
  if (!request.apiToken || secret === undefined) {
    throw new HttpError(
      401,
      'api_token_required',
      "Roundroom's MCP server answers API tokens only. Create one in Set up your data room (API tokens) and send it as Authorization: Bearer rr_...",
      {},
      { 'www-authenticate': 'Bearer realm="roundroom"' },
    );
  }
  const ours = new URL(config.appUrl);
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== ours.origin) {
    throw new HttpError(403, 'forbidden_origin', 'This request came from another site and was refused.');
  }
  const host = request.headers.host;
  const hostname = host === undefined ? undefined : hostnameOf(host);
  if (hostname === undefined || (hostname !== ours.hostname && !LOOPBACK_HOSTNAMES.has(hostname))) {
    throw new HttpError(
      403,
      'forbidden_host',
      `This server answers MCP requests addressed to ${ours.hostname} only.`,
    );
  }
  return { ...request.apiToken, secret };
}

/** What GET and DELETE answer: this server opens no stream of its own and keeps no session to end. */
export const METHOD_NOT_ALLOWED = {
  jsonrpc: '2.0' as const,
  id: null,
  error: {
    code: -32000,
    message:
      "Method not allowed: Roundroom's MCP server keeps no session and sends nothing outside an answer. POST each message.",
  },
};
