import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  createInvitationResponseSchema,
  invitationListSchema,
} from '../../../../shared/contracts/invitations';
import { apiRequest } from '../../../lib/api-client';

export const invitationsQuery = queryOptions({
  queryKey: ['invitations'],
  queryFn: ({ signal }) => apiRequest('/api/invites', invitationListSchema, { signal }),
});

export function useInvitations() {
  return useQuery(invitationsQuery);
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; name?: string }) =>
      apiRequest('/api/invites', createInvitationResponseSchema, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQuery.queryKey }),
  });
}

export function useDeleteInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/invites/${encodeURIComponent(id)}`, z.null(), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQuery.queryKey }),
  });
}
