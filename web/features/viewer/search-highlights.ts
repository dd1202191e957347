import { parseSearchQuery, wordMatches, wordsOf } from '#shared/search-words';

/** A word on a page and its box, as fractions (0 to 1) of the page image: [text, left, top, right, bottom]. */
export type WordBox = readonly [text: string, x0: number, y0: number, x1: number, y1: number];

/** Where a highlight is drawn over a page image, in percent of its width and height. */
export interface HighlightBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

const clamp = (value: number) => Math.min(Math.max(value, 0), 1);

/**
 * The boxes to highlight on a page for a search: every word of the page that one of the query's words
 * finds, folded and matched as the index matches (a phrase's words each on their own; a `fund*` prefix by
 * its start). In percent of the image, so the boxes follow it at any width, zoom or layout.
 */
export function highlightBoxes(words: readonly WordBox[], query: string): HighlightBox[] {
  const wanted = parseSearchQuery(query).flatMap((term) =>
    term.kind === 'word'
      ? [{ word: term.word, isPrefix: term.isPrefix }]
      : term.words.map((word) => ({ word, isPrefix: false })),
  );
  if (wanted.length === 0) return [];
  const boxes: HighlightBox[] = [];
  for (const [text, x0, y0, x1, y1] of words) {
    const isFound = wordsOf(text).some((textWord) =>
      wanted.some(({ word, isPrefix }) => wordMatches(textWord, word, isPrefix)),
    );
    if (!isFound) continue;
    const left = clamp(Math.min(x0, x1));
    const top = clamp(Math.min(y0, y1));
    const right = clamp(Math.max(x0, x1));
    const bottom = clamp(Math.max(y0, y1));
    if (right <= left || bottom <= top) continue;
    boxes.push({
      left: left * 100,
      top: top * 100,
      width: (right - left) * 100,
      height: (bottom - top) * 100,
    });
  }
  return boxes;
}
