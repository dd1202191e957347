import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { oneRoomEntryAnswer } from '#server/features/auth/index';
import type { RoomActivity } from '#server/features/rooms/index';
import { presentedSession, requireUser } from '#server/plugins/auth';
import { browserMarkHashOf, markBrowser } from '#server/plugins/browser-mark';
import { serveRoute } from '#server/plugins/contract-routes';
import { authRateLimit } from '#server/plugins/rate-limits';
import { shareLinkRoutes as routes } from '#shared/contracts/share-links';
import { createDocumentLink } from './document-links.service';
import {
  CODE_REQUESTED_MESSAGE,
  describeShareLink,
  enterByShareLink,
  requestShareCode,
} from './share-link-entry.service';
import {
  changeShareLink,
  createShareLink,
  decideShareReader,
  listRoomShareLinks,
  listShareLinkReaders,
  renewShareLinkAddress,
  shareLinkAddress,
} from './share-links.service';

/**
 * Share links (docs/decisions/0071-share-links.md): the founder's routes (owner and co-founders; anyone
 * else 403, as on every console route), and the public ones a link's holder calls to prove an address.
 * The public ones are limited per IP here, and per link and per address by the service.
 */
export function shareLinksRoutes(ctx: AppContext, activity: RoomActivity): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.list, {
      handler: async (request) => listRoomShareLinks(ctx, requireUser(request)),
    });
    serveRoute(app, routes.create, {
      handler: async (request, reply) =>
        reply.status(201).send(await createShareLink(ctx, requireUser(request), request.body)),
    });
    serveRoute(app, routes.createForDocument, {
      handler: async (request, reply) =>
        reply.status(201).send(await createDocumentLink(ctx, requireUser(request), request.body)),
    });
    serveRoute(app, routes.update, {
      handler: async (request) => changeShareLink(ctx, requireUser(request), request.params.id, request.body),
    });
    // The address again, to copy (ADR 76); never cached, as it lets anyone who holds it ask to enter.
    serveRoute(app, routes.address, {
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return shareLinkAddress(ctx, requireUser(request), request.params.id);
      },
    });
    serveRoute(app, routes.readers, {
      handler: async (request) =>
        listShareLinkReaders(ctx, requireUser(request), request.params.id, request.query.after),
    });
    serveRoute(app, routes.newAddress, {
      handler: async (request) => renewShareLinkAddress(ctx, requireUser(request), request.params.id),
    });
    serveRoute(app, routes.decide, {
      handler: async (request) =>
        decideShareReader(ctx, requireUser(request), request.params.id, request.body, request.ip),
    });

    // The link's holder: what it allows, read without writing anything (mail scanners fetch links) ...
    serveRoute(app, routes.state, {
      config: { rateLimit: authRateLimit(ctx.config) },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return describeShareLink(ctx, request.params.token);
      },
    });
    // ... a code by mail ...
    serveRoute(app, routes.requestCode, {
      // Our Origin too, as for a magic link: its answer marks the asking browser, so another site must
      // not be able to bind a code for its address to a visitor's browser.
      config: { requiresOwnOrigin: true, rateLimit: authRateLimit(ctx.config) },
      handler: async (request, reply) => {
        // The asking browser is marked: the code works only there (ADR 74); the mailed link anywhere.
        const browserMarkHash = markBrowser(request, reply, ctx.config);
        await requestShareCode(ctx, request.params.token, request.body.email, browserMarkHash, activity);
        return { message: CODE_REQUESTED_MESSAGE };
      },
    });
    // ... and the proof, which lets the reader in (or has them wait for the founder).
    serveRoute(app, routes.verify, {
      // A one-room session on this device is replaced (or kept, for the same room's account): it may call.
      // Signs a browser in without a session: from another site, with its own code, login CSRF.
      config: {
        requiresOwnOrigin: true,
        rateLimit: authRateLimit(ctx.config),
        servesOneRoomSessions: true,
      },
      handler: async (request, reply) => {
        const entry = await enterByShareLink(ctx, request.params.token, request.body, {
          userAgent: request.headers['user-agent'],
          current: presentedSession(request),
          browserMarkHash: browserMarkHashOf(request),
        });
        if (entry.state === 'pending') return entry;
        const entered = await oneRoomEntryAnswer(ctx, reply, entry);
        const answer = entry.documentId
          ? { ...entered, user: { ...entered.user, onlyDocumentId: entry.documentId } }
          : entered;
        return {
          state: 'admitted' as const,
          ...answer,
          ...(entry.documentId ? { documentId: entry.documentId } : {}),
        };
      },
    });
  };
}
