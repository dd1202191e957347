import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import {
  acceptUploads,
  type DownloadWatermarks,
  refuseCrossSiteDownload,
  uploadPartsOf,
  type VersionFiles,
} from '#server/features/documents/index';
import type { RoomActivity } from '#server/features/rooms/index';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { proxyRequestId } from '#server/plugins/proxy-request-id';
import { attachmentDisposition } from '#server/storage/download';
import { documentRoutes as routes } from '#shared/contracts/documents';
import { uploadArchive } from './archive-upload.service';
import { roomArchiveFor, streamRoomArchive } from './room-archive.service';

export function archivesRoutes(
  ctx: AppContext,
  activity: RoomActivity,
  watermarks: DownloadWatermarks,
  versionFiles: VersionFiles,
): FastifyPluginAsyncZod {
  return async (app) => {
    const { refuseDeclaredOverLimit, refusedUpload } = await acceptUploads(app, ctx);

    serveRoute(app, routes.uploadArchive, {
      onRequest: refuseDeclaredOverLimit,
      handler: async (request, reply) => {
        const founder = requireUser(request);
        // The response closing before it was sent: the client went away, and the unpacking stops.
        const gone = new AbortController();
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished) gone.abort();
        });
        const unpacked = await uploadArchive(
          ctx,
          founder,
          uploadPartsOf(request, 'zip'),
          gone.signal,
          versionFiles,
        ).catch(refusedUpload);
        return reply.status(201).send(unpacked);
      },
    });

    serveRoute(app, routes.downloadAll, {
      compress: false,
      config: { servesOneRoomSessions: true },
      handler: async (request, reply) => {
        const user = requireUser(request);
        refuseCrossSiteDownload(
          ctx,
          request,
          'Downloads start from the data room itself: open it in Roundroom and download it there.',
        );
        const archive = await roomArchiveFor(ctx, user, request.params.id, request.query.section);
        const stop = new AbortController();
        reply.raw.once('close', () => stop.abort());
        const stream = streamRoomArchive(ctx, user, archive, {
          watermarks,
          activity,
          signal: stop.signal,
          request: {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
            requestId: proxyRequestId(request, ctx.config),
          },
        });
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', attachmentDisposition(archive.fileName))
          .header('content-security-policy', "sandbox; default-src 'none'")
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    });
  };
}
