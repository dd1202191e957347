import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchRoutes } from '#shared/contracts/search';
import { api } from '#web/lib/api-client';
import { managerSearchKeys } from '#web/lib/query-keys';

/** Fewer characters than this search nothing: one letter would match most pages of a room. */
export const MIN_SEARCH_CHARACTERS = 2;

/**
 * The console's search inside every page of the room's files, as its managers see it: where each file
 * found is linked and which groups may read it. Pages are indexed when a file's preview is prepared, on
 * the server and at its own pace, so nothing in this browser could say when an answer went stale: a
 * query asked again (a remount, the same words typed again) is asked of the server again.
 */
export function useManagerSearch(query: string) {
  const words = query.trim();
  return useQuery({
    queryKey: managerSearchKeys.results(words),
    queryFn: ({ signal }) => api(searchRoutes.managerSearch, { query: { q: words }, signal }),
    enabled: words.length >= MIN_SEARCH_CHARACTERS,
    staleTime: 0,
    // While the next words are asked, the last answer stays on screen instead of a flash of nothing.
    placeholderData: keepPreviousData,
  });
}
