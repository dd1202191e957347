import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { roomPreviewRoutes as routes } from '#shared/contracts/room-preview';
import { previewRoom } from './room-preview.service';

/** GET /api/my-data-room/preview?as=...: the founder's room as one audience reads it; its managers only. */
export function roomPreviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.preview, {
      handler: async (request) => previewRoom(ctx, requireUser(request), request.query.as),
    });
  };
}
