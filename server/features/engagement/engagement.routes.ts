import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { engagementRoutes as routes } from '#shared/contracts/engagement';
import { hotInvestors, keyDocumentsOf, setKeyDocument } from './engagement.service';
import { crmRowsOf, engagementCsv } from './engagement-export';

/**
 * The founders' "Hot investors" list, its CRM exports and the key documents (docs/decisions/0089-engagement-score.md);
 * like every console route, for the room's managers (requireManagedRoom) and API tokens with the scope.
 */
export function engagementRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.hotInvestors, {
      handler: async (request) => (await hotInvestors(ctx, requireUser(request), request.query)).list,
    });
    serveRoute(app, routes.exportJson, {
      handler: async (request, reply) => {
        const { list, at } = await hotInvestors(
          ctx,
          requireUser(request),
          request.query,
          Number.POSITIVE_INFINITY,
        );
        reply.header('cache-control', 'private, no-store');
        return { generatedAt: at.toISOString(), investors: crmRowsOf(list) };
      },
    });
    serveRoute(app, routes.exportCsv, {
      handler: async (request, reply) => {
        const { list, at } = await hotInvestors(
          ctx,
          requireUser(request),
          request.query,
          Number.POSITIVE_INFINITY,
        );
        const csv = await engagementCsv(list, at);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', csv.contentDisposition)
          .header('cache-control', 'private, no-store')
          .send(csv.text);
      },
    });
    serveRoute(app, routes.keyDocuments, {
      handler: async (request) => keyDocumentsOf(ctx, requireUser(request)),
    });
    serveRoute(app, routes.markKeyDocument, {
      handler: async (request) =>
        setKeyDocument(ctx, requireUser(request), request.params.id, request.body.isKey),
    });
  };
}
