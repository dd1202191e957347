import { QueryClient } from '@tanstack/react-query';

// docs/product-rules.md#api: queries never go stale, never refetch on focus, never poll, never retry.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
});
