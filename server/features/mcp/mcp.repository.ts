import { type Entity, fromRow, toRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import type { McpToolCallsTable } from './mcp.tables';

export type McpToolCall = Entity<McpToolCallsTable>;

/** The tool calls of one POST, in one insert. */
export async function insertToolCalls(db: ModuleExecutor<'mcp'>, calls: McpToolCall[]): Promise<void> {
  if (calls.length === 0) return;
  await db
    .insertInto('mcp_tool_calls')
    .values(calls.map((call) => toRow<McpToolCallsTable>(call)))
    .execute();
}

/** A room's calls, newest first, of one token or of all; at most `limit`. */
export async function listRoomToolCalls(
  db: ModuleExecutor<'mcp'>,
  roomId: string,
  options: { tokenId?: string; limit: number },
): Promise<McpToolCall[]> {
  let query = db.selectFrom('mcp_tool_calls').selectAll().where('room_id', '=', roomId);
  if (options.tokenId !== undefined) query = query.where('token_id', '=', options.tokenId);
  const rows = await query.orderBy('called_at', 'desc').orderBy('id').limit(options.limit).execute();
  return rows.map((row) => fromRow(row));
}
