import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { EXPORT_KINDS, exportRoutes } from '#shared/contracts/exports';
import { exportCsv } from './exports.service';

/** The founder's CSV exports (docs/decisions/0042-csv-exports.md); like every /api/admin route, for the room's managers (ADR 47). */
export function exportsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const kind of EXPORT_KINDS) {
      serveRoute(app, exportRoutes[kind], {
        handler: async (request, reply) => {
          const csv = await exportCsv(ctx, requireUser(request), kind, request.query);
          // The file is written to the raw response, so that each piece's write callback can pace the
          // export's thread (ADR 42); refusals were thrown above, through the usual error handler.
          reply.hijack();
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', csv.contentDisposition)
            .header('cache-control', 'private, no-store');
          // The hooks' headers too (security-headers.ts), which Fastify would otherwise have written.
          for (const [name, value] of Object.entries(reply.getHeaders()))
            if (value !== undefined) reply.raw.setHeader(name, value);
          reply.raw.statusCode = 200;
          await csv.sendTo(reply.raw);
        },
      });
    }
  };
}
