import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { accountRoutes, type waitlistRequestSchema } from '#shared/contracts/accounts';
import { api } from '#web/lib/api-client';

export type JoinWaitlistInput = z.input<typeof waitlistRequestSchema>;

/** Joining twice with one e-mail succeeds again: the server keeps the first entry. */
export function joinWaitlist(input: JoinWaitlistInput) {
  return api(accountRoutes.joinWaitlist, { body: input });
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
