import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { authResponseSchema } from '#shared/contracts/auth';
import {
  addPasskeyResponseSchema,
  authenticationOptionsSchema,
  passkeysResponseSchema,
  recoveryCodesResponseSchema,
  registrationOptionsSchema,
  secondFactorResponseSchema,
  sessionsResponseSchema,
} from '#shared/contracts/passkeys';
import { apiRequest } from '#web/lib/api-client';
import { authKeys, invalidate, invalidatedBy } from '#web/lib/query-keys';
import { adoptSecondFactorUser, adoptSignedInUser } from './auth-hooks';

/**
 * Passkeys, recovery codes and sessions (docs/decisions/0062-passkeys-and-second-factor.md). The browser's
 * side of WebAuthn is @simplewebauthn/browser: it turns the server's options into
 * navigator.credentials calls and the answers into the JSON the server verifies.
 */

async function passkeyAssertion(optionsPath: string) {
  const options = await apiRequest(optionsPath, authenticationOptionsSchema, { method: 'POST' });
  return startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
}

/** GET /api/auth/passkeys: the user's passkeys and how many recovery codes they have left. */
export function usePasskeys() {
  return useQuery({
    queryKey: authKeys.passkeys(),
    queryFn: ({ signal }) => apiRequest('/api/auth/passkeys', passkeysResponseSchema, { signal }),
  });
}

/** Creates a passkey on this device and registers it; a manager's first brings recovery codes. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await apiRequest('/api/auth/passkeys/options', registrationOptionsSchema, {
        method: 'POST',
      });
      const response = await startRegistration({
        optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
      });
      return apiRequest('/api/auth/passkeys', addPasskeyResponseSchema, {
        method: 'POST',
        body: { name: name || undefined, response },
      });
    },
    onSettled: () => invalidate(queryClient, invalidatedBy.passkeysChanged()),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/auth/passkeys/${id}`, z.null(), { method: 'DELETE' }),
    onSettled: () => invalidate(queryClient, invalidatedBy.passkeysChanged()),
  });
}

/** A new set of recovery codes, shown once; the old set stops working. */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/auth/recovery-codes', recoveryCodesResponseSchema, { method: 'POST' }),
    onSettled: () => invalidate(queryClient, invalidatedBy.passkeysChanged()),
  });
}

/** The second factor with this device's passkey: the session then may do everything. */
export function useGivePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      apiRequest('/api/auth/second-factor/passkey', secondFactorResponseSchema, {
        method: 'POST',
        body: { response: await passkeyAssertion('/api/auth/second-factor/options') },
      }),
    onSuccess: ({ user }) => adoptSecondFactorUser(queryClient, user),
  });
}

export function useGiveRecoveryCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest('/api/auth/second-factor/recovery-code', secondFactorResponseSchema, {
        method: 'POST',
        body: { code },
      }),
    onSuccess: ({ user }) => adoptSecondFactorUser(queryClient, user),
  });
}

/** Signing in with a discoverable passkey alone: the browser offers the passkeys it holds for this site. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      apiRequest('/api/auth/passkey-sign-in', authResponseSchema, {
        method: 'POST',
        body: { response: await passkeyAssertion('/api/auth/passkey-sign-in/options') },
      }),
    onSuccess: ({ user }) => adoptSignedInUser(queryClient, user),
  });
}

/** GET /api/auth/sessions: where the user is signed in. */
export function useSessions() {
  return useQuery({
    queryKey: authKeys.sessions(),
    queryFn: ({ signal }) => apiRequest('/api/auth/sessions', sessionsResponseSchema, { signal }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/auth/sessions/${id}`, z.null(), { method: 'DELETE' }),
    onSettled: () => invalidate(queryClient, invalidatedBy.sessionsEnded()),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/auth/sessions/end-others', z.null(), { method: 'POST' }),
    onSettled: () => invalidate(queryClient, invalidatedBy.sessionsEnded()),
  });
}
