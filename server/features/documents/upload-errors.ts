import { MIMEType } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '#server/plugins/errors';
import { ObjectTooLargeError } from '#server/storage/storage';

/**
 * What can go wrong with an upload's multipart body, in the API's words, for POST /api/upload.
 * @fastify/multipart raises its errors as classes (`app.multipartErrors`); they are told apart by class.
 */

export const MULTIPART_SHAPE =
  'An upload is one file named "file", with at most the fields title and section.';

type MultipartErrors = FastifyInstance['multipartErrors'];

/** The file is over the upload limit (UPLOAD_MAX_MB, server/config.ts). */
export function tooLarge(maxBytes: number): HttpError {
  return new HttpError(
    413,
    'file_too_large',
    `The file is larger than ${maxBytes / 1024 / 1024} MB, the most a single upload may be.`,
    { field: 'file' },
  );
}

const invalidMultipart = (message: string) =>
  new HttpError(400, 'invalid_multipart', message, { field: 'body' });

function incompleteMultipart(): HttpError {
  return invalidMultipart('The multipart/form-data body ended before its last part was complete.');
}

/** RFC 2046 allows 70 characters; busboy reads up to 256, and so we accept what it can read. */
const MAX_BOUNDARY_LENGTH = 256;

/**
 * The body's Content-Type, read before the parser starts: without a usable boundary the parts cannot be
 * found (busboy throws an error with no class or code for a missing one, and for an empty or overlong
 * one an error about its search "needle" that would have been a 500).
 */
export function requireMultipartBoundary(contentType: string | undefined): void {
  let boundary: string | null = null;
  try {
    boundary = new MIMEType(contentType ?? '').params.get('boundary');
  } catch {
    boundary = null;
  }
  if (!boundary) {
    throw invalidMultipart(
      'The Content-Type multipart/form-data names no boundary, so the upload cannot be read.',
    );
  }
  if (boundary.length > MAX_BOUNDARY_LENGTH) {
    throw invalidMultipart(
      `The multipart/form-data boundary is ${boundary.length} characters long; RFC 2046 allows at most 70.`,
    );
  }
}

/** busboy's parser (via @fastify/busboy's Dicer) ends a body with no closing boundary this way, classless. */
const UNEXPECTED_END = 'unexpected end of multipart data';

/** The upload's error as the client should read it; anything not the body's fault is returned as it is. */
export function translateUploadError(error: unknown, classes: MultipartErrors, maxBytes: number): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof ObjectTooLargeError || error instanceof classes.RequestFileTooLargeError)
    return tooLarge(maxBytes);
  if (error instanceof classes.FilesLimitError) {
    return new HttpError(400, 'too_many_files', 'Send one file per upload.', { field: 'file' });
  }
  if (
    error instanceof classes.FieldsLimitError ||
    error instanceof classes.PartsLimitError ||
    error instanceof classes.PrototypeViolationError
  ) {
    return new HttpError(400, 'invalid_request', MULTIPART_SHAPE, { field: 'body' });
  }
  if (error instanceof classes.PrematureCloseError) return incompleteMultipart();
  if (error instanceof classes.InvalidMultipartContentTypeError) {
    return new HttpError(400, 'invalid_request', 'file: send the file as multipart/form-data.', {
      field: 'file',
    });
  }
  // Not among the exported classes: a part declared application/json whose value is not JSON.
  if ((error as { code?: unknown }).code === 'FST_INVALID_JSON_FIELD_ERROR') {
    return new HttpError(
      400,
      'invalid_request',
      `A field was sent as application/json but is not valid JSON; title and section are plain text. ${MULTIPART_SHAPE}`,
      { field: 'body' },
    );
  }
  if (error instanceof Error && !('code' in error) && error.message.toLowerCase().includes(UNEXPECTED_END)) {
    return incompleteMultipart();
  }
  return error;
}
