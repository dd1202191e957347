import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { rememberingSerializerCompiler } from '#server/plugins/response-contracts';
import { roomRoutes as routes } from '#shared/contracts/rooms';
import { requireInvitedRoom, requireReadableRoom } from './readability';
import type { RoomInvitations } from './room-invitations';
import type { RoomUploads } from './room-uploads';
import {
  dataRoomViewOf,
  getMyDataRoom,
  getSectionsMarkdown,
  listAccessibleRooms,
  saveCompanyProfile,
  saveSectionsMarkdown,
  sectionsPayloadOf,
  setRoomActive,
  setRoomDownloadDefault,
  setRoomWatermark,
} from './rooms.service';
import type { SectionRenames } from './section-renames';
import type { InvitationLinks, RoomActivity } from './visitors';

export function roomsRoutes(
  ctx: AppContext,
  invitationLinks: InvitationLinks,
  activity: RoomActivity,
  sectionRenames: SectionRenames,
  uploads: RoomUploads,
  invitations: RoomInvitations,
): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.accessible, {
      config: { servesOneRoomSessions: true },
      handler: async (request) => ({
        dataRooms: await listAccessibleRooms(ctx, invitations, requireUser(request)),
      }),
    });

    // Reading a room: its owner and members (/api/data-room/{id}..., docs/product-rules.md#room-access).
    serveRoute(app, routes.room, {
      config: { servesOneRoomSessions: true },
      handler: async (request) => {
        const user = requireUser(request);
        const room = await requireReadableRoom(ctx, invitations, user, request.params.id);
        // The room's page loads this first: an investor's first one is their first visit (ADR 44).
        await activity.record({ roomId: room.id, visitor: { userId: user.id }, isAction: false });
        return { dataRoom: await dataRoomViewOf(ctx, room) };
      },
    });
    serveRoute(app, routes.sections, {
      config: { servesOneRoomSessions: true },
      // Members open this on every visit: the payload is one object per version of the room, so its
      // JSON is checked and written once (measured by npm run bench: authenticated reads).
      serializerCompiler: rememberingSerializerCompiler,
      handler: async (request) => {
        const room = await requireReadableRoom(ctx, invitations, requireUser(request), request.params.id);
        return sectionsPayloadOf(ctx, uploads, room, room.readerAccess);
      },
    });

    // The invited view: no session, a usable invitation link (docs/product-rules.md#invited-view).
    serveRoute(app, routes.invitedRoom, {
      handler: async (request) => {
        const { room, invitation } = await requireInvitedRoom(
          ctx,
          invitations,
          invitationLinks,
          request.params.token,
        );
        await activity.record({ roomId: room.id, visitor: { invitationId: invitation.id }, isAction: false });
        return { dataRoom: await dataRoomViewOf(ctx, room), invitedEmail: invitation.email };
      },
    });
    serveRoute(app, routes.invitedSections, {
      handler: async (request) => {
        const { room, readerAccess } = await requireInvitedRoom(
          ctx,
          invitations,
          invitationLinks,
          request.params.token,
        );
        return sectionsPayloadOf(ctx, uploads, room, readerAccess);
      },
    });
    serveRoute(app, routes.mine, { handler: async (request) => getMyDataRoom(ctx, requireUser(request)) });

    serveRoute(app, routes.saveProfile, {
      handler: async (request) => saveCompanyProfile(ctx, requireUser(request), request.body),
    });

    serveRoute(app, routes.setStatus, {
      handler: async (request) => setRoomActive(ctx, requireUser(request), request.body.isActive),
    });

    serveRoute(app, routes.setDownloadDefault, {
      handler: async (request) =>
        setRoomDownloadDefault(ctx, requireUser(request), request.body.isDownloadAllowed),
    });

    serveRoute(app, routes.setWatermark, {
      handler: async (request) =>
        setRoomWatermark(ctx, requireUser(request), request.body.isWatermarkEnabled),
    });

    // Two names for one read (docs/product-rules.md#api): the console uses one, the setup page the other.
    for (const route of [routes.mySections, routes.sectionsMarkdown]) {
      serveRoute(app, route, { handler: async (request) => getSectionsMarkdown(ctx, requireUser(request)) });
    }

    serveRoute(app, routes.saveSections, {
      handler: async (request) => {
        const { content, baseVersion } = request.body;
        const version = await saveSectionsMarkdown(
          ctx,
          sectionRenames,
          uploads,
          requireUser(request),
          content,
          baseVersion,
        );
        return { message: 'Sections updated successfully', version };
      },
    });
  };
}
