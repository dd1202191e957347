/**
 * A code sample, always rendered as text (React escapes it), never as HTML. Long lines scroll inside
 * the block on a phone instead of widening the page; the block takes focus so the keyboard can scroll it.
 */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <figure className="min-w-0">
      <figcaption className="rounded-t-lg border border-b-0 border-slate-800 bg-slate-800 px-4 py-2 font-mono text-xs text-slate-300">
        {label}
      </figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (Safari)
        tabIndex={0}
        className="overflow-x-auto rounded-b-lg border border-t-0 border-slate-800 bg-slate-900 p-4 text-sm leading-6 text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <code className="font-mono">{code}</code>
      </pre>
    </figure>
  );
}
