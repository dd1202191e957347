import { useQuery } from '@tanstack/react-query';
import { apiPath } from '#shared/contracts/api-route';
import {
  type DocumentPreview,
  type ImageRevision,
  imageRevisionQuery,
  type PageImageWidth,
  previewRoutes,
} from '#shared/contracts/previews';
import { api } from '#web/lib/api-client';
import { viewerKeys } from '#web/lib/query-keys';

/** While a preview is being prepared, the viewer asks again this often and shows it once ready. */
export const PREPARING_POLL_MS = 3000;

/** A page of a Word document's narrow layout, for phones (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md). */
export const narrowPageImageUrl = (
  documentId: string,
  page: number,
  width: PageImageWidth,
  replacedAt?: ImageRevision,
) =>
  apiPath(previewRoutes.page, {
    params: { id: documentId, page },
    query: { layout: 'narrow', width, ...imageRevisionQuery(replacedAt) },
  });
export const thumbnailUrl = (documentId: string, page: number, replacedAt?: ImageRevision) =>
  apiPath(previewRoutes.thumbnail, {
    params: { id: documentId, page },
    query: imageRevisionQuery(replacedAt),
  });
export const contentUrl = (documentId: string, width?: PageImageWidth, replacedAt?: ImageRevision) =>
  apiPath(previewRoutes.content, {
    params: { id: documentId },
    query: { width, ...imageRevisionQuery(replacedAt) },
  });

/** The document's preview state: what the viewer reads first (and what a room's row may fetch ahead). */
export const readPreview = (documentId: string, signal?: AbortSignal) =>
  api(previewRoutes.preview, { params: { id: documentId }, signal });

export function usePreview(documentId: string) {
  return useQuery({
    queryKey: viewerKeys.preview(documentId),
    queryFn: ({ signal }) => readPreview(documentId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? PREPARING_POLL_MS : false),
    // Shown at once from the cache (a room's prefetch), then asked again: its file may have been
    // replaced since (docs/decisions/0069-document-versions.md).
    refetchOnMount: 'always',
  });
}

/** The document's own text, page by page, when it has one (for screen readers and find in page). */
export function useDocumentText(preview: DocumentPreview) {
  return useQuery({
    queryKey: viewerKeys.text(preview.documentId, preview.replacedAt),
    queryFn: ({ signal }) =>
      api(previewRoutes.text, {
        params: { id: preview.documentId },
        query: imageRevisionQuery(preview.replacedAt),
        signal,
      }),
    enabled: preview.hasText,
  });
}

/** A text preview (TXT, MD): UTF-8 text, not JSON, so it is read as it is. */
export function usePreviewText(documentId: string, replacedAt: string | null) {
  return useQuery({
    queryKey: viewerKeys.content(documentId, replacedAt),
    queryFn: async ({ signal }) => {
      const response = await fetch(contentUrl(documentId, undefined, replacedAt), {
        credentials: 'include',
        signal,
      });
      if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
      return response.text();
    },
  });
}

/** A table preview (CSV): its rows, the first being the header. */
export function usePreviewTable(documentId: string, replacedAt: string | null) {
  return useQuery({
    queryKey: viewerKeys.content(documentId, replacedAt),
    queryFn: ({ signal }) =>
      api(previewRoutes.content, {
        params: { id: documentId },
        query: imageRevisionQuery(replacedAt),
        signal,
      }),
  });
}
