import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRoute } from '#shared/contracts/api-route';
import { type ImageRevision, pageImageParamsSchema } from '#shared/contracts/previews';
import { api } from '#web/lib/api-client';
import { viewerKeys } from '#web/lib/query-keys';

/**
 * GET /api/documents/:id/pages/:page/words, as the preparation's branch declares it (`previewRoutes.words`
 * in shared/contracts/previews.ts): written here, with the same path and answer, until that declaration
 * is on main; then this constant gives way to it and nothing else changes.
 */
const pageWordsRoute = apiRoute('GET', '/api/documents/:id/pages/:page/words', {
  params: pageImageParamsSchema,
  answer: z.object({
    page: z.int().min(1),
    words: z.array(z.tuple([z.string(), z.number(), z.number(), z.number(), z.number()])),
  }),
  refusals: [401, 404],
});

/**
 * One page's words and their boxes, read only while a search is to be highlighted on it. A page without
 * text answers none; a server without the route (404) highlights nothing rather than failing the page.
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
    queryFn: ({ signal }) => api(pageWordsRoute, { params: { id: documentId, page }, signal }),
    enabled,
  });
}
