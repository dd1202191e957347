import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authRoutes, type PublicUser } from '#shared/contracts/auth';
import { passkeyRoutes } from '#shared/contracts/passkeys';
import { api } from '#web/lib/api-client';
import { authKeys, invalidate, invalidatedBy } from '#web/lib/query-keys';
import { adoptSecondFactorUser, adoptSignedInUser } from './auth-hooks';

/**
 * Passkeys, recovery codes and sessions (docs/decisions/0062-passkeys-and-second-factor.md). The browser's
 * side of WebAuthn is @simplewebauthn/browser: it turns the server's options into
 * navigator.credentials calls and the answers into the JSON the server verifies.
 */

async function passkeyAssertion(
  optionsRoute: typeof passkeyRoutes.secondFactorOptions | typeof passkeyRoutes.signInOptions,
) {
  const options = await api(optionsRoute);
  return startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
}

/** GET /api/auth/passkeys: the user's passkeys and how many recovery codes they have left. */
export function usePasskeys() {
  return useQuery({
    queryKey: authKeys.passkeys(),
    queryFn: ({ signal }) => api(passkeyRoutes.list, { signal }),
  });
}

/** Creates a passkey on this device and registers it; a manager's first brings recovery codes. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await api(passkeyRoutes.registrationOptions);
      const response = await startRegistration({
        optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
      });
      return api(passkeyRoutes.add, { body: { name: name || undefined, response } });
    },
    onSettled: () => invalidate(queryClient, invalidatedBy.passkeysChanged()),
  });
}

/**
 * The waiting session's step when the room requires a passkey its co-founder does not hold (ADR 93):
 * the passkey added completes the sign-in. The recovery codes come back to be shown before going on.
 */
export function useAddRequiredPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const options = await api(passkeyRoutes.registrationOptions);
      const response = await startRegistration({
        optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
      });
      const added = await api(passkeyRoutes.add, { body: { response } });
      return { recoveryCodes: added.recoveryCodes ?? [], user: (await api(authRoutes.me)).user };
    },
    onSettled: () => invalidate(queryClient, invalidatedBy.passkeysChanged()),
  });
}

/** After the codes are stored: the session may do everything. */
export function useFinishPasskeySetup() {
  const queryClient = useQueryClient();
  return (user: PublicUser) => adoptSecondFactorUser(queryClient, user);
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(passkeyRoutes.remove, { params: { id } }),
    onSettled: () => invalidate(queryClient, invalidatedBy.passkeysChanged()),
  });
}

/** A new set of recovery codes, shown once; the old set stops working. */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(passkeyRoutes.regenerateRecoveryCodes),
    onSettled: () => invalidate(queryClient, invalidatedBy.passkeysChanged()),
  });
}

/** The second factor with this device's passkey: the session then may do everything. */
export function useGivePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      api(passkeyRoutes.secondFactorPasskey, {
        body: { response: await passkeyAssertion(passkeyRoutes.secondFactorOptions) },
      }),
    onSuccess: ({ user }) => adoptSecondFactorUser(queryClient, user),
  });
}

export function useGiveRecoveryCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api(passkeyRoutes.secondFactorRecoveryCode, { body: { code } }),
    onSuccess: ({ user }) => adoptSecondFactorUser(queryClient, user),
  });
}

/** Signing in with a discoverable passkey alone: the browser offers the passkeys it holds for this site. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      api(passkeyRoutes.signIn, {
        body: { response: await passkeyAssertion(passkeyRoutes.signInOptions) },
      }),
    onSuccess: ({ user }) => adoptSignedInUser(queryClient, user),
  });
}

/** GET /api/auth/sessions: where the user is signed in. */
export function useSessions() {
  return useQuery({
    queryKey: authKeys.sessions(),
    queryFn: ({ signal }) => api(passkeyRoutes.sessions, { signal }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(passkeyRoutes.endSession, { params: { id } }),
    onSettled: () => invalidate(queryClient, invalidatedBy.sessionsEnded()),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(passkeyRoutes.endOtherSessions),
    onSettled: () => invalidate(queryClient, invalidatedBy.sessionsEnded()),
  });
}
