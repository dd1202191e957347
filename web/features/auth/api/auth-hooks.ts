import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authRoutes, type PublicUser } from '#shared/contracts/auth';
import { clearStoredUser, homePathFor, storeUser } from '#web/features/auth/session-store';
import { api } from '#web/lib/api-client';
import { authKeys } from '#web/lib/query-keys';

/** Who is signed in, or null. Never redirects: protected pages decide what to show. */
export const currentUserQuery = queryOptions({
  queryKey: authKeys.currentUser(),
  queryFn: async ({ signal }): Promise<PublicUser | null> => {
    const { user } = await api(authRoutes.session, { signal });
    if (user) storeUser(user);
    else clearStoredUser();
    return user;
  },
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/** Where the signed-in user's rooms are (their console, or the rooms they read); null for a visitor. */
export function useHomePath(): string | null {
  const { data: user } = useCurrentUser();
  return user ? homePathFor(user) : null;
}
/**
 * Whether the session waits for its passkey or a recovery code: asked only when nobody is signed in, to
 * choose between the login page and that step (docs/decisions/0062-passkeys-and-second-factor.md).
 */
export const secondFactorPendingQuery = queryOptions({
  queryKey: authKeys.secondFactor(),
  queryFn: async ({ signal }): Promise<boolean> =>
    (await api(authRoutes.session, { signal })).isSecondFactorPending,
});

/**
 * Whether the waiting session's step is adding a passkey: a co-founder whose room requires one and who
 * holds none (docs/decisions/0093-security-notices-and-required-passkeys.md).
 */
export const passkeySetupRequiredQuery = queryOptions({
  queryKey: [...authKeys.secondFactor(), 'setup'] as const,
  queryFn: async ({ signal }): Promise<boolean> =>
    (await api(authRoutes.session, { signal })).isPasskeySetupRequired === true,
});

export function useRequestMagicLink() {
  return useMutation({
    // The name is sent as an empty string. `returnTo`, the page that asked for the
    // sign-in (shared/return-to.ts), rides in the link and the verify page opens it.
    mutationFn: (request: string | { email: string; returnTo?: string | null }) => {
      const { email, returnTo } = typeof request === 'string' ? { email: request, returnTo: null } : request;
      return api(authRoutes.requestMagicLink, {
        body: returnTo ? { email, name: '', returnTo } : { email, name: '' },
      });
    },
  });
}

/**
 * Makes `user` the signed-in user of this tab after the server started their session. Another person
 * may have used the tab before: nothing cached for them may show for this one.
 */
export function adoptSignedInUser(queryClient: QueryClient, user: PublicUser): void {
  queryClient.clear();
  storeUser(user);
  queryClient.setQueryData(currentUserQuery.queryKey, user);
}

/**
 * The session that waited for its passkey now may do everything. Nothing was cached for anyone while it
 * waited (verifying the link cleared the tab), so the guard on the page shown in place simply updates.
 */
export function adoptSecondFactorUser(queryClient: QueryClient, user: PublicUser): void {
  storeUser(user);
  queryClient.setQueryData(secondFactorPendingQuery.queryKey, false);
  queryClient.setQueryData(currentUserQuery.queryKey, user);
}

/**
 * A mailbox proof (the link, or its code) answered: the user is signed in, or, for a manager holding a
 * passkey, nobody is until it is given, and protected pages show that step.
 */
function adoptMailboxProof(
  queryClient: QueryClient,
  answer: { user: PublicUser; isSecondFactorPending?: boolean },
) {
  if (!answer.isSecondFactorPending) return adoptSignedInUser(queryClient, answer.user);
  queryClient.clear();
  clearStoredUser();
  queryClient.setQueryData(currentUserQuery.queryKey, null);
  queryClient.setQueryData(secondFactorPendingQuery.queryKey, true);
}

export function useVerifyMagicLink() {
  const queryClient = useQueryClient();
  return useMutation({
    // `automatic`: the page's own request as it loads, which the server honours only in the browser that
    // asked for the link (ADR 74); the person's confirmation is not automatic.
    mutationFn: ({ token, automatic }: { token: string; automatic: boolean }) =>
      api(authRoutes.verify, { body: automatic ? { token, automatic } : { token } }),
    onSuccess: (answer) => adoptMailboxProof(queryClient, answer),
  });
}

/** The code mailed beside the link, typed in the browser that asked for it (ADR 74). */
export function useVerifySignInCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; code: string }) => api(authRoutes.verifyCode, { body }),
    onSuccess: (answer) => adoptMailboxProof(queryClient, answer),
  });
}

/** Every logout control uses this: the server revokes the session, then local state is dropped. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(authRoutes.logout),
    onSettled: () => {
      clearStoredUser();
      queryClient.clear();
      queryClient.setQueryData(currentUserQuery.queryKey, null);
    },
  });
}
