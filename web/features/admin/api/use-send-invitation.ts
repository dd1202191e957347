import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createInvitationResponseSchema } from '#shared/contracts/invitations';
import { apiRequest } from '#web/lib/api-client';
import { invalidate, invalidatedBy } from '#web/lib/query-keys';

/**
 * The dashboard's Send Invitation form: POST /api/invitations with the e-mail only. Refreshes every
 * list of invitations, this page's and /configure's.
 */
export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('/api/invitations', createInvitationResponseSchema, { method: 'POST', body: { email } }),
    onSuccess: () => invalidate(queryClient, invalidatedBy.invitationCreated()),
  });
}
