import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { endSession, type NewSession, publicUserOf, type User } from '#server/features/accounts/index';
import { owesPasskey } from '#server/features/passkeys/index';
import {
  clearSessionCookie,
  presentedSession,
  requireUser,
  type SessionUser,
  sendSignedIn,
} from '#server/plugins/auth';
import { browserMarkHashOf, markBrowser } from '#server/plugins/browser-mark';
import { serveRoute } from '#server/plugins/contract-routes';
import { authRateLimit } from '#server/plugins/rate-limits';
import type { PublicUser } from '#shared/contracts/auth';
import { authRoutes as routes } from '#shared/contracts/auth';
import { acceptInvitationLink, describeInvitationLink } from './invitation-acceptance.service';
import { requestMagicLink, verifyMagicLink, verifyMagicLinkCode } from './magic-links.service';
import { oneRoomEntryAnswer } from './one-room-entry.answer';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.requestMagicLink, {
      // Our Origin too: its answer marks the asking browser, and a marked browser spends the link by
      // script as /verify loads. Asked from another site, the link of that site's address would be bound
      // to the visitor's browser, and sending them to it would sign them in as that address.
      config: { requiresOwnOrigin: true, rateLimit: authRateLimit(ctx.config) },
      handler: async (request, reply) => {
        // The asking browser is marked: only it may type the mailed code or spend the link by script.
        await requestMagicLink(ctx, request.body.email, request.ip, {
          returnTo: request.body.returnTo,
          browserMarkHash: markBrowser(request, reply, ctx.config),
        });
        return { message: 'Check your email for the secure access link.' };
      },
    });

    serveRoute(app, routes.verify, {
      // Signs a browser in without a session: from another site, with its own link, login CSRF.
      config: { requiresOwnOrigin: true, rateLimit: authRateLimit(ctx.config) },
      handler: async (request, reply) => {
        const signedIn = await verifyMagicLink(ctx, request.body.token, {
          userAgent: request.headers['user-agent'],
          automatic: request.body.automatic === true,
          browserMarkHash: browserMarkHashOf(request),
        });
        return answerSignedIn(reply, signedIn);
      },
    });

    serveRoute(app, routes.verifyCode, {
      // Signs a browser in without a session: from another site, with its own code, login CSRF.
      config: { requiresOwnOrigin: true, rateLimit: authRateLimit(ctx.config) },
      handler: async (request, reply) => {
        const signedIn = await verifyMagicLinkCode(ctx, request.body, {
          userAgent: request.headers['user-agent'],
          browserMarkHash: browserMarkHashOf(request),
        });
        return answerSignedIn(reply, signedIn);
      },
    });

    /** A mailbox proof's answer: a manager holding a passkey must give it next (ADR 62). */
    async function answerSignedIn(reply: FastifyReply, signedIn: { user: User; session: NewSession }) {
      const user = await publicUserOf(ctx, signedIn.user);
      return sendSignedIn(
        reply,
        ctx.config,
        { user, session: signedIn.session, isSecondFactorPending: signedIn.session.isSecondFactorPending },
        200,
      );
    }

    // An invitation's link (docs/decisions/0055-invitation-as-credential.md): what it can still do, read
    // without consuming anything (mail scanners fetch links), ...
    serveRoute(app, routes.invitationLinkState, {
      config: { rateLimit: authRateLimit(ctx.config) },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return describeInvitationLink(ctx, request.params.token);
      },
    });

    // ... and the one POST that accepts it and signs its holder in on this device, for that room only.
    serveRoute(app, routes.acceptInvitation, {
      // A one-room session on this device is replaced (or kept, for the same room's account): it may call.
      // Signs a browser in without a session: from another site, with its own invitation, login CSRF.
      config: {
        requiresOwnOrigin: true,
        rateLimit: authRateLimit(ctx.config),
        servesOneRoomSessions: true,
      },
      handler: async (request, reply) => {
        const accepted = await acceptInvitationLink(ctx, request.params.token, {
          userAgent: request.headers['user-agent'],
          current: presentedSession(request),
        });
        return reply.status(200).send(await oneRoomEntryAnswer(ctx, reply, accepted));
      },
    });

    serveRoute(app, routes.me, {
      config: { servesOneRoomSessions: true },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = requireUser(request);
        return { user: withOnlyDocument(await publicUserOf(ctx, user, user.onlyRoomId), user) };
      },
    });

    serveRoute(app, routes.session, {
      config: { servesOneRoomSessions: true, allowsPendingSecondFactor: true },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        // A session waiting for its passkey names nobody yet: it only says that step is next.
        if (request.session?.isSecondFactorPending) {
          // Or, for a co-founder whose room requires a passkey they do not hold, adding one (ADR 93).
          const owes = await owesPasskey(ctx.db, request.session.user.id);
          return {
            user: null,
            isSecondFactorPending: true,
            ...(owes ? { isPasskeySetupRequired: true } : {}),
          };
        }
        return {
          user: request.session
            ? withOnlyDocument(
                await publicUserOf(ctx, request.session.user, request.session.user.onlyRoomId),
                request.session.user,
              )
            : null,
          isSecondFactorPending: false,
        };
      },
    });

    serveRoute(app, routes.logout, {
      // Needs no session yet ends the browser's: another site must not sign a visitor out (logout CSRF).
      config: { requiresOwnOrigin: true, servesOneRoomSessions: true, allowsPendingSecondFactor: true },
      handler: async (request, reply) => {
        // Logging out without a session is not an error: the goal (no session) holds either way.
        if (request.session?.sessionId) await endSession(ctx.db, request.session.sessionId);
        clearSessionCookie(reply, ctx.config);
        return reply.status(204).send(null);
      },
    });
  };
}

/** A document link's session says which document it reads (docs/decisions/0095-document-links.md). */
function withOnlyDocument(user: PublicUser, caller: SessionUser): PublicUser {
  return caller.onlyDocument ? { ...user, onlyDocumentId: caller.onlyDocument.documentId } : user;
}
