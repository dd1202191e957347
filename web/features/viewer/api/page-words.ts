import { useQuery } from '@tanstack/react-query';
import { type ImageRevision, previewRoutes } from '#shared/contracts/previews';
import { api } from '#web/lib/api-client';
import { viewerKeys } from '#web/lib/query-keys';

/**
 * One page's words and their boxes, read only while a search is to be highlighted on it. A page without
 * text answers none; a refusal (404: the document no longer readable) highlights nothing rather than
 * failing the page.
 */
export function usePageWords(
  documentId: string,
  page: number,
  replacedAt: ImageRevision | undefined,
  enabled: boolean,
) {
  return useQuery({
    // Per file: a replaced file's pages have their own words (docs/decisions/0069-document-versions.md).
    queryKey: viewerKeys.words(documentId, page, replacedAt ?? null),
    queryFn: ({ signal }) => api(previewRoutes.words, { params: { id: documentId, page }, signal }),
    enabled,
  });
}
