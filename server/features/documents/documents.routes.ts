import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import type { RoomActivity } from '#server/features/rooms/index';
import { requireUser } from '#server/plugins/auth';
import { HttpError } from '#server/plugins/errors';
import { proxyRequestId } from '#server/plugins/proxy-request-id';
import { errorResponses, ndaGated, noBody } from '#server/plugins/response-contracts';
import { isCrossSiteRequest } from '#server/security/cross-site';
import {
  attachmentDisposition,
  clientHasCurrentCopy,
  requestedRange,
  sendRangeNotSatisfiable,
  sendStoredBytes,
} from '#server/storage/download';
import { webhookEventsCache } from '#server/webhooks/webhook-events';
import {
  archiveUploadResponseSchema,
  documentDownloadPolicyRequestSchema,
  documentIdParamsSchema,
  documentListItemSchema,
  documentListSchema,
  documentTitleRequestSchema,
  documentVersionParamsSchema,
  documentVersionsSchema,
  downloadAllQuerySchema,
  newVersionResponseSchema,
  uploadResponseSchema,
} from '#shared/contracts/documents';
import { roomIdParamsSchema } from '#shared/contracts/rooms';
import { uploadArchive } from './archive-upload.service';
import {
  deleteDocument,
  findDownloadableDocument,
  listMyDocuments,
  recordAccess,
  renameDocument,
  requireDownloadAllowed,
  setDocumentDownloadPolicy,
  type UploadPart,
  uploadDocument,
} from './documents.service';
import type { DownloadWatermarks } from './download-watermarks';
import { roomArchiveFor, streamRoomArchive } from './room-archive.service';
import { requireMultipartBoundary, tooLarge, translateUploadError } from './upload-errors';
import {
  deleteVersion,
  findManagedVersion,
  listDocumentVersions,
  replaceDocumentFile,
  restoreVersion,
} from './versions.service';

/** A download's body: the stored file, streamed with its own content type. */
const fileBytes = z.unknown().describe('The file, in its own content type.');

/** Room for the multipart framing and the title and section fields around the largest file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The parts of an upload's body, once it is a multipart body with its boundary; `noun` names what to send. */
function uploadPartsOf(request: FastifyRequest, noun: 'file' | 'zip'): AsyncIterable<UploadPart> {
  if (!request.isMultipart()) {
    throw new HttpError(400, 'invalid_request', `file: send the ${noun} as multipart/form-data.`, {
      field: 'file',
    });
  }
  requireMultipartBoundary(request.headers['content-type']);
  return request.parts() as AsyncIterable<UploadPart>;
}

export function documentsRoutes(
  ctx: AppContext,
  activity: RoomActivity,
  watermarks: DownloadWatermarks,
): FastifyPluginAsyncZod {
  return async (app) => {
    const maxBytes = ctx.config.uploadMaxBytes;
    // An upload is refused before a byte of its body is read when the client says it is too large.
    const refuseDeclaredOverLimit = async (request: FastifyRequest) => {
      const length = Number(request.headers['content-length']);
      if (Number.isFinite(length) && length > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(maxBytes);
    };
    // Another page must not make a signed-in reader's browser download (and log) a file (ADR 61).
    const refuseCrossSiteDownload = (request: FastifyRequest, message: string) => {
      if (isCrossSiteRequest(request, ctx.config.appUrl))
        throw new HttpError(403, 'cross_site_request', message);
    };
    // A multipart failure (a truncated body, a part over the limit) as the caller's error, naming the limit.
    const refusedUpload = (error: unknown): never => {
      throw translateUploadError(error, app.multipartErrors, maxBytes);
    };
    await app.register(multipart, {
      // One byte over our limit, so the storage write sees it and refuses (busboy would truncate quietly).
      limits: { fileSize: maxBytes + 1, files: 1, fields: 4, fieldSize: 2000, parts: 6 },
    });

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
        const uploaded = await uploadDocument(ctx, founder, uploadPartsOf(request, 'file')).catch(
          refusedUpload,
        );
        return reply.status(201).send({ message: 'File uploaded successfully', ...uploaded });
      },
    );

    app.post(
      '/api/upload/archive',
      {
        schema: {
          response: {
            201: archiveUploadResponseSchema,
            ...errorResponses(400, 401, 403, 404, 409, 413, 415),
          },
        },
        onRequest: refuseDeclaredOverLimit,
      },
      async (request, reply) => {
        const founder = requireUser(request);
        // The response closing before it was sent: the client went away, and the unpacking stops.
        const gone = new AbortController();
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished) gone.abort();
        });
        const unpacked = await uploadArchive(ctx, founder, uploadPartsOf(request, 'zip'), gone.signal).catch(
          refusedUpload,
        );
        return reply.status(201).send(unpacked);
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
      async (request, reply) => {
        const user = requireUser(request);
        refuseCrossSiteDownload(
          request,
          'Downloads start from the data room itself: open the document in Roundroom and download it there.',
        );
        const document = await findDownloadableDocument(ctx, user, request.params.id);
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
      },
    );

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
        refuseCrossSiteDownload(request, 'Downloads start from Roundroom itself.');
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

    app.get(
      '/api/data-room/:id/download-all',
      {
        compress: false,
        config: { servesOneRoomSessions: true },
        schema: {
          params: roomIdParamsSchema,
          querystring: downloadAllQuerySchema,
          response: {
            // A zip, streamed as it is built (never serialized).
            200: z.unknown().describe('A zip of the files this reader may download.'),
            // 404 nothing_to_download: the room or section holds no file this reader may download;
            // 403 cross_site_request: another site made the browser ask (ADR 61).
            ...errorResponses(400, 401, 404),
            ...ndaGated,
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        refuseCrossSiteDownload(
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
        await deleteDocument(ctx, requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
