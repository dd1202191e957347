import type { z } from 'zod';
import { API_TOKEN_ROUTES, type ApiTokenRouteScope } from '#server/plugins/api-token-rules';
import type { ApiRoute } from '#shared/contracts/api-route';
import { API_TOKEN_SCOPE_LABELS } from '#shared/contracts/api-tokens';
import type { RoomApi } from './room-api';

/**
 * One tool of the MCP server (docs/decisions/0091-mcp-server.md): a route of the API, called with the
 * caller's token, under a name, a description and an input an assistant can use. The route is the rule:
 * its scope (API_TOKEN_ROUTES) is the tool's, its input schema the tool's pieces, its answer contract the
 * tool's output schema. A tool adds no rule of its own.
 */

/** What a call changes, for the annotations an assistant asks before it acts (MCP's tool hints). */
export type ToolEffect = 'reads' | 'changes' | 'removes' | 'mails';

export interface RoomTool<Input extends z.ZodObject = z.ZodObject, Output extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  /** What it answers and when to use it, for an assistant choosing among the tools. */
  description: string;
  /** The route it calls: the tool's scope is this route's. */
  route: ApiRoute;
  input: Input;
  output: Output;
  effect: ToolEffect;
  run(api: RoomApi, input: z.output<Input>): Promise<z.input<Output>>;
}

/** Declares a tool, typed by its own schemas, for the list the server registers. */
export function roomTool<const Input extends z.ZodObject, const Output extends z.ZodObject>(
  tool: RoomTool<Input, Output>,
): RoomTool {
  return tool as unknown as RoomTool;
}

/** The scope a tool's token needs: its route's, as the API says. */
export function scopeOfTool(tool: Pick<RoomTool, 'route' | 'name'>): ApiTokenRouteScope {
  const scope = API_TOKEN_ROUTES[`${tool.route.method} ${tool.route.path}`];
  if (scope === undefined)
    throw new Error(
      `the tool ${tool.name} calls a route API tokens may not call: add it to API_TOKEN_ROUTES`,
    );
  return scope;
}

/** The tool's description with the scope it needs, as an assistant reads it in the tools' list. */
export function describeTool(tool: RoomTool): string {
  const scope = scopeOfTool(tool);
  const needs =
    scope === 'any' || scope === 'public'
      ? 'Any API token of the room may call it.'
      : `Needs an API token with the ${scope} scope (${API_TOKEN_SCOPE_LABELS[scope]}).`;
  return `${tool.description} ${needs}`;
}

/** MCP's hints for a tool: whether it changes anything, destroys anything, or reaches past the room. */
export function annotationsOf(tool: RoomTool) {
  return {
    title: tool.title,
    readOnlyHint: tool.effect === 'reads',
    destructiveHint: tool.effect === 'removes',
    idempotentHint: tool.effect === 'reads' || tool.effect === 'changes',
    // An invitation or a resend sends mail to someone outside the room.
    openWorldHint: tool.effect === 'mails',
  };
}
