import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import type { RoomActivity } from '#server/features/rooms/index';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { proxyRequestId } from '#server/plugins/proxy-request-id';
import {
  attachmentDisposition,
  clientHasCurrentCopy,
  requestedRange,
  sendRangeNotSatisfiable,
  sendStoredBytes,
} from '#server/storage/download';
import { webhookEventsCache } from '#server/webhooks/webhook-events';
import { documentRoutes as routes } from '#shared/contracts/documents';
import {
  deleteDocument,
  listMyDocuments,
  renameDocument,
  setDocumentDownloadPolicy,
} from './documents.service';
import type { DownloadWatermarks } from './download-watermarks';
import { findDownloadableDocument, recordAccess, requireDownloadAllowed } from './readable-documents.service';
import { acceptUploads, refuseCrossSiteDownload, uploadPartsOf } from './upload-requests';
import { uploadDocument } from './uploads.service';
import type { VersionFiles } from './version-files';

export function documentsRoutes(
  ctx: AppContext,
  activity: RoomActivity,
  watermarks: DownloadWatermarks,
  versionFiles: VersionFiles,
): FastifyPluginAsyncZod {
  return async (app) => {
    const { refuseDeclaredOverLimit, refusedUpload } = await acceptUploads(app, ctx);

    serveRoute(app, routes.upload, {
      onRequest: refuseDeclaredOverLimit,
      handler: async (request, reply) => {
        const founder = requireUser(request);
        const uploaded = await uploadDocument(
          ctx,
          founder,
          uploadPartsOf(request, 'file'),
          versionFiles,
        ).catch(refusedUpload);
        return reply.status(201).send({ message: 'File uploaded successfully', ...uploaded });
      },
    });

    serveRoute(app, routes.download, {
      compress: false,
      config: { servesOneRoomSessions: true },
      handler: async (request, reply) =>
        sendDownload(ctx, { activity, watermarks }, request, reply, request.params.id),
    });

    serveRoute(app, routes.mine, {
      handler: async (request) => listMyDocuments(ctx, requireUser(request)),
    });

    serveRoute(app, routes.setDownloadPolicy, {
      handler: async (request) =>
        setDocumentDownloadPolicy(ctx, requireUser(request), request.params.id, request.body.policy),
    });

    serveRoute(app, routes.rename, {
      handler: async (request) =>
        renameDocument(ctx, requireUser(request), request.params.id, request.body.title),
    });

    serveRoute(app, routes.remove, {
      handler: async (request, reply) => {
        await deleteDocument(ctx, requireUser(request), request.params.id, versionFiles);
        return reply.status(204).send(null);
      },
    });
  };
}

/**
 * A document's download for a reader who may download it: the reader's own watermarked copy where the
 * room's watermark applies, else the stored file with its validator and ranges; logged before any byte
 * is sent.
 */
async function sendDownload(
  ctx: AppContext,
  { activity, watermarks }: { activity: RoomActivity; watermarks: DownloadWatermarks },
  request: FastifyRequest,
  reply: FastifyReply,
  documentId: string,
) {
  const user = requireUser(request);
  refuseCrossSiteDownload(
    ctx,
    request,
    'Downloads start from the data room itself: open the document in Roundroom and download it there.',
  );
  const document = await findDownloadableDocument(ctx, user, documentId);
  requireDownloadAllowed(document);
  // Logged before any byte is sent, so an answered download is always in the access log.
  const logDownload = async () => {
    await recordAccess(
      ctx.db,
      user,
      document,
      'downloaded',
      {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        at: new Date(),
        requestId: proxyRequestId(request, ctx.config),
      },
      ctx.caches.get(webhookEventsCache),
    );
    await activity.record({
      roomId: document.roomId,
      visitor: { userId: user.id },
      isAction: true,
      event: { kind: 'downloaded', documentId: document.id, documentTitle: document.titleInRoom },
    });
  };
  // The reader's own copy, made now where the room's watermark applies: no validator or range to
  // offer (each copy is new), never kept by any cache.
  const copy = await watermarks.copyFor(user, document);
  if (copy) {
    reply
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('cache-control', 'private, no-store')
      .header('accept-ranges', 'none');
    await logDownload();
    if (copy.kind === 'image') {
      return reply
        .header('content-type', copy.contentType)
        .header('content-disposition', attachmentDisposition(copy.fileName))
        .header('content-length', String(copy.bytes.length))
        .send(copy.bytes);
    }
    // A reader who leaves mid-download stops qpdf and frees its work directory.
    reply.raw.once('close', () => void copy.stamped.close());
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentDisposition(copy.fileName))
      .send(copy.stamped.stream);
  }
  const etag = `"${document.sha256}"`;
  reply
    .header('content-type', document.mimeType)
    .header('content-disposition', attachmentDisposition(document.title))
    // Never rendered by the browser as a page of ours, whatever the file holds.
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('cache-control', 'private, no-cache')
    .header('etag', etag)
    .header('accept-ranges', 'bytes');
  if (clientHasCurrentCopy(request.headers, etag)) return reply.status(304).send();

  const range = requestedRange(request.headers, document.sizeBytes, etag);
  if (range.kind === 'unsatisfiable') return sendRangeNotSatisfiable(reply, document.sizeBytes);
  // A download is logged once: a resumed range that does not start at 0 is the same download.
  if (range.kind === 'whole' || range.start === 0) {
    await logDownload();
  }
  return sendStoredBytes(reply, ctx.storage, document, range);
}
