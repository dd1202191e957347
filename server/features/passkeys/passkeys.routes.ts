import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { endOtherSessions, endOwnSession, listSessions, publicUserOf } from '#server/features/accounts/index';
import { revokeApiTokensCreatedBy } from '#server/features/api-tokens/index';
import { requirePendingSession, requireUser, type SessionUser, sendSignedIn } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { HttpError } from '#server/plugins/errors';
import { authRateLimit } from '#server/plugins/rate-limits';
import { passkeyRoutes as routes } from '#shared/contracts/passkeys';
import { owesPasskey, passkeyRequirementOf, savePasskeyRequirement } from './passkey-requirement.service';
import {
  addPasskey,
  completeSecondFactorWithPasskey,
  completeSecondFactorWithRecoveryCode,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  passkeysOf,
  regenerateRecoveryCodes,
  removePasskey,
  secondFactorOptions,
  signInWithPasskey,
} from './passkeys.service';
import { enqueueSecurityNotice } from './security-notices';

/**
 * Passkeys, recovery codes and sessions of the signed-in user (ADR 62). All cookie-only: an API token
 * gets 403 here (server/plugins/api-token-rules.ts). The second-factor routes are the only ones a session
 * waiting for its passkey may call (allowsPendingSecondFactor), beside /api/auth/session and logout.
 */
export function passkeysRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.list, {
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return passkeysOf(ctx, requireUser(request));
      },
    });

    serveRoute(app, routes.registrationOptions, {
      config: { allowsPendingSecondFactor: true },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return passkeyRegistrationOptions(ctx, (await requireRegistrant(ctx, request)).user);
      },
    });

    serveRoute(app, routes.add, {
      config: { allowsPendingSecondFactor: true },
      handler: async (request, reply) => {
        // The recovery codes are in this answer only: no cache may keep them.
        reply.header('cache-control', 'no-store');
        const { user, pendingSessionId } = await requireRegistrant(ctx, request);
        const added = await addPasskey(ctx, user, request.body, {
          userAgent: request.headers['user-agent'],
          pendingSessionId,
        });
        return reply.status(201).send(added);
      },
    });

    serveRoute(app, routes.remove, {
      handler: async (request, reply) => {
        await removePasskey(ctx, requireUser(request), request.params.id, request.headers['user-agent']);
        return reply.status(204).send(null);
      },
    });

    serveRoute(app, routes.regenerateRecoveryCodes, {
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { recoveryCodes: await regenerateRecoveryCodes(ctx, requireUser(request)) };
      },
    });

    serveRoute(app, routes.secondFactorOptions, {
      config: { allowsPendingSecondFactor: true, rateLimit: authRateLimit(ctx.config) },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const session = requirePendingSession(request);
        return secondFactorOptions(ctx, session.user, session.sessionId);
      },
    });

    serveRoute(app, routes.secondFactorPasskey, {
      config: { allowsPendingSecondFactor: true, rateLimit: authRateLimit(ctx.config) },
      handler: async (request) => {
        const session = requirePendingSession(request);
        await completeSecondFactorWithPasskey(ctx, session.user, session.sessionId, request.body.response);
        return { user: await publicUserOf(ctx, session.user) };
      },
    });

    serveRoute(app, routes.secondFactorRecoveryCode, {
      config: { allowsPendingSecondFactor: true, rateLimit: authRateLimit(ctx.config) },
      handler: async (request) => {
        const session = requirePendingSession(request);
        await completeSecondFactorWithRecoveryCode(
          ctx,
          session.user,
          session.sessionId,
          request.body.code,
          request.headers['user-agent'],
        );
        return { user: await publicUserOf(ctx, session.user) };
      },
    });

    serveRoute(app, routes.signInOptions, {
      // Not requiresOwnOrigin: it stores a challenge bound to nobody and signs nobody in (a foreign
      // Origin is refused all the same).
      config: { rateLimit: authRateLimit(ctx.config) },
      handler: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return passkeySignInOptions(ctx);
      },
    });

    serveRoute(app, routes.signIn, {
      // Signs a browser in without a session. The assertion names our origin, but it is its signer's:
      // anyone can make one for their own passkey and post it from another site (login CSRF).
      config: { requiresOwnOrigin: true, rateLimit: authRateLimit(ctx.config) },
      handler: async (request, reply) => {
        const signedIn = await signInWithPasskey(ctx, request.body.response, request.headers['user-agent']);
        const user = await publicUserOf(ctx, signedIn.user);
        return sendSignedIn(reply, ctx.config, { user, session: signedIn.session }, 200);
      },
    });

    serveRoute(app, routes.requirement, {
      handler: async (request) => passkeyRequirementOf(ctx, requireUser(request)),
    });

    serveRoute(app, routes.saveRequirement, {
      handler: async (request) =>
        savePasskeyRequirement(ctx, requireUser(request), request.body.isRequiredOfCofounders),
    });

    serveRoute(app, routes.sessions, {
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = requireUser(request);
        return { sessions: await listSessions(ctx.db, user.id, request.session?.sessionId ?? null) };
      },
    });

    serveRoute(app, routes.endSession, {
      handler: async (request, reply) => {
        await endOwnSession(ctx.db, requireUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    });

    serveRoute(app, routes.endOtherSessions, {
      handler: async (request, reply) => {
        const user = requireUser(request);
        const current = request.session?.sessionId;
        if (!current)
          throw new HttpError(401, 'authentication_required', 'Authentication required. Please sign in.');
        // "Sign out everywhere else" is what someone does who fears their account was used: the API tokens
        // they (or whoever used it) made act as them, so they end too, as the page says (ADR 74).
        await ctx.db.transaction().execute(async (trx) => {
          await endOtherSessions(trx, user.id, current);
          await revokeApiTokensCreatedBy(trx, user.id, new Date());
          await enqueueSecurityNotice(trx, {
            userId: user.id,
            event: 'sessions_ended',
            userAgent: request.headers['user-agent'],
          });
        });
        ctx.jobs.wake();
        return reply.status(204).send(null);
      },
    });
  };
}

/**
 * Who adds a passkey: a signed-in user, or a session waiting for the passkey its room requires of
 * co-founders, whose user holds none yet (ADR 93). A session waiting for a passkey its user already
 * holds must give that one: adding another would let whoever reads the mailbox past it.
 */
async function requireRegistrant(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ user: SessionUser; pendingSessionId: string | null }> {
  const session = request.session;
  if (!session?.isSecondFactorPending || !session.sessionId) {
    return { user: requireUser(request), pendingSessionId: null };
  }
  if (!(await owesPasskey(ctx.db, session.user.id))) {
    throw new HttpError(
      401,
      'second_factor_required',
      'Confirm it is you with your passkey or a recovery code to continue.',
    );
  }
  return { user: session.user, pendingSessionId: session.sessionId };
}
