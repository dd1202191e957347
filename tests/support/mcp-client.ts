import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { apiPath } from '#shared/contracts/api-route';
import { mcpRoutes } from '#shared/contracts/mcp';

/**
 * The MCP server as an assistant reaches it, through the official SDK's own client
 * (docs/decisions/0091-mcp-server.md): over streamable HTTP here, over stdio in mcp-stdio.api.test.ts.
 */

/** The refusal a tool error carries beside its text (server/features/mcp/tool-answers.ts). */
export interface ToolRefusal {
  status: number;
  error: string;
  message: string;
  field?: string;
}

/** A client connected over streamable HTTP to the test app's MCP endpoint, with these headers. */
export async function mcpClientOver(baseUrl: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'roundroom-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(apiPath(mcpRoutes.endpoint), baseUrl), {
    requestInit: { headers },
  });
  await client.connect(transport);
  return client;
}

/** A tool's answer, as the SDK's client checked it against the tool's output schema. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A tool call that must answer: its structured content. */
export async function answerOf<Answer = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Answer> {
  const result = await callTool(client, name, args);
  if (result.isError) throw new Error(`${name} answered an error: ${textOf(result)}`);
  return result.structuredContent as Answer;
}

export function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}

/** The API's refusal a tool error names; undefined for an answer or an error the SDK raised itself. */
export function refusalOf(result: CallToolResult): ToolRefusal | undefined {
  if (!result.isError) return undefined;
  return result._meta?.['roundroom/refusal'] as ToolRefusal | undefined;
}

/** The first message of the protocol, for raw HTTP requests that need one. */
export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'roundroom-tests', version: '1.0.0' },
  },
} as const;

/** What a streamable HTTP client accepts, as the specification requires of every POST. */
export const MCP_ACCEPT = { accept: 'application/json, text/event-stream' } as const;
