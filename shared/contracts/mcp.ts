import { z } from 'zod';
import { noBody } from './answers';
import { apiErrorSchema } from './api-error';
import { apiRoute } from './api-route';

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
};
