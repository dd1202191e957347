import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  documentAnalyticsSchema,
  investorAnalyticsSchema,
  roomAnalyticsSchema,
} from '#shared/contracts/reading';
import { apiRequest } from '#web/lib/api-client';

/** TanStack Query keys for the founder's reading analytics. */
export const readingAnalyticsKeys = {
  all: ['reading-analytics'] as const,
  room: () => [...readingAnalyticsKeys.all, 'room'] as const,
  document: (documentId: string, reader: string | null) =>
    [...readingAnalyticsKeys.all, 'document', documentId, reader] as const,
  investor: (userId: string) => [...readingAnalyticsKeys.all, 'investor', userId] as const,
};

/**
 * Each visit reloads: these pages report what investors did elsewhere, which nothing in this browser
 * could invalidate (as /admin does).
 */
const onEveryVisit = { refetchOnMount: 'always' } as const;

export function useRoomAnalytics() {
  return useQuery(
    queryOptions({
      queryKey: readingAnalyticsKeys.room(),
      queryFn: ({ signal }) => apiRequest('/api/admin/analytics', roomAnalyticsSchema, { signal }),
      ...onEveryVisit,
    }),
  );
}

export function useDocumentAnalytics(documentId: string, reader: string | null) {
  const query = reader ? `?reader=${encodeURIComponent(reader)}` : '';
  return useQuery(
    queryOptions({
      queryKey: readingAnalyticsKeys.document(documentId, reader),
      queryFn: ({ signal }) =>
        apiRequest(
          `/api/admin/analytics/documents/${encodeURIComponent(documentId)}${query}`,
          documentAnalyticsSchema,
          { signal },
        ),
      ...onEveryVisit,
      // Choosing another reader keeps the page (and its chart) in place until their numbers arrive.
      placeholderData: (previous) => previous,
    }),
  );
}

export function useInvestorAnalytics(userId: string) {
  return useQuery(
    queryOptions({
      queryKey: readingAnalyticsKeys.investor(userId),
      queryFn: ({ signal }) =>
        apiRequest(`/api/admin/analytics/investors/${encodeURIComponent(userId)}`, investorAnalyticsSchema, {
          signal,
        }),
      ...onEveryVisit,
    }),
  );
}
