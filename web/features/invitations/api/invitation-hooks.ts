import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  createInvitationResponseSchema,
  invitationListSchema,
} from '../../../../shared/contracts/invitations';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from '../../admin/api/admin-keys';
import { invitationsKeys } from './invitations-keys';

export const invitationsQuery = queryOptions({
  queryKey: invitationsKeys.mine(),
  queryFn: ({ signal }) => apiRequest('/api/invites', invitationListSchema, { signal }),
});

export function useInvitations() {
  return useQuery(invitationsQuery);
}

/** Every list of invitations: /configure's and the owner's dashboard's. */
function invalidateInvitationLists(queryClient: QueryClient) {
  return Promise.all(
    [invitationsKeys.all, adminKeys.invitations()].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; name?: string }) =>
      apiRequest('/api/invites', createInvitationResponseSchema, { method: 'POST', body: input }),
    onSuccess: () => invalidateInvitationLists(queryClient),
  });
}

export function useDeleteInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/invites/${encodeURIComponent(id)}`, z.null(), { method: 'DELETE' }),
    onSuccess: () => invalidateInvitationLists(queryClient),
  });
}
