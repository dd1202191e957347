import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type AccountSetupRequest,
  accountExistsResponseSchema,
  accountRoutes,
  type upgradeWithPromoRequestSchema,
} from '#shared/contracts/accounts';
import { clearPromoCode } from '#web/features/accounts/promo-code-store';
import { adoptSignedInUser } from '#web/features/auth/api/auth-hooks';
import { ApiRequestError, api } from '#web/lib/api-client';

export type CreateAccountInput = AccountSetupRequest & { promoCode?: string };

/**
 * Creates the founder's account and data room, signed in at once. With a promo code it goes through
 * /api/upgrade-with-promo (free plan), otherwise /api/complete-account-setup.
 */
export function createAccount({ promoCode, ...account }: CreateAccountInput) {
  if (promoCode) {
    const body: z.input<typeof upgradeWithPromoRequestSchema> = { ...account, promoCode };
    return api(accountRoutes.upgradeWithPromo, { body });
  }
  return api(accountRoutes.completeSetup, { body: account });
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: ({ user }) => {
      adoptSignedInUser(queryClient, user);
      clearPromoCode();
    },
  });
}

/** The 409 the server answers when the e-mail already has an account, or null for any other error. */
export function accountExistsIn(error: unknown): z.infer<typeof accountExistsResponseSchema> | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const parsed = accountExistsResponseSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}
