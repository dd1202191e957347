import type http from 'node:http';
import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import type { ApiError } from '#shared/contracts/api-error';

// Required, not imported: an ESM import of node:http builds its facade from every export, and three of
// them (WebSocket, MessageEvent, CloseEvent) load Node's own copy of undici, about 2 MB of an idle
// server's heap (docs/decisions/0067).
const { STATUS_CODES } = createRequire(import.meta.url)('node:http') as typeof http;

/**
 * An error a service throws on purpose: its status, code and message reach the client as they are.
 * Anything else that escapes a handler is a bug and answers a generic 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const INTERNAL_ERROR: ApiError = {
  error: 'internal_error',
  message: 'Something went wrong on our side. Please try again.',
};

/** Fastify's own client errors (bad JSON, wrong content type, body too large), in our words. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'invalid_json',
    message: 'The request body is empty but its content type is JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'The request body has a content type this route does not accept.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'invalid_content_length',
    message: 'The Content-Length header does not match the body.',
  },
};

/** One failed check of a request's params, query or body, wherever it was checked. */
interface InputIssue {
  code: string;
  /** Path of the offending field, e.g. ['profile', 'name']; empty for the whole input. */
  path: readonly PropertyKey[];
  message: string;
  /** The unexpected keys, for 'unrecognized_keys'. */
  keys?: readonly string[];
}

/** The 400 body for invalid input: the field named by its path, in the field's own words. */
function describeInvalidInput(issue: InputIssue | undefined, location: string): ApiError {
  const path = (issue?.path ?? []).map(String).join('.');
  if (issue?.code === 'unrecognized_keys') {
    const keys = issue.keys ?? [];
    const where = path ? `${path}.` : '';
    return {
      error: 'invalid_request',
      message: `Unexpected field${keys.length > 1 ? 's' : ''}: ${keys.map((key) => where + key).join(', ')}`,
      field: `${where}${keys[0] ?? ''}`,
    };
  }
  if (!path) {
    return {
      error: 'invalid_request',
      message:
        location === 'body' ? 'The request body must be a JSON object.' : `The ${location} is invalid.`,
      field: location,
    };
  }
  return { error: 'invalid_request', message: `${path}: ${issue?.message ?? 'is invalid'}`, field: path };
}

function describeValidationError(error: FastifyError): ApiError {
  if (!hasZodFastifySchemaValidationErrors(error)) {
    return { error: 'invalid_request', message: error.message };
  }
  const [first] = error.validation;
  const issue = first && {
    code: first.keyword,
    path: first.instancePath.split('/').filter(Boolean),
    message: first.message ?? 'is invalid',
    keys: (first.params as { keys?: string[] }).keys,
  };
  return describeInvalidInput(issue, error.validationContext ?? 'body');
}

/** Input a service checked itself (e.g. multipart fields) with a zod schema: the same 400 as a route's. */
export function invalidInput(error: ZodError, location = 'body'): HttpError {
  const [first] = error.issues;
  const issue = first && {
    code: first.code,
    path: first.path,
    message: first.message,
    keys: first.code === 'unrecognized_keys' ? first.keys : undefined,
  };
  const { error: code, message, field } = describeInvalidInput(issue, location);
  return new HttpError(400, code, message, field ? { field } : {});
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ error: error.code, message: error.message, ...error.extra });
    }
    if (error.validation) {
      return reply.status(400).send(describeValidationError(error));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      return reply.status(error.statusCode ?? 400).send({ error: known.code, message: known.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Plugins' 4xx (the rate limit) carry messages written for clients; multipart errors are
      // translated beside the upload route (features/documents/upload-errors.ts).
      return reply.status(status).send({ error: error.code ?? 'bad_request', message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(INTERNAL_ERROR);
  });
}

export function apiNotFound(method: string, url: string): ApiError {
  const pathOnly = url.split('?')[0];
  return { error: 'not_found', message: `There is no API route ${method} ${pathOnly}.` };
}

/**
 * Errors the router finds before any route runs: a path segment longer than maxParamLength, or a
 * malformed %-escape in the path. Answered in our shape rather than Fastify's.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply
      .status(414)
      .send({ error: 'uri_too_long', message: 'A part of the URL path is too long to be one of ours.' });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply
      .status(400)
      .send({ error: 'bad_url', message: 'The URL path is not valid: it has a malformed %-escape.' });
  }
  reply.log.error({ err: error }, 'request failed in the router');
  return reply.status(500).send(INTERNAL_ERROR);
}

const CLIENT_ERRORS: Record<string, { status: number; body: ApiError }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    body: {
      error: 'headers_too_large',
      message: 'The request line and headers are larger than this server accepts (16 KB).',
    },
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    body: { error: 'request_timeout', message: 'The request took too long to arrive.' },
  },
};
const NOT_HTTP = { status: 400, body: { error: 'bad_request', message: 'The request is not valid HTTP.' } };

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers too large, not HTTP at all):
 * answered on the socket in our one error shape, then closed, as Node and Fastify do by default.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = (error.code ? CLIENT_ERRORS[error.code] : undefined) ?? NOT_HTTP;
  if (socket.writable) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
