/** TanStack Query keys for what the auth feature reads. Every query and invalidation uses these. */
export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'me'] as const,
};
