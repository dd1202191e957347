import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { engagementRoutes, type KeyDocuments } from '#shared/contracts/engagement';
import { api } from '#web/lib/api-client';
import { engagementKeys, invalidate, invalidatedBy, type RoomAnalyticsFilter } from '#web/lib/query-keys';

/**
 * "Hot investors" (docs/decisions/0089-engagement-score.md), over every investor or those of one group,
 * one share link, or both: the top `limit` (the server's default when not given). Each visit reloads:
 * scores move with what investors do elsewhere.
 */
export function useHotInvestors(
  { group = null, shareLink = null }: RoomAnalyticsFilter = {},
  limit?: number,
) {
  return useQuery(
    queryOptions({
      queryKey: engagementKeys.hotInvestors({ group, shareLink }, limit),
      queryFn: ({ signal }) =>
        api(engagementRoutes.hotInvestors, { query: { group, shareLink, limit }, signal }),
      refetchOnMount: 'always',
      placeholderData: (previous) => previous,
    }),
  );
}

/** The documents the founders marked key. */
export function useKeyDocuments() {
  return useQuery(
    queryOptions({
      queryKey: engagementKeys.keyDocuments(),
      queryFn: ({ signal }) => api(engagementRoutes.keyDocuments, { signal }),
    }),
  );
}

/** Marks a document key, or not: POST /api/documents/:id/key. */
export function useMarkKeyDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, isKey }: { documentId: string; isKey: boolean }) =>
      api(engagementRoutes.markKeyDocument, { params: { id: documentId }, body: { isKey } }),
    onSuccess: (keys: KeyDocuments) => {
      queryClient.setQueryData(engagementKeys.keyDocuments(), keys);
      void invalidate(queryClient, invalidatedBy.keyDocumentsChanged());
    },
  });
}
