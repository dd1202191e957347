import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/app-context';
import { HttpError } from '#server/plugins/errors';
import { isCrossSiteRequest } from '#server/security/cross-site';
import { requireMultipartBoundary, tooLarge, translateUploadError } from './upload-errors';
import type { UploadPart } from './uploads.service';

/**
 * What the routes that take a file (an upload, a zip, a new version) and serve one share, whichever
 * module registers them: the multipart body's limits, its refusals, and the download's cross-site check.
 */

/** Room for the multipart framing and the title and section fields around the largest file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The parts of an upload's body, once it is a multipart body with its boundary; `noun` names what to send. */
export function uploadPartsOf(request: FastifyRequest, noun: 'file' | 'zip'): AsyncIterable<UploadPart> {
  if (!request.isMultipart()) {
    throw new HttpError(400, 'invalid_request', `file: send the ${noun} as multipart/form-data.`, {
      field: 'file',
    });
  }
  requireMultipartBoundary(request.headers['content-type']);
  return request.parts() as AsyncIterable<UploadPart>;
}

/**
 * Registers multipart bodies, with the upload limit, on the routes plugin `app`, and returns its two
 * guards: the refusal of a body declared too large before a byte is read, and a multipart failure as the
 * caller's error.
 */
export async function acceptUploads(app: FastifyInstance, ctx: AppContext) {
  const maxBytes = ctx.config.uploadMaxBytes;
  // An upload is refused before a byte of its body is read when the client says it is too large.
  const refuseDeclaredOverLimit = async (request: FastifyRequest) => {
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(maxBytes);
  };
  // A multipart failure (a truncated body, a part over the limit) as the caller's error, naming the limit.
  const refusedUpload = (error: unknown): never => {
    throw translateUploadError(error, app.multipartErrors, maxBytes);
  };
  await app.register(multipart, {
    // One byte over our limit, so the storage write sees it and refuses (busboy would truncate quietly).
    limits: { fileSize: maxBytes + 1, files: 1, fields: 4, fieldSize: 2000, parts: 6 },
  });
  return { refuseDeclaredOverLimit, refusedUpload };
}

/** Another page must not make a signed-in reader's browser download (and log) a file (ADR 61). */
export function refuseCrossSiteDownload(ctx: AppContext, request: FastifyRequest, message: string): void {
  if (isCrossSiteRequest(request, ctx.config.appUrl)) throw new HttpError(403, 'cross_site_request', message);
}
