import type { EpochMs } from '#server/db/column-types';

/**
 * One tool call of the MCP server: the audit log (docs/decisions/0091-mcp-server.md). The token is named
 * as it was called (its name then), and the row outlives the token: a revoked token's calls stay.
 */
export interface McpToolCallsTable {
  id: string;
  room_id: string;
  token_id: string;
  token_name: string;
  /** The tool's name as the client sent it (a name no tool has is recorded too, refused). */
  tool: string;
  /** Null when the tool answered; else the refusal's code (`api_token_scope_missing`, `not_found`, ...). */
  error: string | null;
  called_at: EpochMs;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface McpTables {
  mcp_tool_calls: McpToolCallsTable;
}
