import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { MINUTE_MS, SECOND_MS } from '#server/durations';
import type { RoomActivity } from '#server/features/rooms/index';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { HttpError } from '#server/plugins/errors';
import { readingRoutes as routes, VIEW_OPENS_PER_MINUTE } from '#shared/contracts/reading';
import { linkAnalytics } from './link-analytics.service';
import {
  acceptReport,
  documentAnalytics,
  investorAnalytics,
  openView,
  roomAnalytics,
} from './reading-analytics.service';

/** Views and reading reports from the viewer, and the founder's reading analytics (ADR 41). */
export function readingAnalyticsRoutes(ctx: AppContext, activity: RoomActivity): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.openView, {
      // Each opening writes a 'viewed' event to the founder's log: one user may open only so many a
      // minute (counted across every server, ADR 49, after the session is known: by user, else by address).
      config: {
        servesOneRoomSessions: true,
        rateLimit: {
          max: VIEW_OPENS_PER_MINUTE,
          timeWindow: MINUTE_MS,
          hook: 'preHandler',
          keyGenerator: (request) => request.session?.user.id ?? request.ip,
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              429,
              'too_many_views',
              `You opened more than ${VIEW_OPENS_PER_MINUTE} documents in a minute. Please try again in ${Math.max(1, Math.ceil(context.ttl / SECOND_MS))} seconds.`,
            ),
        },
      },
      handler: async (request, reply) => {
        const opened = await openView(
          ctx,
          requireUser(request),
          request.params.id,
          {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          },
          activity,
        );
        // The owner's and editors' own reading is not recorded: nothing was created.
        return reply.status(opened.viewId ? 201 : 200).send(opened);
      },
    });

    serveRoute(app, routes.report, {
      config: { servesOneRoomSessions: true },
      handler: async (request, reply) => {
        await acceptReport(ctx, requireUser(request), request.params.viewId, request.body);
        return reply.status(204).send();
      },
    });

    serveRoute(app, routes.room, {
      handler: async (request) =>
        roomAnalytics(ctx, requireUser(request), request.query.group, request.query.shareLink),
    });
    serveRoute(app, routes.document, {
      handler: async (request) =>
        documentAnalytics(
          ctx,
          requireUser(request),
          request.params.documentId,
          request.query.reader,
          request.query.version,
        ),
    });
    serveRoute(app, routes.links, {
      handler: async (request) => linkAnalytics(ctx, requireUser(request)),
    });
    serveRoute(app, routes.investor, {
      handler: async (request) => investorAnalytics(ctx, requireUser(request), request.params.userId),
    });
  };
}
