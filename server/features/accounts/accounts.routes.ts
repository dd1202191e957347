import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { sendSignedIn } from '#server/plugins/auth';
import { authRateLimit } from '#server/plugins/rate-limits';
import {
  accountExistsResponseSchema,
  accountSetupRequestSchema,
  upgradeWithPromoRequestSchema,
  validatePromoCodeRequestSchema,
  validatePromoCodeResponseSchema,
  waitlistRequestSchema,
} from '#shared/contracts/accounts';
import { authResponseSchema, messageResponseSchema } from '#shared/contracts/auth';
import { createFounderAccount, isValidPromoCode, joinWaitlist, publicUserOf } from './accounts.service';

export function accountsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const rateLimit = authRateLimit(ctx.config);

    const signUp = async (
      input: Parameters<typeof createFounderAccount>[1],
      userAgent: string | undefined,
      reply: FastifyReply,
    ) => {
      const signedIn = await createFounderAccount(ctx, input, userAgent);
      const user = await publicUserOf(ctx, signedIn.user);
      return sendSignedIn(reply, ctx.config, { user, session: signedIn.session }, 201);
    };
    const signUpOptions = <Body>(body: Body) => ({
      schema: { body, response: { 201: authResponseSchema, 409: accountExistsResponseSchema } },
      // A sign-up signs the browser in as the new account without a session: from another site, that
      // is login CSRF (the visitor would work in a room the other site owns).
      config: { rateLimit, requiresOwnOrigin: true },
    });

    app.post(
      '/api/complete-account-setup',
      signUpOptions(accountSetupRequestSchema),
      async (request, reply) => signUp(request.body, request.headers['user-agent'], reply),
    );

    // The same sign-up; a valid promo code makes the plan free, an invalid one refuses it.
    app.post(
      '/api/upgrade-with-promo',
      signUpOptions(upgradeWithPromoRequestSchema),
      async (request, reply) => signUp(request.body, request.headers['user-agent'], reply),
    );

    app.post(
      '/api/validate-promo-code',
      {
        schema: { body: validatePromoCodeRequestSchema, response: { 200: validatePromoCodeResponseSchema } },
        config: { rateLimit },
      },
      async (request) =>
        isValidPromoCode(ctx, request.body.code)
          ? { valid: true, message: 'Your account will be upgraded for free.' }
          : { valid: false, message: 'Invalid promo code.' },
    );

    app.post(
      '/api/waitlist',
      {
        schema: { body: waitlistRequestSchema, response: { 200: messageResponseSchema } },
        config: { rateLimit },
      },
      async (request) => {
        await joinWaitlist(ctx, request.body);
        return { message: 'Added to waitlist!' };
      },
    );
  };
}
