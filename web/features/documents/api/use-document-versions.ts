import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '#shared/contracts/api-route';
import { type DocumentVersions, documentRoutes } from '#shared/contracts/documents';
import { api } from '#web/lib/api-client';
import { documentsKeys, invalidate, invalidatedBy } from '#web/lib/query-keys';
import { PREPARING_REFETCH_MS } from './document-hooks';

/**
 * A document's versions (docs/decisions/0069-document-versions.md): asked again while one is being
 * prepared, so "Current" moves by itself.
 */
export function useDocumentVersions(documentId: string | undefined) {
  return useQuery({
    queryKey: documentsKeys.versions(documentId ?? ''),
    queryFn: ({ signal }) => api(documentRoutes.versions, { params: { id: documentId ?? '' }, signal }),
    enabled: documentId !== undefined,
    refetchInterval: (query) =>
      query.state.data?.versions.some((version) => version.status === 'preparing')
        ? PREPARING_REFETCH_MS
        : false,
  });
}

function useVersionsMutation<Input>(run: (input: Input) => Promise<{ history: DocumentVersions } | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      if (answer) queryClient.setQueryData(documentsKeys.versions(answer.history.documentId), answer.history);
    },
    onSettled: () => invalidate(queryClient, invalidatedBy.documentVersionsChanged()),
  });
}

/** "Replace file": the new file as the document's next version, its earlier readers told if asked. */
export function useReplaceFile() {
  return useVersionsMutation(
    ({ documentId, file, notifyReaders }: { documentId: string; file: File; notifyReaders: boolean }) => {
      const form = new FormData();
      form.append('notifyReaders', String(notifyReaders));
      form.append('file', file);
      return api(documentRoutes.replaceFile, { params: { id: documentId }, body: form });
    },
  );
}

export function useRestoreVersion() {
  return useVersionsMutation(({ documentId, number }: { documentId: string; number: number }) =>
    api(documentRoutes.restoreVersion, { params: { id: documentId, number: String(number) } }),
  );
}

export function useDeleteVersion() {
  return useVersionsMutation(async ({ documentId, number }: { documentId: string; number: number }) => {
    await api(documentRoutes.removeVersion, { params: { id: documentId, number: String(number) } });
    return null;
  });
}

/** Where a version's file downloads from (the room's managers only). */
export function versionDownloadPath(documentId: string, number: number): string {
  return apiPath(documentRoutes.downloadVersion, { params: { id: documentId, number: String(number) } });
}
