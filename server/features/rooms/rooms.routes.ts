import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { errorResponses, ndaGated, rememberingSerializerCompiler } from '#server/plugins/response-contracts';
import {
  accessibleDataRoomsResponseSchema,
  companyProfileRequestSchema,
  dataRoomResponseSchema,
  invitedDataRoomResponseSchema,
  inviteTokenParamsSchema,
  myDataRoomSchema,
  roomDownloadPolicyRequestSchema,
  roomIdParamsSchema,
  roomStatusRequestSchema,
  roomWatermarkRequestSchema,
  sectionsChangedResponseSchema,
  sectionsContentSchema,
  sectionsRefusedResponseSchema,
  sectionsSourceSchema,
  sectionsUpdateRequestSchema,
  sectionsUpdateResponseSchema,
} from '#shared/contracts/rooms';
import { requireInvitedRoom, requireReadableRoom } from './readability';
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
import type { InvitationLinks, RoomActivity } from './visitors';

export function roomsRoutes(
  ctx: AppContext,
  invitationLinks: InvitationLinks,
  activity: RoomActivity,
): FastifyPluginAsyncZod {
  const signedIn = errorResponses(401);
  // Anyone who may not read the room gets 404, as for a room that does not exist.
  // and 403 nda_required before they accepted its NDA (ADR 45).
  const memberRead = { ...errorResponses(401, 404), ...ndaGated };
  const inviteRead = { ...errorResponses(404), ...ndaGated };
  const managersOnly = errorResponses(401, 403, 404);
  return async (app) => {
    app.get(
      '/api/my-accessible-data-rooms',
      {
        config: { servesOneRoomSessions: true },
        schema: { response: { 200: accessibleDataRoomsResponseSchema, ...signedIn } },
      },
      async (request) => ({ dataRooms: await listAccessibleRooms(ctx, requireUser(request)) }),
    );

    // Reading a room: its owner and members (/api/data-room/{id}..., docs/product-rules.md#room-access).
    app.get(
      '/api/data-room/:id',
      {
        config: { servesOneRoomSessions: true },
        schema: { params: roomIdParamsSchema, response: { 200: dataRoomResponseSchema, ...memberRead } },
      },
      async (request) => {
        const user = requireUser(request);
        const room = await requireReadableRoom(ctx, user, request.params.id);
        // The room's page loads this first: an investor's first one is their first visit (ADR 44).
        await activity.record({ roomId: room.id, visitor: { userId: user.id }, isAction: false });
        return { dataRoom: await dataRoomViewOf(ctx, room) };
      },
    );
    app.get(
      '/api/data-room/:id/sections',
      {
        config: { servesOneRoomSessions: true },
        schema: { params: roomIdParamsSchema, response: { 200: sectionsContentSchema, ...memberRead } },
        // Members open this on every visit: the payload is one object per version of the room, so its
        // JSON is checked and written once (measured by npm run bench: authenticated reads).
        serializerCompiler: rememberingSerializerCompiler,
      },
      async (request) => {
        const room = await requireReadableRoom(ctx, requireUser(request), request.params.id);
        return sectionsPayloadOf(ctx, room, room.readerAccess);
      },
    );

    // The invited view: no session, a usable invitation link (docs/product-rules.md#invited-view).
    app.get(
      '/api/data-room/invite/:token',
      {
        schema: {
          params: inviteTokenParamsSchema,
          response: { 200: invitedDataRoomResponseSchema, ...inviteRead },
        },
      },
      async (request) => {
        const { room, invitation } = await requireInvitedRoom(ctx, invitationLinks, request.params.token);
        await activity.record({ roomId: room.id, visitor: { invitationId: invitation.id }, isAction: false });
        return { dataRoom: await dataRoomViewOf(ctx, room), invitedEmail: invitation.email };
      },
    );
    app.get(
      '/api/data-room/invite/:token/sections',
      {
        schema: { params: inviteTokenParamsSchema, response: { 200: sectionsContentSchema, ...inviteRead } },
      },
      async (request) => {
        const { room, readerAccess } = await requireInvitedRoom(ctx, invitationLinks, request.params.token);
        return sectionsPayloadOf(ctx, room, readerAccess);
      },
    );
    app.get(
      '/api/my-data-room',
      { schema: { response: { 200: myDataRoomSchema, ...managersOnly } } },
      async (request) => getMyDataRoom(ctx, requireUser(request)),
    );

    app.post(
      '/api/data-rooms',
      { schema: { body: companyProfileRequestSchema, response: { 200: myDataRoomSchema, ...managersOnly } } },
      async (request) => saveCompanyProfile(ctx, requireUser(request), request.body),
    );

    app.post(
      '/api/my-data-room/status',
      { schema: { body: roomStatusRequestSchema, response: { 200: myDataRoomSchema, ...managersOnly } } },
      async (request) => setRoomActive(ctx, requireUser(request), request.body.isActive),
    );

    app.post(
      '/api/my-data-room/download-policy',
      {
        schema: {
          body: roomDownloadPolicyRequestSchema,
          response: { 200: myDataRoomSchema, ...managersOnly },
        },
      },
      async (request) => setRoomDownloadDefault(ctx, requireUser(request), request.body.isDownloadAllowed),
    );

    app.post(
      '/api/my-data-room/watermark',
      {
        schema: {
          body: roomWatermarkRequestSchema,
          response: { 200: myDataRoomSchema, ...managersOnly },
        },
      },
      async (request) => setRoomWatermark(ctx, requireUser(request), request.body.isWatermarkEnabled),
    );

    // Two names for one read (docs/product-rules.md#api): the console uses one, the setup page the other.
    for (const url of ['/api/sections/content', '/api/sections/markdown']) {
      app.get(
        url,
        { schema: { response: { 200: sectionsSourceSchema, ...managersOnly } } },
        async (request) => getSectionsMarkdown(ctx, requireUser(request)),
      );
    }

    app.post(
      '/api/sections/update',
      {
        schema: {
          body: sectionsUpdateRequestSchema,
          response: {
            200: sectionsUpdateResponseSchema,
            400: sectionsRefusedResponseSchema,
            409: sectionsChangedResponseSchema,
            ...managersOnly,
          },
        },
      },
      async (request) => {
        const { content, baseVersion } = request.body;
        const version = await saveSectionsMarkdown(ctx, requireUser(request), content, baseVersion);
        return { message: 'Sections updated successfully', version };
      },
    );
  };
}
