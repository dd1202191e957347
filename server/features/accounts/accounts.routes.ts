import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountSetupRequestSchema,
  upgradeWithPromoRequestSchema,
  validatePromoCodeRequestSchema,
  validatePromoCodeResponseSchema,
  waitlistRequestSchema,
} from '../../../shared/contracts/accounts';
import { authResponseSchema, messageResponseSchema } from '../../../shared/contracts/auth';
import type { AppContext } from '../../app-context';
import { setSessionCookie } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { authRateLimit } from '../../plugins/rate-limits';
import { createFounderAccount, isValidPromoCode, joinWaitlist } from './accounts.service';
import { toPublicUser } from './public-user';

export function accountsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const rateLimit = authRateLimit(ctx.config);

    app.post(
      '/api/complete-account-setup',
      {
        schema: { body: accountSetupRequestSchema, response: { 201: authResponseSchema } },
        config: { rateLimit },
      },
      async (request, reply) => {
        const { user, session } = await createFounderAccount(
          ctx,
          request.body,
          'professional',
          request.headers['user-agent'],
        );
        setSessionCookie(reply, ctx.config, session);
        return reply.status(201).send({ token: session.token, user: toPublicUser(user) });
      },
    );

    app.post(
      '/api/upgrade-with-promo',
      {
        schema: { body: upgradeWithPromoRequestSchema, response: { 201: authResponseSchema } },
        config: { rateLimit },
      },
      async (request, reply) => {
        const { promoCode, ...account } = request.body;
        if (!isValidPromoCode(ctx, promoCode)) {
          throw new HttpError(400, 'invalid_promo_code', 'Invalid promo code.', { field: 'promoCode' });
        }
        const { user, session } = await createFounderAccount(
          ctx,
          account,
          'professional_free',
          request.headers['user-agent'],
        );
        setSessionCookie(reply, ctx.config, session);
        return reply.status(201).send({ token: session.token, user: toPublicUser(user) });
      },
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
