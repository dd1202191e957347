import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type DocumentListItem, documentListSchema } from '#shared/contracts/documents';
import { adminKeys } from '#web/features/admin/api/admin-keys';
import { dataRoomKeys } from '#web/features/data-room/api/data-room-keys';
import { sectionsKeys } from '#web/features/sections/api/sections-keys';
import { apiRequest } from '#web/lib/api-client';
import { documentsKeys } from './documents-keys';

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
  queryFn: ({ signal }) => apiRequest('/api/my-documents', documentListSchema, { signal }),
  refetchInterval: (query) => refetchIntervalFor(query.state.data),
});

export function useMyDocuments() {
  return useQuery(myDocumentsQuery);
}

/**
 * What an upload or a deletion changes besides the file list: the sections markdown (a link added or
 * removed), the views built from it, and the owner's dashboard.
 */
export function invalidateAfterDocumentChange(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all(
    [documentsKeys.all, sectionsKeys.all, dataRoomKeys.all, adminKeys.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
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
        ids.map((id) =>
          apiRequest(`/api/documents/${encodeURIComponent(id)}`, z.unknown(), { method: 'DELETE' }),
        ),
      );
      const outcome: DeleteOutcome = { deleted: [], failures: [] };
      results.forEach((result, index) => {
        const id = ids[index] as string;
        if (result.status === 'fulfilled') outcome.deleted.push(id);
        else outcome.failures.push({ id, reason: (result.reason as Error).message });
      });
      return outcome;
    },
    onSettled: () => invalidateAfterDocumentChange(queryClient),
  });
}

/** Prepares a failed preview again (Retry beside its failure); the list then shows it being prepared. */
export function useRetryPreview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) =>
      apiRequest(`/api/documents/${encodeURIComponent(documentId)}/preview/retry`, z.null(), {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsKeys.all }),
  });
}
