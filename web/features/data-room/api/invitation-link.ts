import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authRoutes } from '#shared/contracts/auth';
import { adoptSignedInUser } from '#web/features/auth/api/auth-hooks';
import { api } from '#web/lib/api-client';
import { dataRoomKeys, invalidate, invalidatedBy } from '#web/lib/query-keys';

/**
 * What an invitation link can still do (docs/decisions/0055-invitation-as-credential.md): asked when the
 * invited view refuses it, so the page can say why in words, or offer a sign-in link.
 */
export function useInvitationLinkState(token: string) {
  return useQuery({
    queryKey: dataRoomKeys.invitationLink(token),
    queryFn: ({ signal }) => api(authRoutes.invitationLinkState, { params: { token }, signal }),
    retry: false,
  });
}

/**
 * The invitation tokens this tab accepted: spent, so nothing may be asked with them again. The sign-in
 * that follows an acceptance empties the query cache while the invited view is still on screen, and a
 * query it re-renders would otherwise ask again with the spent token (a 404). Kept outside the cache,
 * which that sign-in clears.
 */
const acceptedTokens = new Set<string>();

/** Whether this tab accepted the invitation already (its token opens nothing any more). */
export function isInvitationAccepted(token: string): boolean {
  return acceptedTokens.has(token);
}

/**
 * "Open the data room": accepts the invitation and signs its invitee in on this device, once. Whoever
 * was signed in in this tab before is replaced, with nothing of theirs left in the cache.
 */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(authRoutes.acceptInvitation, { params: { token } }),
    onSuccess: ({ user }) => {
      acceptedTokens.add(token);
      adoptSignedInUser(queryClient, user);
    },
    // Accepted elsewhere, withdrawn or expired meanwhile: read the link again, and the page says which.
    onError: () => invalidate(queryClient, invalidatedBy.invitationAcceptRefused(token)),
  });
}
