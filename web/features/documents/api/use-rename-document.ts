import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DocumentTitleRequest, documentRoutes } from '#shared/contracts/documents';
import { api } from '#web/lib/api-client';
import { documentsKeys, invalidate, invalidatedBy } from '#web/lib/query-keys';

/**
 * Renames an uploaded document: POST /api/documents/:id/title. The server renames its links in the
 * sections markdown in the same write (ADR 59), so the sections and the room's views are fetched again.
 */
export function useRenameDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, title }: { documentId: string } & DocumentTitleRequest) =>
      api(documentRoutes.rename, { params: { id: documentId }, body: { title } }),
    onSuccess: (updated) => {
      queryClient.setQueryData(documentsKeys.mine(), (list: readonly { id: string }[] | undefined) =>
        list?.map((document) => (document.id === updated.id ? updated : document)),
      );
      void invalidate(queryClient, invalidatedBy.documentRenamed());
    },
  });
}
