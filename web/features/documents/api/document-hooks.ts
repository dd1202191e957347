import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DocumentListItem, documentRoutes } from '#shared/contracts/documents';
import { previewRoutes } from '#shared/contracts/previews';
import { api } from '#web/lib/api-client';
import { documentsKeys, invalidate, invalidatedBy } from '#web/lib/query-keys';

/** While a file's preview is being prepared, the list asks again this often, so 'Ready' shows by itself. */
export const PREPARING_REFETCH_MS = 3000;

/** How soon to fetch the list again: soon while anything in it is being prepared, else only when told. */
export function refetchIntervalFor(documents: readonly DocumentListItem[] | undefined): number | false {
  return documents?.some((document) => document.preview.status === 'preparing')
    ? PREPARING_REFETCH_MS
    : false;
}

export const myDocumentsQuery = queryOptions({
  queryKey: documentsKeys.mine(),
  queryFn: ({ signal }) => api(documentRoutes.mine, { signal }),
  refetchInterval: (query) => refetchIntervalFor(query.state.data),
});

export function useMyDocuments() {
  return useQuery(myDocumentsQuery);
}

export interface DeleteOutcome {
  deleted: string[];
  /** The first refusal's reason, when any deletion failed. */
  failures: { id: string; reason: string }[];
}

/**
 * Deletes documents, one request each, all at once. Each is removed on the server with its file and
 * its links in the markdown; the outcome says which went and why any did not.
 */
export function useDeleteDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]): Promise<DeleteOutcome> => {
      const results = await Promise.allSettled(
        ids.map((id) => api(documentRoutes.remove, { params: { id } })),
      );
      const outcome: DeleteOutcome = { deleted: [], failures: [] };
      results.forEach((result, index) => {
        const id = ids[index] as string;
        if (result.status === 'fulfilled') outcome.deleted.push(id);
        else outcome.failures.push({ id, reason: (result.reason as Error).message });
      });
      return outcome;
    },
    onSettled: () => invalidate(queryClient, invalidatedBy.documentsDeleted()),
  });
}

/** Prepares a failed preview again (Retry beside its failure); the list then shows it being prepared. */
export function useRetryPreview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => api(previewRoutes.retry, { params: { id: documentId } }),
    onSettled: () => invalidate(queryClient, invalidatedBy.previewRetried()),
  });
}
