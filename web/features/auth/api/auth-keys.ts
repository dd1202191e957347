/** TanStack Query keys for what the auth feature reads. Every query and invalidation uses these. */
export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'me'] as const,
  /** Whether this tab's session waits for its passkey (docs/decisions/0062-passkeys-and-second-factor.md). */
  secondFactor: () => [...authKeys.all, 'second-factor'] as const,
  passkeys: () => [...authKeys.all, 'passkeys'] as const,
  sessions: () => [...authKeys.all, 'sessions'] as const,
};
