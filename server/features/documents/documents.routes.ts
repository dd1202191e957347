import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import type { RoomActivity } from '#server/features/rooms/index';
import { requireUser } from '#server/plugins/auth';
import { proxyRequestId } from '#server/plugins/proxy-request-id';
import { errorResponses, ndaGated, noBody } from '#server/plugins/response-contracts';
import {
  attachmentDisposition,
  clientHasCurrentCopy,
  requestedRange,
  sendRangeNotSatisfiable,
  sendStoredBytes,
} from '#server/storage/download';
import { webhookEventsCache } from '#server/webhooks/webhook-events';
import {
  documentDownloadPolicyRequestSchema,
  documentIdParamsSchema,
  documentListItemSchema,
  documentListSchema,
  documentTitleRequestSchema,
  uploadResponseSchema,
} from '#shared/contracts/documents';
import {
  deleteDocument,
  listMyDocuments,
  renameDocument,
  setDocumentDownloadPolicy,
} from './documents.service';
import type { DownloadWatermarks } from './download-watermarks';
import { findDownloadableDocument, recordAccess, requireDownloadAllowed } from './readable-documents.service';
import { acceptUploads, fileBytes, refuseCrossSiteDownload, uploadPartsOf } from './upload-requests';
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

    app.post(
      '/api/upload',
      {
        schema: {
          response: { 201: uploadResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
        },
        onRequest: refuseDeclaredOverLimit,
      },
      async (request, reply) => {
        const founder = requireUser(request);
        const uploaded = await uploadDocument(
          ctx,
          founder,
          uploadPartsOf(request, 'file'),
          versionFiles,
        ).catch(refusedUpload);
        return reply.status(201).send({ message: 'File uploaded successfully', ...uploaded });
      },
    );

    app.get(
      '/api/documents/:id/download',
      {
        compress: false,
        config: { servesOneRoomSessions: true },
        schema: {
          params: documentIdParamsSchema,
          response: {
            // The file's bytes, streamed as they are (never serialized).
            200: fileBytes,
            206: fileBytes,
            304: noBody,
            // 403 cross_site_request: another site made the browser ask (ADR 61);
            // 403 view_only: an investor may read this document in the viewer only; 403 nda_required
            // before they accepted the room's NDA; 403 watermark_unsupported: the room's watermark is on
            // and this file cannot carry it; 409 watermark_not_ready: the watermarked copy is made from a
            // preview still being prepared.
            // 429 watermark_busy: too many watermarked PDFs being made at once (ADR 61).
            ...errorResponses(401, 404, 409, 416, 429),
            ...ndaGated,
          },
        },
      },
      async (request, reply) =>
        sendDownload(ctx, { activity, watermarks }, request, reply, request.params.id),
    );

    app.get(
      '/api/my-documents',
      { schema: { response: { 200: documentListSchema, ...errorResponses(401, 403, 404) } } },
      async (request) => listMyDocuments(ctx, requireUser(request)),
    );

    app.post(
      '/api/documents/:id/download-policy',
      {
        schema: {
          params: documentIdParamsSchema,
          body: documentDownloadPolicyRequestSchema,
          response: { 200: documentListItemSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) =>
        setDocumentDownloadPolicy(ctx, requireUser(request), request.params.id, request.body.policy),
    );

    app.post(
      '/api/documents/:id/title',
      {
        schema: {
          params: documentIdParamsSchema,
          body: documentTitleRequestSchema,
          response: { 200: documentListItemSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => renameDocument(ctx, requireUser(request), request.params.id, request.body.title),
    );

    app.delete(
      '/api/documents/:id',
      {
        schema: {
          params: documentIdParamsSchema,
          response: { 204: z.null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await deleteDocument(ctx, requireUser(request), request.params.id, versionFiles);
        return reply.status(204).send(null);
      },
    );
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
    await activity.record({ roomId: document.roomId, visitor: { userId: user.id }, isAction: true });
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
