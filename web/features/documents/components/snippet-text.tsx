import type { Snippet } from '#shared/contracts/search';

/**
 * A page's words around what was found, the matching words marked. The pieces are plain text drawn as
 * text: a file's words are never read as markup.
 */
export function SnippetText({ snippet }: { snippet: Snippet }) {
  return (
    <>
      {snippet.map((piece, index) =>
        piece.isMatch ? (
          // The pieces have no id of their own; their order never changes for one snippet.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 font-medium text-slate-900">
            {piece.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={index}>{piece.text}</span>
        ),
      )}
    </>
  );
}
