import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { accountRoutes, type validatePromoCodeRequestSchema } from '#shared/contracts/accounts';
import { api } from '#web/lib/api-client';

export type ValidatePromoCodeInput = z.input<typeof validatePromoCodeRequestSchema>;

/** Asks the server whether a promo code is valid; {valid: false} is an answer, not an error. */
export function validatePromoCode(input: ValidatePromoCodeInput) {
  return api(accountRoutes.validatePromoCode, { body: input });
}

export function useValidatePromoCode() {
  return useMutation({ mutationFn: validatePromoCode });
}
