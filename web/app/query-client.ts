import { QueryClient } from '@tanstack/react-query';

// Spec section 7: queries never go stale, never refetch on focus, never poll, never retry.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
});
