import { type Entity, toRow } from '#server/db/columns';
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
