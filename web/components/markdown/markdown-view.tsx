import type { Content, Parent, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { type ReactNode, useMemo } from 'react';
import { cn } from '#web/lib/cn';

/**
 * Markdown written by a founder (an NDA), shown formatted and safely: parsed by mdast-util-from-markdown
 * (micromark, the parser under the sections, ADR 26's limits checked by the server before it is saved)
 * and built as React elements, never as HTML. Raw HTML in the text shows as text; links open only
 * http(s) and mailto addresses, in a new tab; images show as their description, so reading the text
 * loads nothing from elsewhere.
 */
export function MarkdownView({ text, className }: { text: string; className?: string }) {
  const tree = useMemo(() => fromMarkdown(text), [text]);
  return (
    <div className={cn('flex flex-col gap-3 text-sm leading-6 text-slate-700', className)}>
      {blocks(tree)}
    </div>
  );
}

const SAFE_LINK = /^(https?:|mailto:)/i;

function children(node: Parent): ReactNode[] {
  return (node.children as Content[]).map((child, index) => render(child, index));
}

function blocks(tree: Root): ReactNode[] {
  return children(tree);
}

function render(node: Content, key: number): ReactNode {
  switch (node.type) {
    case 'heading': {
      const classes = [
        'text-xl font-semibold text-slate-900',
        'text-lg font-semibold text-slate-900',
        'font-semibold text-slate-900',
      ];
      const className = classes[Math.min(node.depth, 3) - 1];
      if (node.depth === 1)
        return (
          <h2 key={key} className={className}>
            {children(node)}
          </h2>
        );
      if (node.depth === 2)
        return (
          <h3 key={key} className={className}>
            {children(node)}
          </h3>
        );
      return (
        <h4 key={key} className={className}>
          {children(node)}
        </h4>
      );
    }
    case 'paragraph':
      return <p key={key}>{children(node)}</p>;
    case 'text':
      return node.value;
    case 'strong':
      return (
        <strong key={key} className="font-semibold text-slate-900">
          {children(node)}
        </strong>
      );
    case 'emphasis':
      return <em key={key}>{children(node)}</em>;
    case 'delete':
      return <del key={key}>{children(node)}</del>;
    case 'inlineCode':
      return (
        <code key={key} className="rounded bg-slate-100 px-1 font-mono text-[0.9em]">
          {node.value}
        </code>
      );
    case 'code':
      return (
        <pre
          key={key}
          className="overflow-x-auto rounded-md bg-slate-100 p-3 font-mono text-xs whitespace-pre-wrap"
        >
          {node.value}
        </pre>
      );
    case 'break':
      return <br key={key} />;
    case 'thematicBreak':
      return <hr key={key} className="border-slate-200" />;
    case 'blockquote':
      return (
        <blockquote key={key} className="flex flex-col gap-3 border-l-4 border-slate-200 pl-4">
          {children(node)}
        </blockquote>
      );
    case 'list':
      return node.ordered ? (
        <ol key={key} start={node.start ?? undefined} className="list-decimal space-y-1 pl-6">
          {children(node)}
        </ol>
      ) : (
        <ul key={key} className="list-disc space-y-1 pl-6">
          {children(node)}
        </ul>
      );
    case 'listItem':
      // A tight list's paragraphs are its items' lines, not paragraphs of their own.
      return (
        <li key={key}>
          {node.spread
            ? children(node)
            : (node.children as Content[]).flatMap((child, index) =>
                child.type === 'paragraph' ? children(child) : [render(child, index)],
              )}
        </li>
      );
    case 'link':
      return SAFE_LINK.test(node.url) ? (
        <a
          key={key}
          href={node.url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="text-indigo-700 underline"
        >
          {children(node)}
        </a>
      ) : (
        <span key={key}>{children(node)}</span>
      );
    case 'image':
      return node.alt ? <span key={key}>[{node.alt}]</span> : null;
    case 'html':
      return node.value;
    default:
      return 'children' in node ? (
        <span key={key}>{children(node as Parent)}</span>
      ) : 'value' in node ? (
        String(node.value)
      ) : null;
  }
}
