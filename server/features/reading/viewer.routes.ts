import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { retryPreview } from '#server/features/preparation/index';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import {
  clientHasCurrentCopy,
  requestedRange,
  sendRangeNotSatisfiable,
  sendStoredBytes,
} from '#server/storage/download';
import { previewRoutes as routes } from '#shared/contracts/previews';
import { previewBytesCache } from './reading.caches';
import {
  documentPreviewFor,
  documentTextFor,
  pageImageFor,
  pageWordsFor,
  previewContentFor,
  type ServedObject,
  thumbnailFor,
} from './viewer.service';
import { watermarkedEtag, watermarkedObjectBytes, watermarkOf } from './watermark.service';

/**
 * How long a browser keeps a preview object without asking again. Objects are immutable per storage
 * key (the ETag), so after this a revalidation costs a 304; kept short enough that a reader whose
 * access ends stops being served from their own cache within the hour.
 */
const OBJECT_MAX_AGE_SECONDS = 3600;

/** Never rendered by the browser as a page of ours, whatever the bytes hold (as downloads). */
const SANDBOX_POLICY = "sandbox; default-src 'none'";

function commonHeaders(reply: FastifyReply, contentType: string, etag: string): void {
  reply
    .header('content-type', contentType)
    .header('content-security-policy', SANDBOX_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', `private, max-age=${OBJECT_MAX_AGE_SECONDS}`)
    .header('etag', etag);
}

/**
 * A small object (a page image, a thumbnail) is sent from memory (server/caches/preview-bytes-cache.ts),
 * a large one streamed from storage. Either way the caller was authorised for it just before. An image
 * whose reader must see a watermark is theirs alone: stamped (or found in their cache) with an ETag of
 * their own, so neither a browser nor any cache in between can hand one reader's copy to another.
 */
async function sendObject(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
  { object, document }: ServedObject,
  reader: { id: string; email: string },
) {
  const watermark = object.contentType.startsWith('image/') ? watermarkOf(reader, document) : null;
  if (watermark) {
    const etag = watermarkedEtag(object, watermark);
    commonHeaders(reply, object.contentType, etag);
    reply.header('vary', 'Cookie, Authorization');
    if (clientHasCurrentCopy(request.headers, etag)) return reply.status(304).send();
    const bytes = await watermarkedObjectBytes(ctx, object, watermark);
    return reply.header('content-length', String(bytes.length)).send(bytes);
  }
  const etag = `"${object.storageKey}"`;
  commonHeaders(reply, object.contentType, etag);
  if (clientHasCurrentCopy(request.headers, etag)) return reply.status(304).send();
  reply.header('content-length', String(object.sizeBytes));
  const bytes = await ctx.caches
    .get(previewBytesCache)
    .bytes(object.storageKey, object.sizeBytes, () => ctx.storage.read(object.storageKey));
  return reply.send(bytes ?? ctx.storage.read(object.storageKey));
}

/**
 * What the viewer reads: a document's preview state, its page images, thumbnails, text and words, and the
 * content of an image, text, table or video preview; and the founder's Retry of a failed preparation.
 * Every read is authorised like a download (viewer.service.ts).
 */
export function viewerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.preview, {
      config: { servesOneRoomSessions: true },
      handler: async (request, reply) => {
        const preview = await documentPreviewFor(ctx, requireUser(request), request.params.id);
        // The state changes as the preparation runs: always asked again.
        reply.header('cache-control', 'private, no-cache');
        return preview;
      },
    });

    serveRoute(app, routes.page, {
      compress: false,
      config: { servesOneRoomSessions: true },
      handler: async (request, reply) => {
        const { id, page } = request.params;
        const reader = requireUser(request);
        const { width, layout } = request.query;
        const served = await pageImageFor(ctx, reader, id, page, width, layout);
        return sendObject(request, reply, ctx, served, reader);
      },
    });

    serveRoute(app, routes.words, {
      config: { servesOneRoomSessions: true },
      handler: async (request, reply) => {
        const { id, page } = request.params;
        const words = await pageWordsFor(ctx, requireUser(request), id, page);
        // As the text's: the words of a stored preview never change, and the reader's access is asked
        // again within the hour.
        reply.header('cache-control', `private, max-age=${OBJECT_MAX_AGE_SECONDS}`);
        return words;
      },
    });

    serveRoute(app, routes.thumbnail, {
      compress: false,
      config: { servesOneRoomSessions: true },
      handler: async (request, reply) => {
        const { id, page } = request.params;
        const reader = requireUser(request);
        const served = await thumbnailFor(ctx, reader, id, page);
        return sendObject(request, reply, ctx, served, reader);
      },
    });

    serveRoute(app, routes.text, {
      config: { servesOneRoomSessions: true },
      handler: async (request, reply) => {
        const text = await documentTextFor(ctx, requireUser(request), request.params.id);
        reply.header('cache-control', `private, max-age=${OBJECT_MAX_AGE_SECONDS}`);
        return text;
      },
    });

    serveRoute(app, routes.content, {
      compress: false,
      config: { servesOneRoomSessions: true },
      handler: async (request, reply) => {
        const reader = requireUser(request);
        const content = await previewContentFor(ctx, reader, request.params.id, request.query.width);
        if (content.source === 'object') return sendObject(request, reply, ctx, content, reader);

        // A video plays from the original, inline, with byte ranges so the player can seek.
        const { document } = content;
        const etag = `"${document.sha256}"`;
        commonHeaders(reply, document.mimeType, etag);
        reply.header('content-disposition', 'inline').header('accept-ranges', 'bytes');
        if (clientHasCurrentCopy(request.headers, etag)) return reply.status(304).send();
        const range = requestedRange(request.headers, document.sizeBytes, etag);
        if (range.kind === 'unsatisfiable') return sendRangeNotSatisfiable(reply, document.sizeBytes);
        return sendStoredBytes(reply, ctx.storage, document, range);
      },
    });

    serveRoute(app, routes.retry, {
      handler: async (request, reply) => {
        await retryPreview(ctx, requireUser(request), request.params.id);
        return reply.status(202).send(null);
      },
    });
  };
}
