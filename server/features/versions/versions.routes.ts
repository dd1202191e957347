import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import {
  acceptUploads,
  fileBytes,
  refuseCrossSiteDownload,
  uploadPartsOf,
} from '#server/features/documents/index';
import { requireUser } from '#server/plugins/auth';
import { errorResponses } from '#server/plugins/response-contracts';
import {
  attachmentDisposition,
  requestedRange,
  sendRangeNotSatisfiable,
  sendStoredBytes,
} from '#server/storage/download';
import {
  documentIdParamsSchema,
  documentVersionParamsSchema,
  documentVersionsSchema,
  newVersionResponseSchema,
} from '#shared/contracts/documents';
import {
  deleteVersion,
  findManagedVersion,
  listDocumentVersions,
  replaceDocumentFile,
  restoreVersion,
} from './versions.service';

export function versionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { refuseDeclaredOverLimit, refusedUpload } = await acceptUploads(app, ctx);

    // Versions (docs/decisions/0069-document-versions.md): the room's managers only (requireManagedRoom).
    app.post(
      '/api/documents/:id/versions',
      {
        schema: {
          params: documentIdParamsSchema,
          response: { 201: newVersionResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
        },
        onRequest: refuseDeclaredOverLimit,
      },
      async (request, reply) => {
        const founder = requireUser(request);
        const replaced = await replaceDocumentFile(
          ctx,
          founder,
          request.params.id,
          uploadPartsOf(request, 'file'),
        ).catch(refusedUpload);
        return reply.status(201).send({ message: 'File replaced', ...replaced });
      },
    );

    app.get(
      '/api/documents/:id/versions',
      {
        schema: {
          params: documentIdParamsSchema,
          response: { 200: documentVersionsSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => listDocumentVersions(ctx, requireUser(request), request.params.id),
    );

    app.post(
      '/api/documents/:id/versions/:number/restore',
      {
        schema: {
          params: documentVersionParamsSchema,
          response: { 201: newVersionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const { id, number } = request.params;
        const restored = await restoreVersion(ctx, requireUser(request), id, number);
        return reply.status(201).send({ message: `Version ${number} restored`, ...restored });
      },
    );

    app.delete(
      '/api/documents/:id/versions/:number',
      {
        schema: {
          params: documentVersionParamsSchema,
          response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await deleteVersion(ctx, requireUser(request), request.params.id, request.params.number);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/documents/:id/versions/:number/download',
      {
        compress: false,
        schema: {
          params: documentVersionParamsSchema,
          response: {
            200: fileBytes,
            206: fileBytes,
            ...errorResponses(400, 401, 403, 404, 416),
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        refuseCrossSiteDownload(ctx, request, 'Downloads start from Roundroom itself.');
        const version = await findManagedVersion(ctx, user, request.params.id, request.params.number);
        const etag = `"${version.sha256}"`;
        reply
          .header('content-type', version.mimeType)
          .header('content-disposition', attachmentDisposition(version.title))
          .header('content-security-policy', "sandbox; default-src 'none'")
          .header('cache-control', 'private, no-cache')
          .header('etag', etag)
          .header('accept-ranges', 'bytes');
        const range = requestedRange(request.headers, version.sizeBytes, etag);
        if (range.kind === 'unsatisfiable') return sendRangeNotSatisfiable(reply, version.sizeBytes);
        return sendStoredBytes(reply, ctx.storage, version, range);
      },
    );
  };
}
