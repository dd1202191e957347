import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentListSchema } from '../../../shared/contracts/documents';
import {
  accessibleDataRoomsResponseSchema,
  clickQuerySchema,
  companyProfileRequestSchema,
  dataRoomResponseSchema,
  invitedDataRoomResponseSchema,
  inviteTokenParamsSchema,
  myDataRoomSchema,
  roomIdParamsSchema,
  roomStatusRequestSchema,
  sectionsChangedResponseSchema,
  sectionsContentSchema,
  sectionsSourceSchema,
  sectionsUpdateRequestSchema,
  sectionsUpdateResponseSchema,
} from '../../../shared/contracts/rooms';
import type { AppContext } from '../../app-context';
import { requireFounder, requireUser } from '../../plugins/auth';
import { recordAccessEvent } from '../activity/access-events.repository';
import { listDocumentsOfRoom } from '../documents/documents.service';
import type { DataRoom } from './rooms.repository';
import {
  getMyDataRoom,
  getSectionsMarkdown,
  listAccessibleRooms,
  requireExternalLink,
  requireInvitedRoom,
  requireReadableRoom,
  saveCompanyProfile,
  saveSectionsMarkdown,
  sectionsJsonOf,
  sectionsMarkdownOf,
  setRoomActive,
  toDataRoomView,
} from './rooms.service';

export function roomsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/my-accessible-data-rooms',
      { schema: { response: { 200: accessibleDataRoomsResponseSchema } } },
      async (request) => ({ dataRooms: await listAccessibleRooms(ctx, requireUser(request)) }),
    );

    // Reading a room: its owner and members (spec section 7, /api/data-room/{id}...).
    app.get(
      '/api/data-room/:id',
      { schema: { params: roomIdParamsSchema, response: { 200: dataRoomResponseSchema } } },
      async (request) => ({
        dataRoom: toDataRoomView(await requireReadableRoom(ctx, requireUser(request), request.params.id)),
      }),
    );
    app.get(
      '/api/data-room/:id/sections',
      { schema: { params: roomIdParamsSchema, response: { 200: sectionsContentSchema } } },
      async (request, reply) => {
        const room = await requireReadableRoom(ctx, requireUser(request), request.params.id);
        // Members open this on every visit: the JSON is built once per version of the room (a string
        // payload skips the serializer; sectionsJsonOf produces exactly sectionsContentSchema's shape).
        return reply.type('application/json; charset=utf-8').send(sectionsJsonOf(room) as never);
      },
    );
    app.get(
      '/api/data-room/:id/documents',
      { schema: { params: roomIdParamsSchema, response: { 200: documentListSchema } } },
      async (request) =>
        listDocumentsOfRoom(ctx, await requireReadableRoom(ctx, requireUser(request), request.params.id)),
    );

    // The invited view: no session, a usable invitation link (DESIGN.md answer 6).
    app.get(
      '/api/data-room/invite/:token',
      { schema: { params: inviteTokenParamsSchema, response: { 200: invitedDataRoomResponseSchema } } },
      async (request) => {
        const { room, invitation } = await requireInvitedRoom(ctx, request.params.token);
        return { dataRoom: toDataRoomView(room), invitedEmail: invitation.email };
      },
    );
    app.get(
      '/api/data-room/invite/:token/sections',
      { schema: { params: inviteTokenParamsSchema, response: { 200: sectionsContentSchema } } },
      async (request) => ({
        content: sectionsMarkdownOf((await requireInvitedRoom(ctx, request.params.token)).room),
      }),
    );
    app.get(
      '/api/data-room/invite/:token/documents',
      {
        schema: {
          params: inviteTokenParamsSchema,
          response: { 200: z.object({ documents: documentListSchema }) },
        },
      },
      async (request) => ({
        documents: await listDocumentsOfRoom(ctx, (await requireInvitedRoom(ctx, request.params.token)).room),
      }),
    );

    // Clicks on external documents: logged as 'clicked', then redirected, only to the room's own links.
    const click = async (
      room: DataRoom,
      url: string,
      who: { userId: string | null; invitationId: string | null },
      request: FastifyRequest,
      reply: FastifyReply,
    ) => {
      const document = requireExternalLink(room, url);
      await recordAccessEvent(ctx.db, {
        roomId: room.id,
        ...who,
        documentId: null,
        documentTitle: document.title,
        url: document.url,
        action: 'clicked',
        occurredAt: new Date(),
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return reply.header('cache-control', 'no-store').redirect(new URL(document.url).toString(), 302);
    };
    app.get(
      '/api/data-room/:id/click',
      { schema: { params: roomIdParamsSchema, querystring: clickQuerySchema } },
      async (request, reply) => {
        const user = requireUser(request);
        const room = await requireReadableRoom(ctx, user, request.params.id);
        return click(room, request.query.url, { userId: user.id, invitationId: null }, request, reply);
      },
    );
    app.get(
      '/api/data-room/invite/:token/click',
      { schema: { params: inviteTokenParamsSchema, querystring: clickQuerySchema } },
      async (request, reply) => {
        const { room, invitation } = await requireInvitedRoom(ctx, request.params.token);
        return click(room, request.query.url, { userId: null, invitationId: invitation.id }, request, reply);
      },
    );

    app.get('/api/my-data-room', { schema: { response: { 200: myDataRoomSchema } } }, async (request) =>
      getMyDataRoom(ctx, requireFounder(request)),
    );

    app.post(
      '/api/data-rooms',
      { schema: { body: companyProfileRequestSchema, response: { 200: myDataRoomSchema } } },
      async (request) => saveCompanyProfile(ctx, requireFounder(request), request.body),
    );

    app.post(
      '/api/my-data-room/status',
      { schema: { body: roomStatusRequestSchema, response: { 200: myDataRoomSchema } } },
      async (request) => setRoomActive(ctx, requireFounder(request), request.body.isActive),
    );

    // Two names for one read (spec section 7): the console uses one, the setup page the other.
    for (const url of ['/api/sections/content', '/api/sections/markdown']) {
      app.get(url, { schema: { response: { 200: sectionsSourceSchema } } }, async (request) =>
        getSectionsMarkdown(ctx, requireFounder(request)),
      );
    }

    app.post(
      '/api/sections/update',
      {
        schema: {
          body: sectionsUpdateRequestSchema,
          response: { 200: sectionsUpdateResponseSchema, 409: sectionsChangedResponseSchema },
        },
      },
      async (request) => {
        const { content, baseVersion } = request.body;
        const version = await saveSectionsMarkdown(ctx, requireFounder(request), content, baseVersion);
        return { message: 'Sections updated successfully', version };
      },
    );
  };
}
