import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { endOtherSessions, endOwnSession, listSessions, publicUserOf } from '#server/features/accounts/index';
import { revokeApiTokensCreatedBy } from '#server/features/api-tokens/index';
import { requirePendingSession, requireUser, sendSignedIn } from '#server/plugins/auth';
import { HttpError } from '#server/plugins/errors';
import { authRateLimit } from '#server/plugins/rate-limits';
import { errorResponses } from '#server/plugins/response-contracts';
import { authResponseSchema } from '#shared/contracts/auth';
import {
  addPasskeyRequestSchema,
  addPasskeyResponseSchema,
  authenticationOptionsSchema,
  passkeyAuthenticationRequestSchema,
  passkeysResponseSchema,
  recoveryCodeRequestSchema,
  recoveryCodesResponseSchema,
  registrationOptionsSchema,
  secondFactorResponseSchema,
  sessionsResponseSchema,
} from '#shared/contracts/passkeys';
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

const idParamsSchema = z.object({ id: z.uuid({ error: 'must be an id' }) });

/**
 * Passkeys, recovery codes and sessions of the signed-in user (ADR 62). All cookie-only: an API token
 * gets 403 here (server/plugins/api-token-rules.ts). The second-factor routes are the only ones a session
 * waiting for its passkey may call (allowsPendingSecondFactor), beside /api/auth/session and logout.
 */
export function passkeysRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/auth/passkeys',
      { schema: { response: { 200: passkeysResponseSchema, ...errorResponses(401) } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return passkeysOf(ctx, requireUser(request));
      },
    );

    app.post(
      '/api/auth/passkeys/options',
      { schema: { response: { 200: registrationOptionsSchema, ...errorResponses(401) } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return passkeyRegistrationOptions(ctx, requireUser(request));
      },
    );

    app.post(
      '/api/auth/passkeys',
      {
        schema: {
          body: addPasskeyRequestSchema,
          response: { 201: addPasskeyResponseSchema, ...errorResponses(400, 401, 409) },
        },
      },
      async (request, reply) => {
        // The recovery codes are in this answer only: no cache may keep them.
        reply.header('cache-control', 'no-store');
        return reply.status(201).send(await addPasskey(ctx, requireUser(request), request.body));
      },
    );

    app.delete(
      '/api/auth/passkeys/:id',
      { schema: { params: idParamsSchema, response: { 204: z.null(), ...errorResponses(401, 404) } } },
      async (request, reply) => {
        await removePasskey(ctx, requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/recovery-codes',
      { schema: { response: { 200: recoveryCodesResponseSchema, ...errorResponses(401, 409) } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { recoveryCodes: await regenerateRecoveryCodes(ctx, requireUser(request)) };
      },
    );

    app.post(
      '/api/auth/second-factor/options',
      {
        schema: { response: { 200: authenticationOptionsSchema, ...errorResponses(401, 429) } },
        config: { allowsPendingSecondFactor: true, rateLimit: authRateLimit(ctx.config) },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const session = requirePendingSession(request);
        return secondFactorOptions(ctx, session.user, session.sessionId);
      },
    );

    app.post(
      '/api/auth/second-factor/passkey',
      {
        schema: {
          body: passkeyAuthenticationRequestSchema,
          response: { 200: secondFactorResponseSchema, ...errorResponses(400, 401, 429) },
        },
        config: { allowsPendingSecondFactor: true, rateLimit: authRateLimit(ctx.config) },
      },
      async (request) => {
        const session = requirePendingSession(request);
        await completeSecondFactorWithPasskey(ctx, session.user, session.sessionId, request.body.response);
        return { user: await publicUserOf(ctx, session.user) };
      },
    );

    app.post(
      '/api/auth/second-factor/recovery-code',
      {
        schema: {
          body: recoveryCodeRequestSchema,
          response: { 200: secondFactorResponseSchema, ...errorResponses(400, 401, 429) },
        },
        config: { allowsPendingSecondFactor: true, rateLimit: authRateLimit(ctx.config) },
      },
      async (request) => {
        const session = requirePendingSession(request);
        await completeSecondFactorWithRecoveryCode(ctx, session.user, session.sessionId, request.body.code);
        return { user: await publicUserOf(ctx, session.user) };
      },
    );

    app.post(
      '/api/auth/passkey-sign-in/options',
      {
        schema: { response: { 200: authenticationOptionsSchema, ...errorResponses(429) } },
        // Not requiresOwnOrigin: it stores a challenge bound to nobody and signs nobody in (a foreign
        // Origin is refused all the same).
        config: { rateLimit: authRateLimit(ctx.config) },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return passkeySignInOptions(ctx);
      },
    );

    app.post(
      '/api/auth/passkey-sign-in',
      {
        schema: {
          body: passkeyAuthenticationRequestSchema,
          response: { 200: authResponseSchema, ...errorResponses(400, 429) },
        },
        // Signs a browser in without a session. The assertion names our origin, but it is its signer's:
        // anyone can make one for their own passkey and post it from another site (login CSRF).
        config: { requiresOwnOrigin: true, rateLimit: authRateLimit(ctx.config) },
      },
      async (request, reply) => {
        const signedIn = await signInWithPasskey(ctx, request.body.response, request.headers['user-agent']);
        const user = await publicUserOf(ctx, signedIn.user);
        return sendSignedIn(reply, ctx.config, { user, session: signedIn.session }, 200);
      },
    );

    app.get(
      '/api/auth/sessions',
      { schema: { response: { 200: sessionsResponseSchema, ...errorResponses(401) } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = requireUser(request);
        return { sessions: await listSessions(ctx.db, user.id, request.session?.sessionId ?? null) };
      },
    );

    app.delete(
      '/api/auth/sessions/:id',
      { schema: { params: idParamsSchema, response: { 204: z.null(), ...errorResponses(401, 404) } } },
      async (request, reply) => {
        await endOwnSession(ctx.db, requireUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/sessions/end-others',
      { schema: { response: { 204: z.null(), ...errorResponses(401) } } },
      async (request, reply) => {
        const user = requireUser(request);
        const current = request.session?.sessionId;
        if (!current)
          throw new HttpError(401, 'authentication_required', 'Authentication required. Please sign in.');
        // "Sign out everywhere else" is what someone does who fears their account was used: the API tokens
        // they (or whoever used it) made act as them, so they end too, as the page says (ADR 74).
        await ctx.db.transaction().execute(async (trx) => {
          await endOtherSessions(trx, user.id, current);
          await revokeApiTokensCreatedBy(trx, user.id, new Date());
        });
        return reply.status(204).send(null);
      },
    );
  };
}
