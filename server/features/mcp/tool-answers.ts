import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { neutraliseFormula } from '#server/features/exports/index';
import { RouteRefusal } from './room-api';

/**
 * What a tool answers (docs/decisions/0091-mcp-server.md): the route's answer as structured content,
 * exactly as the API gives it, and the same as JSON text for the clients that read text only. That text
 * is what an assistant pastes into a spreadsheet, so every string in it is made formula-safe by the rule
 * of the CSV exports (a leading apostrophe before `=`, `+`, `-`, `@`): text an investor typed (a name, a
 * question) never runs as a formula.
 */

/** Every string inside, made formula-safe; numbers, booleans and nulls as they are. */
function formulaSafe(value: unknown): unknown {
  if (typeof value === 'string') return neutraliseFormula(value);
  if (Array.isArray(value)) return value.map(formulaSafe);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, formulaSafe(inner)]));
  return value;
}

export function toolAnswer(structured: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(formulaSafe(structured)) }],
    structuredContent: structured,
  };
}

/**
 * Where a refusal carries the API's error and its status, for programs: in the result's `_meta`, since a
 * client checks any structured content against the tool's output schema, an error's too.
 */
export const REFUSAL_META_KEY = 'roundroom/refusal';

export interface ToolRefusalContent {
  [key: string]: unknown;
  status: number;
  error: string;
  message: string;
  field?: string;
}

/**
 * A tool error (MCP's `isError`) naming what is wrong, in the API's words: the route's refusal (a scope
 * the token lacks, an id that is not found in this room, a field that fails its schema) or, for anything
 * else, that the server failed, with nothing of the failure itself.
 */
export function toolRefusal(error: unknown): CallToolResult {
  const refusal: ToolRefusalContent =
    error instanceof RouteRefusal
      ? { status: error.status, ...error.refusal }
      : {
          status: 500,
          error: 'internal_error',
          message: 'Something went wrong on our side. Please try again.',
        };
  const field = refusal.field ? ` (field: ${refusal.field})` : '';
  return {
    isError: true,
    content: [{ type: 'text', text: neutraliseFormula(`${refusal.message}${field} [${refusal.error}]`) }],
    _meta: { [REFUSAL_META_KEY]: refusal },
  };
}
