import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  type InitializeResult,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { apiPath } from '#shared/contracts/api-route';
import { apiTokenPattern } from '#shared/contracts/api-tokens';
import { mcpRoutes } from '#shared/contracts/mcp';

/**
 * `npx roundroom-mcp` (docs/decisions/0091-mcp-server.md): Roundroom's MCP server for a desktop assistant
 * that speaks stdio. It is a bridge, not a second server: every message the assistant writes on stdin is
 * posted to the Roundroom server's own MCP endpoint with the API token, and every answer written back on
 * stdout. The tools, their rules, the rate limit and the audit log are the server's, one set for both
 * transports; this process holds the token and nothing else.
 */

const bridgeEnvironmentSchema = z.object({
  ROUNDROOM_URL: z
    .url({ protocol: /^https?$/, error: 'must be the address of your Roundroom server, https://...' })
    .describe("The Roundroom server's address, as you open it in a browser."),
  ROUNDROOM_API_TOKEN: z
    .string({ error: 'is required: an API token made in Set up your data room (API tokens)' })
    .trim()
    .regex(apiTokenPattern, 'must be an API token: rr_ and 43 characters'),
});

export interface BridgeSettings {
  endpoint: URL;
  token: string;
}

/** The bridge's settings from its environment, or the sentence that says what is missing. */
export function bridgeSettingsOf(
  environment: Record<string, string | undefined>,
): BridgeSettings | { problem: string } {
  const parsed = bridgeEnvironmentSchema.safeParse(environment);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: `roundroom-mcp: ${String(issue?.path[0] ?? 'the environment')} ${issue?.message}` };
  }
  return {
    endpoint: new URL(apiPath(mcpRoutes.endpoint), parsed.data.ROUNDROOM_URL),
    token: parsed.data.ROUNDROOM_API_TOKEN,
  };
}

/**
 * What the assistant is told when the server could not be reached or refused the request: the server's
 * own sentence when it gave one (a revoked token, a rate limit), else the transport's.
 */
function failureMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const body = /\{.*\}$/s.exec(text)?.[0];
  if (body) {
    try {
      const refusal = JSON.parse(body) as { message?: unknown; error?: { message?: unknown } };
      const message = refusal.message ?? refusal.error?.message;
      if (typeof message === 'string') return `Roundroom refused the request: ${message}`;
    } catch {
      // Not JSON after all: the transport's text is said as it is.
    }
  }
  return `Roundroom could not be reached: ${text}`;
}

/** Runs the bridge until stdin closes; answers each request that could not be delivered with an error. */
export async function runStdioBridge(settings: BridgeSettings, log: (line: string) => void): Promise<void> {
  const remote = new StreamableHTTPClientTransport(settings.endpoint, {
    requestInit: { headers: { authorization: `Bearer ${settings.token}` } },
  });
  const local = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    local.onclose = () => {
      void remote.close().finally(resolve);
    };
  });
  // The assistant ends the server by closing its stdin, which the SDK's transport does not watch.
  process.stdin.once('end', () => void local.close());
  local.onerror = (error) => log(`roundroom-mcp: ${error.message}`);
  remote.onerror = (error) => log(`roundroom-mcp: ${error.message}`);
  remote.onmessage = (message: JSONRPCMessage) => {
    // The transport names the protocol's version on every request after initialize, as a client does.
    if (isJSONRPCResultResponse(message) && 'protocolVersion' in message.result)
      remote.setProtocolVersion((message.result as InitializeResult).protocolVersion);
    void local.send(message);
  };
  local.onmessage = (message: JSONRPCMessage) => {
    remote.send(message).catch((error: unknown) => {
      log(`roundroom-mcp: ${failureMessage(error)}`);
      if (isJSONRPCRequest(message))
        void local.send({
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32000, message: failureMessage(error) },
        });
    });
  };
  await remote.start();
  await local.start();
  await closed;
}
