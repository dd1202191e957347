import { queryOptions, useQuery } from '@tanstack/react-query';
import { readingRoutes } from '#shared/contracts/reading';
import { api } from '#web/lib/api-client';
import { type RoomAnalyticsFilter, readingAnalyticsKeys } from '#web/lib/query-keys';

/**
 * Each visit reloads: these pages report what investors did elsewhere, which nothing in this browser
 * could invalidate (as /admin does).
 */
const onEveryVisit = { refetchOnMount: 'always' } as const;

/**
 * The room's analytics, over every reader or those of one investor group, one share link, or both
 * (null: every reader).
 */
export function useRoomAnalytics({ group = null, shareLink = null }: RoomAnalyticsFilter) {
  return useQuery(
    queryOptions({
      queryKey: readingAnalyticsKeys.room({ group, shareLink }),
      queryFn: ({ signal }) => api(readingRoutes.room, { query: { group, shareLink }, signal }),
      ...onEveryVisit,
      // Choosing another group or link keeps the page in place until its numbers arrive.
      placeholderData: (previous) => previous,
    }),
  );
}

/** One document's analytics, with one version's pages (null: the current version's). */
export function useDocumentAnalytics(documentId: string, reader: string | null, version: number | null) {
  return useQuery(
    queryOptions({
      queryKey: readingAnalyticsKeys.document(documentId, reader, version),
      queryFn: ({ signal }) =>
        api(readingRoutes.document, { params: { documentId }, query: { reader, version }, signal }),
      ...onEveryVisit,
      // Choosing another reader or version keeps the page (and its chart) in place until the numbers arrive.
      placeholderData: (previous) => previous,
    }),
  );
}

export function useInvestorAnalytics(userId: string) {
  return useQuery(
    queryOptions({
      queryKey: readingAnalyticsKeys.investor(userId),
      queryFn: ({ signal }) => api(readingRoutes.investor, { params: { userId }, signal }),
      ...onEveryVisit,
    }),
  );
}
