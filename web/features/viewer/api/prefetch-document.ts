import type { QueryClient } from '@tanstack/react-query';
import type { DocumentListItem } from '#shared/contracts/documents';
import {
  type DocumentPreview,
  PAGE_IMAGE_SIZES_BEFORE_LAYOUT,
  PAGE_IMAGE_WIDTHS,
  pageImageSrcSet,
  pageImageUrl,
} from '#shared/contracts/previews';
import { viewerKeys } from '#web/lib/query-keys';
import { readPreview } from './preview-queries';

/**
 * How many documents a room prefetches only because their rows came on screen (a hover, a touch or a
 * focus always prefetches its own): page 1 of the first few, not the whole room, so an investor on a
 * metered phone pays for little more than what they are about to read (ADR 56).
 */
export const PREFETCHED_ON_SIGHT = 3;

/**
 * Whether a row's document is worth warming before the tap: an uploaded file whose pages are prepared.
 * A document still being prepared, failed, or read some other way (an image, a video, a file that can
 * only be downloaded) has no page 1 to fetch ahead.
 */
export function isPrefetchable(document: DocumentListItem | undefined): document is DocumentListItem {
  return document?.preview.status === 'ready' && document.preview.kind === 'pages';
}

/**
 * What a signed-in member's room fetches ahead for the viewer: the document's preview (into the query
 * cache the viewer reads) and page 1's image at the width the viewer will pick (into the browser's cache),
 * so the tap shows page 1 without a round trip. Both go through the same authorised routes as the
 * viewer's own reads (every page image is authorised like a download), with the session, and the image
 * only once the preview was answered: a document the server refuses (its room's NDA not accepted, no
 * longer readable) costs one refused request, never its page. Nothing here records a view: the viewer
 * opens one when it shows the document.
 */
export function createDocumentPrefetcher(queryClient: QueryClient) {
  const started = new Set<string>();
  // Kept until loaded, so an image is not collected mid-fetch.
  const images = new Set<HTMLImageElement>();
  let sightings = 0;

  // While the app changes something on the server (a sign-out above all, whose session these reads
  // would use) nothing is read ahead: it could be refused a moment later.
  const isBusy = () => queryClient.isMutating() > 0;

  async function prefetch(documentId: string): Promise<void> {
    if (started.has(documentId) || isBusy()) return;
    started.add(documentId);
    const queryKey = viewerKeys.preview(documentId);
    let preview: DocumentPreview;
    try {
      preview = await queryClient.fetchQuery({
        queryKey,
        queryFn: ({ signal }) => readPreview(documentId, signal),
      });
    } catch {
      // Refused (an NDA to accept first, no longer readable) or failed: no image is asked for, and the
      // viewer asks again itself when opened, and says why.
      queryClient.removeQueries({ queryKey, exact: true });
      return;
    }
    if (preview.status === 'ready' && preview.kind === 'pages' && preview.pages.length > 0 && !isBusy())
      preloadFirstPage(documentId, preview.replacedAt);
  }

  function preloadFirstPage(documentId: string, replacedAt: string | null): void {
    const image = new Image();
    image.decoding = 'async';
    image.sizes = PAGE_IMAGE_SIZES_BEFORE_LAYOUT;
    image.srcset = pageImageSrcSet(documentId, 1, replacedAt);
    image.src = pageImageUrl(documentId, 1, PAGE_IMAGE_WIDTHS[0], replacedAt);
    images.add(image);
    const release = () => images.delete(image);
    image.addEventListener('load', release, { once: true });
    image.addEventListener('error', release, { once: true });
  }

  return {
    /** A row came on screen: prefetched while fewer than PREFETCHED_ON_SIGHT have been. */
    onSight(documentId: string): void {
      if (started.has(documentId) || sightings >= PREFETCHED_ON_SIGHT || isBusy()) return;
      sightings++;
      void prefetch(documentId);
    },
    /** A pointer over the row, a finger on it, or the keyboard's focus: the reader is about to open it. */
    onIntent(documentId: string): void {
      void prefetch(documentId);
    },
  };
}

export type DocumentPrefetcher = ReturnType<typeof createDocumentPrefetcher>;

/**
 * A room row's prefetch handlers: none in the invited view (prefetcher null: nothing is read with a
 * session before the invitation is accepted, ADR 55), none for a document without prepared pages.
 */
export function rowPrefetch(
  prefetcher: DocumentPrefetcher | null,
  document: DocumentListItem | undefined,
): { onSight?: () => void; onIntent?: () => void } {
  if (!prefetcher || !isPrefetchable(document)) return {};
  return { onSight: () => prefetcher.onSight(document.id), onIntent: () => prefetcher.onIntent(document.id) };
}
