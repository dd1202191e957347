import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/contracts/api-error';
import type { ErrorStatus } from '#shared/contracts/api-route';
import { apiTokenStatuses } from './api-token-rules';
import { HttpError } from './errors';
import { isApiPath, isApiRoute } from './matched-route';

/**
 * Every /api route declares a response schema for each status it can answer, so its serializer shapes
 * every answer and the API's description is complete. A route declares what its own guards and
 * services answer; what the platform answers for any route of a kind is declared here, once (ADR 31).
 */

/** The shared error schema for each of these statuses: `response: { 200: …, ...errorResponses(401, 404) }`. */
export function errorResponses<const Statuses extends ErrorStatus[]>(
  ...statuses: Statuses
): { [Status in Statuses[number]]: typeof apiErrorSchema } {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as {
    [Status in Statuses[number]]: typeof apiErrorSchema;
  };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What the platform answers on any route of a kind, added to the route's own declarations: 500 (the
 * error handler) everywhere; on routes that take input, 400 when it fails its schema; on writes, the
 * body parser's 400, 413 and 415 and the Origin check's 403 (CSRF); on rate-limited routes, 429; and
 * 503 everywhere, while the sections parser's queue is full (server/parsing/sections-parser.ts): any
 * route that reads a room may need its sections parsed. And what the API-token rules answer: 401 for a
 * token that cannot be used and 403 for one the route refuses, on every route but the public ones, and
 * 429 on the routes tokens may call (ADR 51).
 */
function platformStatuses(route: RouteOptions): number[] {
  const statuses = [500, 503, ...apiTokenStatuses(route)];
  const schema = route.schema as FastifySchema | undefined;
  if (schema?.body || schema?.params || schema?.querystring) statuses.push(400);
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.some((method) => BODY_METHODS.has(method))) statuses.push(400, 403, 413, 415);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.push(429);
  return statuses;
}

export function declarePlatformResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const response: Record<string, unknown> = { ...((route.schema?.response as object | undefined) ?? {}) };
    for (const status of platformStatuses(route)) response[status] ??= apiErrorSchema;
    route.schema = { ...route.schema, response };
  });
}

/**
 * The zod serializer, remembering its output per payload object: for a payload built once and served
 * many times (a room's sections, built once per version of the room), it is checked and written once.
 * What it remembers is the UTF-8 bytes, not the JSON text: writing a 64 KB string to a socket encodes it
 * again on every answer (and Fastify measures its byte length first), which was most of a sections
 * read's CPU. Fastify sends a Buffer from a serializer as it is; its types say string only.
 */
export function rememberingSerializerCompiler<Schema>(
  routeSchema: FastifyRouteSchemaDef<Schema>,
): (data: unknown) => string {
  const serialize = serializerCompiler(routeSchema as Parameters<typeof serializerCompiler>[0]);
  const written = new WeakMap<object, Buffer>();
  const serializeOnce = (data: unknown): string | Buffer => {
    if (typeof data !== 'object' || data === null) return serialize(data);
    let bytes = written.get(data);
    if (bytes === undefined) {
      bytes = Buffer.from(serialize(data));
      written.set(data, bytes);
    }
    return bytes;
  };
  return serializeOnce as (data: unknown) => string;
}

/** A 500 that says what broke the contract (the error handler sends an HttpError's message as it is). */
function contractBroken(message: string): HttpError {
  return new HttpError(500, 'response_contract_broken', message);
}

function declaredSchema(schema: FastifySchema | undefined, status: number): unknown {
  const response = schema?.response as Record<string, unknown> | undefined;
  return response?.[status] ?? response?.[String(status)];
}

/**
 * Run by API tests (NODE_ENV=test): an /api answer whose status the route does not declare, whose body
 * has a field its schema would drop, or whose JSON did not come from its serializer fails the request
 * with a 500 that names it, so every test on both dialects checks the contracts of what it provokes.
 */
export function enforceResponseContracts(app: FastifyInstance): void {
  /** Requests whose answer went through the route's serializer. */
  const serialized = new WeakSet<object>();
  const requireDeclaredStatus = (request: FastifyRequest, status: number) => {
    if (declaredSchema(request.routeOptions.schema, status) !== undefined) return;
    throw contractBroken(
      `${request.method} ${request.routeOptions.url} answered ${status}, a status its response schemas do not declare`,
    );
  };
  // Checked here first for bodies to serialize: an error thrown here still reaches the error handler.
  app.addHook('preSerialization', async (request, reply, payload) => {
    serialized.add(request);
    if (!isApiRoute(request) || request.is404) return payload;
    requireDeclaredStatus(request, reply.statusCode);
    const schema = declaredSchema(request.routeOptions.schema, reply.statusCode);
    if (schema instanceof z.ZodObject && typeof payload === 'object' && payload !== null) {
      const dropped = Object.keys(payload).filter((key) => !(key in schema.shape));
      if (dropped.length > 0) {
        throw contractBroken(
          `${request.method} ${request.routeOptions.url} answered ${reply.statusCode} with ${dropped.join(', ')}, which its response schema does not declare`,
        );
      }
    }
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isApiRoute(request) || request.is404) return payload;
    requireDeclaredStatus(request, reply.statusCode);
    // JSON written by hand skips the serializer, and with it the schema's check.
    const isJson = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    if (isJson && typeof payload === 'string' && payload !== '' && !serialized.has(request)) {
      throw contractBroken(
        `${request.method} ${request.routeOptions.url} answered ${reply.statusCode} with JSON its serializer did not write`,
      );
    }
    return payload;
  });
}
