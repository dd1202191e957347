import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountExistsResponseSchema,
  accountSetupRequestSchema,
  upgradeWithPromoRequestSchema,
  validatePromoCodeRequestSchema,
  validatePromoCodeResponseSchema,
  waitlistRequestSchema,
} from '../../../shared/contracts/accounts';
import { authResponseSchema, messageResponseSchema } from '../../../shared/contracts/auth';
import type { AppContext } from '../../app-context';
import { sendSignedIn } from '../../plugins/auth';
import { authRateLimit } from '../../plugins/rate-limits';
import { createFounderAccount, isValidPromoCode, joinWaitlist } from './accounts.service';

export function accountsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const rateLimit = authRateLimit(ctx.config);

    const signUpOptions = <Body>(body: Body) => ({
      schema: { body, response: { 201: authResponseSchema, 409: accountExistsResponseSchema } },
      config: { rateLimit },
    });

    app.post(
      '/api/complete-account-setup',
      signUpOptions(accountSetupRequestSchema),
      async (request, reply) =>
        sendSignedIn(
          reply,
          ctx.config,
          await createFounderAccount(ctx, request.body, request.headers['user-agent']),
          201,
        ),
    );

    // The same sign-up; a valid promo code makes the plan free, an invalid one refuses it.
    app.post(
      '/api/upgrade-with-promo',
      signUpOptions(upgradeWithPromoRequestSchema),
      async (request, reply) =>
        sendSignedIn(
          reply,
          ctx.config,
          await createFounderAccount(ctx, request.body, request.headers['user-agent']),
          201,
        ),
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
