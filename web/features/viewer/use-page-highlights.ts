import { useMemo } from 'react';
import type { ImageRevision } from '#shared/contracts/previews';
import { usePageWords } from '#web/features/viewer/api/page-words';
import { type HighlightBox, highlightBoxes } from '#web/features/viewer/search-highlights';

const NONE: readonly HighlightBox[] = [];

/**
 * Where a search's words are on one page: its word boxes read (only while there is a search, and only
 * where `isDrawnAsIndexed`: the page image the boxes were measured on) and matched to the search.
 */
export function usePageHighlights(
  document: { documentId: string; replacedAt: ImageRevision },
  page: number,
  highlight: string,
  isDrawnAsIndexed = true,
): readonly HighlightBox[] {
  const words = usePageWords(
    document.documentId,
    page,
    document.replacedAt,
    highlight !== '' && isDrawnAsIndexed,
  );
  return useMemo(
    () => (words.data && isDrawnAsIndexed ? highlightBoxes(words.data.words, highlight) : NONE),
    [words.data, highlight, isDrawnAsIndexed],
  );
}
