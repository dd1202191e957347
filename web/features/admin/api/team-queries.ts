import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { passkeyRoutes } from '#shared/contracts/passkeys';
import { teamRoutes } from '#shared/contracts/team';
import { api } from '#web/lib/api-client';
import { adminKeys, invalidate, invalidatedBy } from '#web/lib/query-keys';

/** The room's team: its owner and co-founders (docs/decisions/0047-room-editors.md). */
export const teamQuery = queryOptions({
  queryKey: adminKeys.team(),
  queryFn: ({ signal }) => api(teamRoutes.team, { signal }),
});

/** Reloaded on each visit, as the rest of the dashboard: a co-founder may have signed in meanwhile. */
export function useTeam() {
  return useQuery({ ...teamQuery, refetchOnMount: 'always' });
}

/** The owner invites a co-founder as an editor of the room. */
export function useInviteEditor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; name?: string }) => api(teamRoutes.inviteEditor, { body: input }),
    onSuccess: () => invalidate(queryClient, invalidatedBy.editorInvited()),
  });
}

/** The owner removes a co-founder, or withdraws their invitation. */
export function useRemoveEditor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(teamRoutes.removeEditor, { params: { id } }),
    onSuccess: () => invalidate(queryClient, invalidatedBy.editorRemoved()),
  });
}

/** Whether the owner requires a passkey of the co-founders (docs/decisions/0093-security-notices-and-required-passkeys.md). */
export function usePasskeyRequirement() {
  return useQuery({
    queryKey: adminKeys.passkeyRequirement(),
    queryFn: ({ signal }) => api(passkeyRoutes.requirement, { signal }),
  });
}

export function useSavePasskeyRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isRequiredOfCofounders: boolean) =>
      api(passkeyRoutes.saveRequirement, { body: { isRequiredOfCofounders } }),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.passkeyRequirement(), saved),
  });
}
