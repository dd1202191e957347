import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DownloadPolicyChoice, documentRoutes } from '#shared/contracts/documents';
import { api } from '#web/lib/api-client';
import { documentsKeys, invalidate, invalidatedBy } from '#web/lib/query-keys';

/** One document's "Allow download": POST /api/documents/:id/download-policy. */
export function useSetDownloadPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, policy }: { documentId: string; policy: DownloadPolicyChoice }) =>
      api(documentRoutes.setDownloadPolicy, { params: { id: documentId }, body: { policy } }),
    onSuccess: (updated) => {
      // The list shows the saved state at once; the founder's preview of the room reads it too.
      queryClient.setQueryData(documentsKeys.mine(), (list: readonly { id: string }[] | undefined) =>
        list?.map((document) => (document.id === updated.id ? updated : document)),
      );
      void invalidate(queryClient, invalidatedBy.documentDownloadPolicySet());
    },
  });
}
