import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import type { InvitationLinks, RoomInvitations } from '#server/features/rooms/index';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { HttpError } from '#server/plugins/errors';
import { BANNER_MAX_BYTES, LOGO_MAX_BYTES, brandRoutes as routes } from '#shared/contracts/brand';
import {
  brandForInvitation,
  brandForReader,
  brandForShareLink,
  brandImage,
  brandSettings,
  removeBrandImage,
  type ShareLinkRooms,
  saveBrandSettings,
  uploadBrandImage,
} from './brand.service';
import { imageTooLarge } from './brand-images';

/** Room for the multipart framing around the file. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
const ONE_YEAR_SECONDS = 31_536_000;
const LIMITS = { logo: LOGO_MAX_BYTES, banner: BANNER_MAX_BYTES } as const;

/** An image's file from a multipart body, refused by name past its limit (the stream stops there). */
async function imageBytes(request: FastifyRequest, kind: 'logo' | 'banner'): Promise<Buffer> {
  if (!request.isMultipart())
    throw new HttpError(400, 'invalid_request', `file: send the ${kind} as multipart/form-data.`, {
      field: 'file',
    });
  const limit = LIMITS[kind];
  try {
    const file = await request.file({ limits: { fileSize: limit, files: 1, fields: 0, parts: 2 } });
    if (!file)
      throw new HttpError(400, 'invalid_request', `file: send the ${kind} as the part "file".`, {
        field: 'file',
      });
    const bytes = await file.toBuffer();
    return bytes;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge(kind, undefined);
    throw new HttpError(400, 'invalid_multipart', `file: the ${kind} could not be read from the body.`, {
      field: 'file',
    });
  }
}

/** A body declared larger than the image may be is refused before a byte of it is read. */
const refuseDeclaredOverLimit = (kind: 'logo' | 'banner') => async (request: FastifyRequest) => {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > LIMITS[kind] + MULTIPART_OVERHEAD_BYTES)
    throw imageTooLarge(kind, length);
};

/**
 * The brand's routes (docs/decisions/0094-the-founders-brand.md): the console's settings for the room's
 * managers (403 for anyone else), the brand for each way an investor sees the room (404 where that proof
 * does not show the room), and the images by their hash, cached for good.
 */
export function brandRoutes(
  ctx: AppContext,
  invitationLinks: InvitationLinks,
  invitations: RoomInvitations,
  shareLinkRooms: ShareLinkRooms,
): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart);
    serveRoute(app, routes.settings, {
      handler: async (request) => brandSettings(ctx, requireUser(request)),
    });
    serveRoute(app, routes.save, {
      handler: async (request) => saveBrandSettings(ctx, requireUser(request), request.body),
    });
    for (const kind of ['logo', 'banner'] as const) {
      serveRoute(app, kind === 'logo' ? routes.uploadLogo : routes.uploadBanner, {
        onRequest: refuseDeclaredOverLimit(kind),
        handler: async (request) => {
          const user = requireUser(request);
          return uploadBrandImage(ctx, user, kind, await imageBytes(request, kind));
        },
      });
      serveRoute(app, kind === 'logo' ? routes.removeLogo : routes.removeBanner, {
        handler: async (request) => removeBrandImage(ctx, requireUser(request), kind),
      });
    }
    serveRoute(app, routes.ofRoom, {
      config: { servesOneRoomSessions: true },
      handler: async (request) => brandForReader(ctx, invitations, requireUser(request), request.params.id),
    });
    serveRoute(app, routes.ofInvitation, {
      handler: async (request) => brandForInvitation(ctx, invitations, invitationLinks, request.params.token),
    });
    serveRoute(app, routes.ofShareLink, {
      handler: async (request) => brandForShareLink(ctx, shareLinkRooms, request.params.token),
    });
    serveRoute(app, routes.asset, {
      compress: false,
      handler: async (request, reply) => {
        const image = await brandImage(ctx, request.params.id, request.params.file);
        return (
          reply
            .header('content-type', image.contentType)
            .header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
            // Mail clients and other sites draw the logo; an SVG opened on its own runs nothing.
            .header('cross-origin-resource-policy', 'cross-origin')
            .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
            .send(image.bytes)
        );
      },
    });
  };
}
