import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { endSession, publicUserOf } from '#server/features/accounts/index';
import { clearSessionCookie, requireUser, sendSignedIn, setSessionCookie } from '#server/plugins/auth';
import { authRateLimit } from '#server/plugins/rate-limits';
import { errorResponses } from '#server/plugins/response-contracts';
import {
  authResponseSchema,
  invitationAcceptedResponseSchema,
  invitationLinkStateSchema,
  magicLinkRequestSchema,
  meResponseSchema,
  messageResponseSchema,
  sessionResponseSchema,
  verifyRequestSchema,
} from '#shared/contracts/auth';
import { inviteTokenParamsSchema } from '#shared/contracts/rooms';
import { acceptInvitationLink, describeInvitationLink } from './invitation-acceptance.service';
import { requestMagicLink, verifyMagicLink } from './magic-links.service';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/auth/magic-link',
      {
        schema: {
          body: magicLinkRequestSchema,
          response: { 200: messageResponseSchema, ...errorResponses(404, 429, 502) },
        },
        config: { rateLimit: authRateLimit(ctx.config) },
      },
      async (request) => {
        await requestMagicLink(ctx, request.body.email, request.ip, request.body.returnTo);
        return { message: 'Check your email for the secure access link.' };
      },
    );

    app.post(
      '/api/auth/verify',
      {
        schema: { body: verifyRequestSchema, response: { 200: authResponseSchema, ...errorResponses(400) } },
        config: { rateLimit: authRateLimit(ctx.config) },
      },
      async (request, reply) => {
        const signedIn = await verifyMagicLink(ctx, request.body.token, request.headers['user-agent']);
        const user = await publicUserOf(ctx, signedIn.user);
        // A manager holding a passkey must give it next (ADR 62); the web app shows that step.
        return sendSignedIn(
          reply,
          ctx.config,
          { user, session: signedIn.session, isSecondFactorPending: signedIn.session.isSecondFactorPending },
          200,
        );
      },
    );

    // An invitation's link (docs/decisions/0055-invitation-as-credential.md): what it can still do, read
    // without consuming anything (mail scanners fetch links), ...
    app.get(
      '/api/data-room/invite/:token/state',
      {
        schema: {
          params: inviteTokenParamsSchema,
          response: { 200: invitationLinkStateSchema, ...errorResponses(404) },
        },
        config: { rateLimit: authRateLimit(ctx.config) },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return describeInvitationLink(ctx, request.params.token);
      },
    );

    // ... and the one POST that accepts it and signs its invitee in on this device, once.
    app.post(
      '/api/data-room/invite/:token/accept',
      {
        schema: {
          params: inviteTokenParamsSchema,
          response: { 200: invitationAcceptedResponseSchema, ...errorResponses(403, 404, 409, 410) },
        },
        config: { rateLimit: authRateLimit(ctx.config) },
      },
      async (request, reply) => {
        const accepted = await acceptInvitationLink(ctx, request.params.token, {
          userAgent: request.headers['user-agent'],
          previousSessionId: request.session?.sessionId ?? null,
        });
        const user = await publicUserOf(ctx, accepted.user);
        setSessionCookie(reply, ctx.config, accepted.session);
        // A manager of another room holding a passkey gives it next, as after a magic link (ADR 62).
        return reply.status(200).send({
          token: accepted.session.token,
          user,
          roomId: accepted.roomId,
          ...(accepted.session.isSecondFactorPending ? { isSecondFactorPending: true } : {}),
        });
      },
    );

    app.get(
      '/api/auth/me',
      { schema: { response: { 200: meResponseSchema, ...errorResponses(401) } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { user: await publicUserOf(ctx, requireUser(request)) };
      },
    );

    app.get(
      '/api/auth/session',
      {
        schema: { response: { 200: sessionResponseSchema } },
        config: { allowsPendingSecondFactor: true },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        // A session waiting for its passkey names nobody yet: it only says that step is next.
        if (request.session?.isSecondFactorPending) return { user: null, isSecondFactorPending: true };
        return {
          user: request.session ? await publicUserOf(ctx, request.session.user) : null,
          isSecondFactorPending: false,
        };
      },
    );

    app.post(
      '/api/auth/logout',
      { schema: { response: { 204: z.null() } }, config: { allowsPendingSecondFactor: true } },
      async (request, reply) => {
        // Logging out without a session is not an error: the goal (no session) holds either way.
        if (request.session?.sessionId) await endSession(ctx.db, request.session.sessionId);
        clearSessionCookie(reply, ctx.config);
        return reply.status(204).send(null);
      },
    );
  };
}
