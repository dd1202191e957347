import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { FastifyBaseLogger } from 'fastify';
import { analyticsTools } from './analytics.tools';
import { documentTools } from './documents.tools';
import { investorTools } from './investors.tools';
import { invitationTools } from './invitations.tools';
import { questionTools } from './questions.tools';
import { roomTools } from './room.tools';
import { type RoomApi, RouteRefusal } from './room-api';
import { annotationsOf, describeTool, type RoomTool } from './room-tool';
import { toolAnswer, toolRefusal } from './tool-answers';

/**
 * The MCP server over one room, as one API token sees it (docs/decisions/0091-mcp-server.md): every
 * tool of every area, each a route of the API called with that token. Made for each request: the
 * server keeps no session, so any node behind the load balancer answers any request.
 */

/** Every tool, by area. Each token is shown all of them; a call its scopes do not allow is refused. */
export const ROOM_TOOLS: readonly RoomTool[] = [
  ...roomTools,
  ...documentTools,
  ...investorTools,
  ...analyticsTools,
  ...questionTools,
  ...invitationTools,
];

export const ROOM_TOOL_NAMES: ReadonlySet<string> = new Set(ROOM_TOOLS.map((tool) => tool.name));

const INSTRUCTIONS = [
  "Roundroom is an invitation-only data room for a startup's fundraise. These tools act for one room,",
  'the one the API token was made in (get_room says which), within the scopes the token was given: a',
  'tool that needs a scope the token lacks answers an error naming the scope. Ids come from the list',
  'tools (list_documents, list_investors, list_groups, list_questions, list_invitations); an id of',
  'anything outside this room answers as not found. Reading times are in seconds. Tools that invite,',
  'answer or publish send e-mail to investors: confirm with the founder before calling them.',
].join(' ');

export function roomMcpServer(api: RoomApi, log: FastifyBaseLogger): McpServer {
  const server = new McpServer(
    { name: 'roundroom', title: 'Roundroom data room', version: '1.0.0' },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  for (const tool of ROOM_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: describeTool(tool),
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: annotationsOf(tool),
      },
      async (input: unknown) => {
        try {
          return toolAnswer(await tool.run(api, input as never));
        } catch (error) {
          if (!(error instanceof RouteRefusal))
            log.error({ err: error, mcpTool: tool.name }, 'an MCP tool failed');
          return toolRefusal(error);
        }
      },
    );
  }
  return server;
}
