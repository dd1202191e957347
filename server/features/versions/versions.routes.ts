import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { acceptUploads, refuseCrossSiteDownload, uploadPartsOf } from '#server/features/documents/index';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import {
  attachmentDisposition,
  requestedRange,
  sendRangeNotSatisfiable,
  sendStoredBytes,
} from '#server/storage/download';
import { documentRoutes as routes } from '#shared/contracts/documents';
import type { VersionReaders } from './version-readers';
import {
  deleteVersion,
  findManagedVersion,
  listDocumentVersions,
  replaceDocumentFile,
  restoreVersion,
} from './versions.service';

export function versionsRoutes(ctx: AppContext, readers: VersionReaders): FastifyPluginAsyncZod {
  return async (app) => {
    const { refuseDeclaredOverLimit, refusedUpload } = await acceptUploads(app, ctx);

    // Versions (docs/decisions/0069-document-versions.md): the room's managers only (requireManagedRoom).
    serveRoute(app, routes.replaceFile, {
      onRequest: refuseDeclaredOverLimit,
      handler: async (request, reply) => {
        const founder = requireUser(request);
        const replaced = await replaceDocumentFile(
          ctx,
          readers,
          founder,
          request.params.id,
          uploadPartsOf(request, 'file'),
        ).catch(refusedUpload);
        return reply.status(201).send({ message: 'File replaced', ...replaced });
      },
    });

    serveRoute(app, routes.versions, {
      handler: async (request) => listDocumentVersions(ctx, readers, requireUser(request), request.params.id),
    });

    serveRoute(app, routes.restoreVersion, {
      handler: async (request, reply) => {
        const { id, number } = request.params;
        const restored = await restoreVersion(ctx, readers, requireUser(request), id, number);
        return reply.status(201).send({ message: `Version ${number} restored`, ...restored });
      },
    });

    serveRoute(app, routes.removeVersion, {
      handler: async (request, reply) => {
        await deleteVersion(ctx, requireUser(request), request.params.id, request.params.number);
        return reply.status(204).send(null);
      },
    });

    serveRoute(app, routes.downloadVersion, {
      compress: false,
      handler: async (request, reply) => {
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
    });
  };
}
