import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/app-context';
import { mcpRoutes } from '#shared/contracts/mcp';
import { recordToolCalls } from './mcp-audit';
import type { McpCaller } from './mcp-door';
import { ROOM_TOOL_NAMES, roomMcpServer } from './mcp-server';
import { roomApiOf } from './room-api';

/**
 * One POST to the MCP endpoint, answered by the SDK's streamable HTTP transport in its stateless JSON
 * mode (docs/decisions/0091-mcp-server.md): a new server and transport for the request, no session id,
 * the answer as one JSON body rather than an event stream. The transport is the web-standard one, so
 * its answer comes back to Fastify as a status and a body and goes out through the route's own contract,
 * compression and logs like any other answer.
 */

/** The request headers the transport reads: what it accepts, what it was sent, the protocol's version. */
const TRANSPORT_HEADERS = ['accept', 'content-type', 'mcp-protocol-version'] as const;

function webRequestOf(ctx: AppContext, request: FastifyRequest): Request {
  const headers = new Headers();
  for (const name of TRANSPORT_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(new URL(mcpRoutes.endpoint.path, ctx.config.appUrl), { method: 'POST', headers });
}

export interface McpAnswer {
  status: number;
  /** The JSON-RPC answer; undefined when there is none (202: only notifications were sent). */
  body: unknown;
}

export async function answerMcpPost(
  ctx: AppContext,
  app: FastifyInstance,
  caller: McpCaller,
  request: FastifyRequest,
): Promise<McpAnswer> {
  const at = new Date();
  const server = roomMcpServer(roomApiOf(app, caller.secret), request.log);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(webRequestOf(ctx, request), {
      // Parsed by Fastify's JSON parser (UTF-8, no prototype keys); undefined for an empty body, which
      // the transport then reads as nothing and refuses as a parse error.
      parsedBody: request.body ?? undefined,
    });
    const text = await response.text();
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    await recordToolCalls(ctx, caller, ROOM_TOOL_NAMES, { sent: request.body, answered: body, at });
    return { status: response.status, body };
  } finally {
    await server.close();
  }
}
