import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BulkInvitationRequest, invitationRoutes } from '#shared/contracts/invitations';
import { api } from '#web/lib/api-client';
import { invalidate, invalidatedBy, invitationsKeys } from '#web/lib/query-keys';

export const invitationsQuery = queryOptions({
  queryKey: invitationsKeys.mine(),
  queryFn: ({ signal }) => api(invitationRoutes.mine, { signal }),
});

export function useInvitations() {
  return useQuery(invitationsQuery);
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; name?: string; personalMessage?: string; groupId?: string }) =>
      api(invitationRoutes.create, { body: input }),
    onSuccess: () => invalidate(queryClient, invalidatedBy.invitationCreated()),
  });
}

export function useDeleteInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(invitationRoutes.remove, { params: { id } }),
    onSuccess: () => invalidate(queryClient, invalidatedBy.invitationDeleted()),
  });
}

/** Many addresses at once: each invited or refused with the reason (docs/decisions/0060-invitation-links-resend-and-bulk.md). */
export function useBulkInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkInvitationRequest) => api(invitationRoutes.bulk, { body: input }),
    onSuccess: () => invalidate(queryClient, invalidatedBy.invitationsBulkCreated()),
  });
}

/** The invitation e-mail again, with a new link; the old link stops working. */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(invitationRoutes.resend, { params: { id } }),
    onSuccess: () => invalidate(queryClient, invalidatedBy.invitationResent()),
  });
}

/** A new link to pass on, answered once; the link in the e-mail stops working. */
export function useCopyInvitationLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(invitationRoutes.copyLink, { params: { id } }),
    onSuccess: () => invalidate(queryClient, invalidatedBy.invitationLinkCopied()),
  });
}
