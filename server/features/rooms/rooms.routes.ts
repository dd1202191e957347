import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessibleDataRoomsResponseSchema, myDataRoomSchema } from '../../../shared/contracts/rooms';
import type { AppContext } from '../../app-context';
import { requireFounder, requireUser } from '../../plugins/auth';
import { getMyDataRoom, listAccessibleRooms } from './rooms.service';

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
  };
}
