import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { errorResponses } from '#server/plugins/response-contracts';
import { roomPreviewQuerySchema, roomPreviewSchema } from '#shared/contracts/room-preview';
import { previewRoom } from './room-preview.service';

/** GET /api/my-data-room/preview?as=...: the founder's room as one audience reads it; its managers only. */
export function roomPreviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/my-data-room/preview',
      {
        schema: {
          querystring: roomPreviewQuerySchema,
          response: { 200: roomPreviewSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => previewRoom(ctx, requireUser(request), request.query.as),
    );
  };
}
