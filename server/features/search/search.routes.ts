import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { MINUTE_MS, SECOND_MS } from '#server/durations';
import type { InvitationLinks, RoomActivity } from '#server/features/rooms/index';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { HttpError } from '#server/plugins/errors';
import { searchRoutes as routes } from '#shared/contracts/search';
import {
  askTheFounders,
  askTheRoom,
  invitedSearchNotice,
  searchAsManager,
  searchInvitedRoom,
  searchNotice,
  searchRoom,
} from './search.service';
import { saveSearchSettings, searchAnalytics, searchSettings } from './search-log.service';

/**
 * One reader may search SEARCHES_PER_MINUTE times a minute (by account, else by address), counted across
 * every server (ADR 49): as they type, a search every few keystrokes; far from what it takes to read a
 * room's text out word by word.
 */
function searchRateLimit(perMinute: number) {
  return {
    max: perMinute,
    timeWindow: MINUTE_MS,
    hook: 'preHandler' as const,
    keyGenerator: (request: { session?: { user: { id: string } } | null; ip: string }) =>
      `search:${request.session?.user.id ?? request.ip}`,
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
      new HttpError(
        429,
        'too_many_searches',
        `You searched more than ${perMinute} times in a minute. Please try again in ${Math.max(1, Math.ceil(context.ttl / SECOND_MS))} seconds.`,
      ),
  };
}

/**
 * Search inside every page and "Ask the room" (docs/decisions/0088-search-inside-every-page.md). A
 * room's readers search by the readability rule (404 for anyone who may not read the room, 403 before
 * its NDA); the founders' search, its log and its setting are the console's.
 */
export function searchRoutesOf(
  ctx: AppContext,
  invitationLinks: InvitationLinks,
  activity: RoomActivity,
): FastifyPluginAsyncZod {
  const rateLimit = searchRateLimit(ctx.config.rateLimits.searchesPerMinute);
  return async (app) => {
    serveRoute(app, routes.search, {
      config: { servesOneRoomSessions: true, rateLimit },
      handler: async (request) => searchRoom(ctx, requireUser(request), request.params.id, request.query.q),
    });
    serveRoute(app, routes.notice, {
      config: { servesOneRoomSessions: true },
      handler: async (request) => searchNotice(ctx, requireUser(request), request.params.id),
    });
    serveRoute(app, routes.invitedSearch, {
      config: { rateLimit },
      handler: async (request) =>
        searchInvitedRoom(ctx, invitationLinks, request.params.token, request.query.q),
    });
    serveRoute(app, routes.invitedNotice, {
      handler: async (request) => invitedSearchNotice(ctx, invitationLinks, request.params.token),
    });
    serveRoute(app, routes.ask, {
      config: { servesOneRoomSessions: true, rateLimit },
      handler: async (request) => askTheRoom(ctx, requireUser(request), request.params.id, request.query.q),
    });
    serveRoute(app, routes.askFounders, {
      config: { servesOneRoomSessions: true },
      handler: async (request, reply) => {
        const user = requireUser(request);
        const asked = await askTheFounders(ctx, user, request.params.id, request.body.question, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        // For the founders' alerts: that a question was asked, never its words (ADR 90). Not an action
        // for the hourly digest, which tells reading: the question has its own notice (ADR 82).
        await activity.record({
          roomId: request.params.id,
          visitor: { userId: user.id },
          isAction: false,
          event: { kind: 'asked' },
        });
        return reply.status(201).send(asked);
      },
    });
    serveRoute(app, routes.managerSearch, {
      config: { rateLimit },
      handler: async (request) => searchAsManager(ctx, requireUser(request), request.query.q),
    });
    serveRoute(app, routes.analytics, {
      handler: async (request) => searchAnalytics(ctx, requireUser(request)),
    });
    serveRoute(app, routes.settings, {
      handler: async (request) => searchSettings(ctx, requireUser(request)),
    });
    serveRoute(app, routes.saveSettings, {
      handler: async (request) => saveSearchSettings(ctx, requireUser(request), request.body),
    });
  };
}
