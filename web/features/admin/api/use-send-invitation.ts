import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createInvitationResponseSchema } from '#shared/contracts/invitations';
import { invitationsKeys } from '#web/features/invitations/api/invitations-keys';
import { apiRequest } from '#web/lib/api-client';
import { adminKeys } from './admin-keys';

/**
 * The dashboard's Send Invitation form: POST /api/invitations with the e-mail only. Refreshes every
 * list of invitations, this page's and /configure's.
 */
export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('/api/invitations', createInvitationResponseSchema, { method: 'POST', body: { email } }),
    onSuccess: () =>
      Promise.all(
        [adminKeys.invitations(), invitationsKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
