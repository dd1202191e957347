import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { MINUTE_MS, SECOND_MS } from '#server/durations';
import type { RoomActivity } from '#server/features/rooms/index';
import { requireUser } from '#server/plugins/auth';
import { HttpError } from '#server/plugins/errors';
import { errorResponses, ndaGated, noBody } from '#server/plugins/response-contracts';
import { documentIdParamsSchema } from '#shared/contracts/documents';
import {
  documentAnalyticsParamsSchema,
  documentAnalyticsQuerySchema,
  documentAnalyticsSchema,
  investorAnalyticsParamsSchema,
  investorAnalyticsSchema,
  openViewResponseSchema,
  readingReportSchema,
  roomAnalyticsQuerySchema,
  roomAnalyticsSchema,
  VIEW_OPENS_PER_MINUTE,
  viewIdParamsSchema,
} from '#shared/contracts/reading';
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
    app.post(
      '/api/documents/:id/views',
      {
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
        schema: {
          params: documentIdParamsSchema,
          response: {
            200: openViewResponseSchema,
            201: openViewResponseSchema,
            ...errorResponses(401, 404),
            ...ndaGated,
          },
        },
      },
      async (request, reply) => {
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
    );

    app.post(
      '/api/views/:viewId/reports',
      {
        config: { servesOneRoomSessions: true },
        schema: {
          params: viewIdParamsSchema,
          body: readingReportSchema,
          response: { 204: noBody, ...errorResponses(400, 401, 404, 429), ...ndaGated },
        },
      },
      async (request, reply) => {
        await acceptReport(ctx, requireUser(request), request.params.viewId, request.body);
        return reply.status(204).send();
      },
    );

    const managersOnly = errorResponses(401, 403, 404);
    app.get(
      '/api/admin/analytics',
      {
        schema: {
          querystring: roomAnalyticsQuerySchema,
          response: { 200: roomAnalyticsSchema, ...managersOnly },
        },
      },
      async (request) =>
        roomAnalytics(ctx, requireUser(request), request.query.group, request.query.shareLink),
    );
    app.get(
      '/api/admin/analytics/documents/:documentId',
      {
        schema: {
          params: documentAnalyticsParamsSchema,
          querystring: documentAnalyticsQuerySchema,
          response: { 200: documentAnalyticsSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        documentAnalytics(
          ctx,
          requireUser(request),
          request.params.documentId,
          request.query.reader,
          request.query.version,
        ),
    );
    app.get(
      '/api/admin/analytics/investors/:userId',
      {
        schema: {
          params: investorAnalyticsParamsSchema,
          response: { 200: investorAnalyticsSchema, ...managersOnly },
        },
      },
      async (request) => investorAnalytics(ctx, requireUser(request), request.params.userId),
    );
  };
}
