import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { validatePromoCodeRequestSchema } from '#shared/contracts/accounts';
import { validatePromoCodeResponseSchema } from '#shared/contracts/accounts';
import { apiRequest } from '#web/lib/api-client';

export type ValidatePromoCodeInput = z.input<typeof validatePromoCodeRequestSchema>;

/** Asks the server whether a promo code is valid; {valid: false} is an answer, not an error. */
export function validatePromoCode(input: ValidatePromoCodeInput) {
  return apiRequest('/api/validate-promo-code', validatePromoCodeResponseSchema, {
    method: 'POST',
    body: input,
  });
}

export function useValidatePromoCode() {
  return useMutation({ mutationFn: validatePromoCode });
}
