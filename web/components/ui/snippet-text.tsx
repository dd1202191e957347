import type { Snippet } from '#shared/contracts/search';

/**
 * A snippet of a page as the server cut it (docs/decisions/0088-search-inside-every-page.md): plain
 * text pieces, the matching words marked. Drawn as text nodes and <mark> only, so text from a document
 * can never become markup. The investors' results and the founders' search draw it alike.
 */
export function SnippetText({ snippet }: { snippet: Snippet }) {
  return (
    <>
      {snippet.map((piece, index) =>
        piece.isMatch ? (
          // Pieces have no identity but their place in the snippet.
          // biome-ignore lint/suspicious/noArrayIndexKey: the snippet is drawn whole, never reordered.
          <mark key={index} className="rounded-sm bg-amber-200 px-0.5 text-slate-900">
            {piece.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the snippet is drawn whole, never reordered.
          <span key={index}>{piece.text}</span>
        ),
      )}
    </>
  );
}
