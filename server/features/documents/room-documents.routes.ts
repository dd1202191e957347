import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { invitationsOfRooms } from '#server/features/invitations/index';
import {
  type InvitationLinks,
  type ReadableRoom,
  type RoomActivity,
  requireExternalLink,
  requireInvitedRoom,
  requireReadableRoom,
} from '#server/features/rooms/index';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { proxyRequestId } from '#server/plugins/proxy-request-id';
import { isCrossSiteRequest } from '#server/security/cross-site';
import { webhookEventsCache } from '#server/webhooks/webhook-events';
import { documentRoutes } from '#shared/contracts/documents';
import { roomRoutes } from '#shared/contracts/rooms';
import { recordAccessEvent } from './access-events.repository';
import { listDocumentsOfRoom } from './documents.service';

/**
 * A room's documents as its readers list them, and their clicks on its external links (logged as access
 * events), for members (/api/data-room/{id}/...) and the invited view (/api/data-room/invite/{token}/...).
 * Whether the reader may read the room is decided by the rooms module's readability rule.
 */
export function roomDocumentsRoutes(
  ctx: AppContext,
  invitationLinks: InvitationLinks,
  activity: RoomActivity,
): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, documentRoutes.inRoom, {
      config: { servesOneRoomSessions: true },
      handler: async (request) => {
        const room = await requireReadableRoom(
          ctx,
          invitationsOfRooms,
          requireUser(request),
          request.params.id,
        );
        return listDocumentsOfRoom(ctx, room, room.readerAccess);
      },
    });
    serveRoute(app, documentRoutes.inInvitedRoom, {
      handler: async (request) => {
        const { room, readerAccess } = await requireInvitedRoom(
          ctx,
          invitationsOfRooms,
          invitationLinks,
          request.params.token,
        );
        return { documents: await listDocumentsOfRoom(ctx, room, readerAccess) };
      },
    });

    // Clicks on external documents: logged as 'clicked', then redirected, only to the room's own links.
    const click = async (
      room: ReadableRoom,
      url: string,
      who: { userId: string | null; invitationId: string | null },
      request: FastifyRequest,
      reply: FastifyReply,
    ) => {
      const document = await requireExternalLink(ctx, room, room.readerAccess, url);
      // The room's owner and editors are not investors: their own clicks are not logged (ADR 47). A
      // click another site made the browser send is redirected like any other but not logged either:
      // the log holds only what the investor did in the room (ADR 61).
      if (!room.readerManagesRoom && !isCrossSiteRequest(request, ctx.config.appUrl)) {
        await recordAccessEvent(
          ctx.db,
          {
            roomId: room.id,
            ...who,
            documentId: null,
            documentVersion: null,
            documentTitle: document.title,
            url: document.url,
            action: 'clicked',
            occurredAt: new Date(),
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? null,
            requestId: proxyRequestId(request, ctx.config),
          },
          ctx.caches.get(webhookEventsCache),
        );
        await activity.record({
          roomId: room.id,
          visitor: who.userId ? { userId: who.userId } : { invitationId: who.invitationId ?? '' },
          isAction: true,
        });
      }
      return reply.header('cache-control', 'no-store').redirect(new URL(document.url).toString(), 302);
    };
    serveRoute(app, roomRoutes.click, {
      config: { servesOneRoomSessions: true },
      handler: async (request, reply) => {
        const user = requireUser(request);
        const room = await requireReadableRoom(ctx, invitationsOfRooms, user, request.params.id);
        return click(room, request.query.url, { userId: user.id, invitationId: null }, request, reply);
      },
    });
    serveRoute(app, roomRoutes.invitedClick, {
      handler: async (request, reply) => {
        const { room, invitation, readerAccess } = await requireInvitedRoom(
          ctx,
          invitationsOfRooms,
          invitationLinks,
          request.params.token,
        );
        const invited = { ...room, readerManagesRoom: false, readerAccess };
        return click(
          invited,
          request.query.url,
          { userId: null, invitationId: invitation.id },
          request,
          reply,
        );
      },
    });
  };
}
