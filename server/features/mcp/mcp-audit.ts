import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import { type RoomUser, requireManagedRoom } from '#server/features/rooms/index';
import { MCP_AUDIT_LIMIT, type McpToolCalls } from '#shared/contracts/mcp';
import { insertToolCalls, listRoomToolCalls, type McpToolCall } from './mcp.repository';
import type { McpCaller } from './mcp-door';
import { REFUSAL_META_KEY } from './tool-answers';

/**
 * The audit log of the MCP server (docs/decisions/0091-mcp-server.md): every tool call a POST carried,
 * read off the JSON-RPC messages that went in and came out, so that a call the SDK refused before any
 * tool ran (a name no tool has, arguments that fail the tool's schema) is recorded as well as one a
 * route refused or answered. Each is written with the token's id and name, and said in the server's log.
 */

/** The longest tool name kept: a client may send anything. */
const MAX_TOOL_NAME = 100;

interface Message {
  id?: unknown;
  method?: unknown;
  params?: { name?: unknown };
  result?: { isError?: unknown; _meta?: Record<string, { error?: unknown } | undefined> };
  error?: { code?: unknown };
}

const messagesOf = (body: unknown): Message[] =>
  (Array.isArray(body) ? body : [body]).filter(
    (message): message is Message => typeof message === 'object' && message !== null,
  );

/** Null for a call the tool answered; else why it was not: the route's refusal code, or the SDK's. */
function errorOf(answer: Message | undefined, isKnownTool: boolean): string | null {
  if (!answer) return 'unanswered';
  if (answer.error) return `jsonrpc_${String(answer.error.code)}`;
  if (answer.result?.isError !== true) return null;
  const refusal = answer.result._meta?.[REFUSAL_META_KEY]?.error;
  if (typeof refusal === 'string') return refusal;
  return isKnownTool ? 'invalid_arguments' : 'unknown_tool';
}

export async function recordToolCalls(
  ctx: AppContext,
  caller: McpCaller,
  tools: ReadonlySet<string>,
  exchange: { sent: unknown; answered: unknown; at: Date },
): Promise<void> {
  const answers = messagesOf(exchange.answered);
  const calls: McpToolCall[] = messagesOf(exchange.sent)
    .filter((message) => message.method === 'tools/call' && message.id !== undefined)
    .map((message) => {
      const name = message.params?.name;
      const tool = typeof name === 'string' ? name.slice(0, MAX_TOOL_NAME) : '';
      const answer = answers.find((candidate) => candidate.id === message.id);
      return {
        id: crypto.randomUUID(),
        roomId: caller.roomId,
        tokenId: caller.tokenId,
        tokenName: caller.name,
        tool,
        error: errorOf(answer, tools.has(tool)),
        calledAt: exchange.at,
      };
    });
  await insertToolCalls(ctx.db, calls);
  for (const call of calls)
    ctx.log.info(
      { mcpTool: call.tool, apiToken: { id: call.tokenId, name: call.tokenName }, error: call.error },
      'MCP tool call',
    );
}

/** The room's audit log, newest first, for its managers (and the tokens that act for them). */
export async function listToolCalls(
  ctx: AppContext,
  user: RoomUser,
  query: { token?: string },
): Promise<McpToolCalls> {
  const room = await requireManagedRoom(ctx, user);
  const calls = await listRoomToolCalls(ctx.db, room.id, { tokenId: query.token, limit: MCP_AUDIT_LIMIT });
  return {
    calls: calls.map((call) => ({
      id: call.id,
      tool: call.tool,
      token: { id: call.tokenId, name: call.tokenName },
      error: call.error,
      calledAt: call.calledAt.toISOString(),
    })),
  };
}
