import { z } from 'zod';
import { noBody } from './answers';
import { apiErrorSchema } from './api-error';
import { apiRoute } from './api-route';
import { isoDateTime } from './fields';

/**
 * The MCP server over the room (docs/decisions/0091-mcp-server.md): the Model Context Protocol's
 * streamable HTTP transport at one endpoint, answered for API tokens only. Each POST carries one
 * JSON-RPC message (or a batch) and is answered in JSON; the server keeps no session between requests,
 * so GET (a stream the server would push on) and DELETE (ending a session) answer 405.
 */

/** A JSON-RPC 2.0 message as the transport answers it: a response, an error, or a notification. */
export const jsonRpcMessageSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number()]).nullable().optional(),
  method: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() }).optional(),
});
export type JsonRpcMessage = z.infer<typeof jsonRpcMessageSchema>;

/** What a POST answers with 200: the response to its request, or to each request of a batch. */
export const mcpAnswerSchema = z.union([jsonRpcMessageSchema, z.array(jsonRpcMessageSchema)]);

/**
 * The transport's own refusals (a message that is not JSON-RPC, an Accept header without both JSON and
 * an event stream) are JSON-RPC errors; the platform's (a body that is not JSON) the API's error shape.
 */
const refusedMessage = z.union([apiErrorSchema, jsonRpcMessageSchema]);

/** The audit log answers the newest calls, at most this many. */
export const MCP_AUDIT_LIMIT = 200;

/** One tool call of the MCP server, as its audit log keeps it. */
export const mcpToolCallSchema = z.object({
  id: z.string(),
  tool: z.string(),
  /** The API token that called it, named as it was then. */
  token: z.object({ id: z.string(), name: z.string() }),
  /** Null when the tool answered; else why not: the API's refusal code, or the SDK's. */
  error: z.string().nullable(),
  calledAt: isoDateTime,
});
export type McpToolCall = z.infer<typeof mcpToolCallSchema>;

/** GET /api/my-data-room/mcp-calls: the room's MCP audit log, newest first. */
export const mcpToolCallsSchema = z.object({ calls: z.array(mcpToolCallSchema) }).meta({
  examples: [
    {
      calls: [
        {
          id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
          tool: 'engagement_scores',
          token: { id: '0e1f2a3b-4c5d-4e6f-9a7b-8c9d0e1f2a3b', name: 'Claude on my laptop' },
          error: null,
          calledAt: '2026-11-25T10:02:11.000Z',
        },
        {
          id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
          tool: 'list_invitations',
          token: { id: '0e1f2a3b-4c5d-4e6f-9a7b-8c9d0e1f2a3b', name: 'Claude on my laptop' },
          error: 'api_token_scope_missing',
          calledAt: '2026-11-25T10:01:40.000Z',
        },
      ],
    },
  ],
});
export type McpToolCalls = z.infer<typeof mcpToolCallsSchema>;

export const mcpToolCallsQuerySchema = z.strictObject({
  /** One token's calls only. */
  token: z.uuid({ error: 'must be an API token id' }).optional(),
});

/** The refusals at the door: no working API token (401), or another site's Origin or Host (403). */
const door = [401, 403] as const;

export const mcpRoutes = {
  endpoint: apiRoute('POST', '/mcp', {
    /** Checked by the transport, which answers a JSON-RPC error naming what is wrong. */
    body: z.unknown(),
    answer: mcpAnswerSchema,
    refusals: door,
    answers: { 202: noBody, 400: refusedMessage, 406: jsonRpcMessageSchema, 415: refusedMessage },
  }),
  /** A stream of the server's own messages: this server sends none outside an answer. */
  stream: apiRoute('GET', '/mcp', { refusals: door, answers: { 405: jsonRpcMessageSchema } }),
  /** Ending a session: this server keeps none. */
  end: apiRoute('DELETE', '/mcp', { refusals: door, answers: { 405: jsonRpcMessageSchema } }),
  /** The audit log, for the room's managers and the tokens that may read its access log. */
  calls: apiRoute('GET', '/api/my-data-room/mcp-calls', {
    query: mcpToolCallsQuerySchema,
    answer: mcpToolCallsSchema,
    refusals: [400, 401, 403, 404],
  }),
};
