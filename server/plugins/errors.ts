import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '../../shared/contracts/api-error';

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

function describeValidationError(error: FastifyError): ApiError {
  if (!hasZodFastifySchemaValidationErrors(error)) {
    return { error: 'invalid_request', message: error.message };
  }
  const [first] = error.validation;
  const location = error.validationContext ?? 'body';
  const path = (first?.instancePath ?? '').split('/').filter(Boolean).join('.');
  if (first?.keyword === 'unrecognized_keys') {
    const keys = (first.params as { keys?: string[] }).keys ?? [];
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
  const reason = first?.message ?? 'is invalid';
  return { error: 'invalid_request', message: `${path}: ${reason}`, field: path };
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
      // Plugins' 4xx (rate limit, multipart limits) carry messages written for clients.
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
