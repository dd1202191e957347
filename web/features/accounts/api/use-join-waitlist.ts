import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { waitlistRequestSchema } from '#shared/contracts/accounts';
import { messageResponseSchema } from '#shared/contracts/auth';
import { apiRequest } from '#web/lib/api-client';

export type JoinWaitlistInput = z.input<typeof waitlistRequestSchema>;

/** Joining twice with one e-mail succeeds again: the server keeps the first entry. */
export function joinWaitlist(input: JoinWaitlistInput) {
  return apiRequest('/api/waitlist', messageResponseSchema, { method: 'POST', body: input });
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
