import { useQuery } from '@tanstack/react-query';
import { readingRoutes } from '#shared/contracts/reading';
import { api } from '#web/lib/api-client';
import { readingAnalyticsKeys } from '#web/lib/query-keys';

/**
 * "Links": the room's document links side by side, with each verified reader's pages
 * (docs/decisions/0095-document-links.md). Each visit reloads, as the other analytics do.
 */
export function useLinkAnalytics() {
  return useQuery({
    queryKey: readingAnalyticsKeys.links(),
    queryFn: ({ signal }) => api(readingRoutes.links, { signal }),
    refetchOnMount: 'always',
  });
}
