import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { sendSignedIn } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { authRateLimit } from '#server/plugins/rate-limits';
import { accountRoutes } from '#shared/contracts/accounts';
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
    // A sign-up signs the browser in as the new account without a session: from another site, that
    // is login CSRF (the visitor would work in a room the other site owns).
    const signUpConfig = { rateLimit, requiresOwnOrigin: true };

    serveRoute(app, accountRoutes.completeSetup, {
      config: signUpConfig,
      handler: async (request, reply) => signUp(request.body, request.headers['user-agent'], reply),
    });

    // The same sign-up; a valid promo code makes the plan free, an invalid one refuses it.
    serveRoute(app, accountRoutes.upgradeWithPromo, {
      config: signUpConfig,
      handler: async (request, reply) => signUp(request.body, request.headers['user-agent'], reply),
    });

    serveRoute(app, accountRoutes.validatePromoCode, {
      config: { rateLimit },
      handler: async (request) =>
        isValidPromoCode(ctx, request.body.code)
          ? { valid: true, message: 'Your account will be upgraded for free.' }
          : { valid: false, message: 'Invalid promo code.' },
    });

    serveRoute(app, accountRoutes.joinWaitlist, {
      config: { rateLimit },
      handler: async (request) => {
        await joinWaitlist(ctx, request.body);
        return { message: 'Added to waitlist!' };
      },
    });
  };
}
