import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessibleDataRoomsResponseSchema } from '../../../shared/contracts/rooms';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/auth';
import { listAccessibleRooms } from './rooms.service';

export function roomsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/my-accessible-data-rooms',
      { schema: { response: { 200: accessibleDataRoomsResponseSchema } } },
      async (request) => ({ dataRooms: await listAccessibleRooms(ctx, requireUser(request)) }),
    );
  };
}
