import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type DocumentPreview,
  documentPreviewSchema,
  documentTextSchema,
  type PageImageWidth,
} from '#shared/contracts/previews';
import { apiRequest } from '#web/lib/api-client';
import { viewerKeys } from '#web/lib/query-keys';

/** While a preview is being prepared, the viewer asks again this often and shows it once ready. */
export const PREPARING_POLL_MS = 3000;

const documentPath = (documentId: string) => `/api/documents/${encodeURIComponent(documentId)}`;

export const pageImageUrl = (documentId: string, page: number, width: PageImageWidth) =>
  `${documentPath(documentId)}/pages/${page}?width=${width}`;
/** A page of a Word document's narrow layout, for phones (docs/decisions/0057-spreadsheets-and-word-on-a-phone.md). */
export const narrowPageImageUrl = (documentId: string, page: number, width: PageImageWidth) =>
  `${documentPath(documentId)}/pages/${page}?layout=narrow&width=${width}`;
export const thumbnailUrl = (documentId: string, page: number) =>
  `${documentPath(documentId)}/thumbnails/${page}`;
export const contentUrl = (documentId: string, width?: PageImageWidth) =>
  `${documentPath(documentId)}/preview/content${width ? `?width=${width}` : ''}`;

/**
 * The `sizes` a page image has before the viewer's strip is laid out (then it is the drawn width): what
 * a prefetch gives too, so the browser picks the same width from the srcset and the viewer finds it cached.
 */
export const PAGE_IMAGE_SIZES_BEFORE_LAYOUT = '(min-width: 1024px) 60rem, 100vw';

/** The document's preview state: what the viewer reads first (and what a room's row may fetch ahead). */
export const readPreview = (documentId: string, signal?: AbortSignal) =>
  apiRequest(`${documentPath(documentId)}/preview`, documentPreviewSchema, { signal });

export function usePreview(documentId: string) {
  return useQuery({
    queryKey: viewerKeys.preview(documentId),
    queryFn: ({ signal }) => readPreview(documentId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? PREPARING_POLL_MS : false),
  });
}

/** The document's own text, page by page, when it has one (for screen readers and find in page). */
export function useDocumentText(preview: DocumentPreview) {
  return useQuery({
    queryKey: viewerKeys.text(preview.documentId),
    queryFn: ({ signal }) =>
      apiRequest(`${documentPath(preview.documentId)}/text`, documentTextSchema, { signal }),
    enabled: preview.hasText,
  });
}

/** A text preview (TXT, MD): UTF-8 text, not JSON, so it is read as it is. */
export function usePreviewText(documentId: string) {
  return useQuery({
    queryKey: viewerKeys.content(documentId),
    queryFn: async ({ signal }) => {
      const response = await fetch(contentUrl(documentId), { credentials: 'include', signal });
      if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
      return response.text();
    },
  });
}

export const previewTableSchema = z.object({ rows: z.array(z.array(z.string())), truncated: z.boolean() });
export type PreviewTable = z.infer<typeof previewTableSchema>;

/** A table preview (CSV): its rows, the first being the header. */
export function usePreviewTable(documentId: string) {
  return useQuery({
    queryKey: viewerKeys.content(documentId),
    queryFn: ({ signal }) => apiRequest(contentUrl(documentId), previewTableSchema, { signal }),
  });
}
