import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationRoutes } from '#shared/contracts/invitations';
import { api } from '#web/lib/api-client';
import { invalidate, invalidatedBy } from '#web/lib/query-keys';

/**
 * The dashboard's Send Invitation form: POST /api/invitations with the e-mail only. Refreshes every
 * list of invitations, this page's and /configure's.
 */
export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api(invitationRoutes.createByEmail, { body: { email } }),
    onSuccess: () => invalidate(queryClient, invalidatedBy.invitationCreated()),
  });
}
