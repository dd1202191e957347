import { z } from 'zod';
import { apiRoute } from './api-route';
import { authResponseSchema, messageResponseSchema } from './auth';
import { emailField, requiredText } from './fields';

export const accountSetupRequestSchema = z.strictObject({
  name: requiredText(100),
  email: emailField,
  companyName: requiredText(200),
});
export type AccountSetupRequest = z.infer<typeof accountSetupRequestSchema>;

export const upgradeWithPromoRequestSchema = accountSetupRequestSchema.extend({
  promoCode: requiredText(64),
});

/**
 * 409 when the e-mail already has an account: the client says so and offers a sign-in link to that
 * address. Nothing about the account itself (its company) is in it: anyone may type any address.
 */
export const accountExistsResponseSchema = z.object({
  error: z.literal('account_exists'),
  message: z.string(),
  shouldLogin: z.literal(true),
});

export const validatePromoCodeRequestSchema = z.strictObject({ code: requiredText(64) });
export const validatePromoCodeResponseSchema = z.object({ valid: z.boolean(), message: z.string() });

export const waitlistRequestSchema = z.strictObject({
  companyName: requiredText(200),
  contactEmail: emailField,
});

/** The sign-up routes (docs/decisions/0065-query-keys-and-api-routes.md). */
export const accountRoutes = {
  completeSetup: apiRoute('POST', '/api/complete-account-setup', {
    body: accountSetupRequestSchema,
    status: 201,
    answer: authResponseSchema,
    answers: { 409: accountExistsResponseSchema },
  }),
  upgradeWithPromo: apiRoute('POST', '/api/upgrade-with-promo', {
    body: upgradeWithPromoRequestSchema,
    status: 201,
    answer: authResponseSchema,
    answers: { 409: accountExistsResponseSchema },
  }),
  validatePromoCode: apiRoute('POST', '/api/validate-promo-code', {
    body: validatePromoCodeRequestSchema,
    answer: validatePromoCodeResponseSchema,
  }),
  joinWaitlist: apiRoute('POST', '/api/waitlist', {
    body: waitlistRequestSchema,
    answer: messageResponseSchema,
  }),
};
