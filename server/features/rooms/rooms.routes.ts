import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessibleDataRoomsResponseSchema,
  companyProfileRequestSchema,
  myDataRoomSchema,
  sectionsContentSchema,
  sectionsUpdateRequestSchema,
} from '../../../shared/contracts/rooms';
import type { AppContext } from '../../app-context';
import { requireFounder, requireUser } from '../../plugins/auth';
import {
  getMyDataRoom,
  getSectionsMarkdown,
  listAccessibleRooms,
  saveCompanyProfile,
  saveSectionsMarkdown,
} from './rooms.service';

export function roomsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/my-accessible-data-rooms',
      { schema: { response: { 200: accessibleDataRoomsResponseSchema } } },
      async (request) => ({ dataRooms: await listAccessibleRooms(ctx, requireUser(request)) }),
    );

    app.get('/api/my-data-room', { schema: { response: { 200: myDataRoomSchema } } }, async (request) =>
      getMyDataRoom(ctx, requireFounder(request)),
    );

    app.post(
      '/api/data-rooms',
      { schema: { body: companyProfileRequestSchema, response: { 200: myDataRoomSchema } } },
      async (request) => saveCompanyProfile(ctx, requireFounder(request), request.body),
    );

    // Two names for one read (spec section 7): the console uses one, the setup page the other.
    for (const url of ['/api/sections/content', '/api/sections/markdown']) {
      app.get(url, { schema: { response: { 200: sectionsContentSchema } } }, async (request) => ({
        content: await getSectionsMarkdown(ctx, requireFounder(request)),
      }));
    }

    app.post(
      '/api/sections/update',
      { schema: { body: sectionsUpdateRequestSchema, response: { 200: z.object({ message: z.string() }) } } },
      async (request) => {
        await saveSectionsMarkdown(ctx, requireFounder(request), request.body.content);
        return { message: 'Sections updated successfully' };
      },
    );
  };
}
