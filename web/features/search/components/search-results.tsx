import { FileText, MessageSquareText } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import type { FaqResult, SearchResults, Snippet } from '#shared/contracts/search';
import { SnippetText } from '#web/components/ui/snippet-text';

/** Where a page found opens: the viewer's address, and, in the invited view, what a tap does instead. */
export interface ResultLinks {
  hrefOf: (documentId: string, page: number) => string;
  /** Replaces following the link (the invited view opens the room with its invitation first). */
  onOpen?: (documentId: string, page: number) => void;
}

export const pagesLabel = (count: number) => (count === 1 ? '1 page' : `${count} pages`);

/** One page found, as a link to it: "Page 7" and its snippet. */
export function PageResultLink({
  documentId,
  title,
  page,
  snippet,
  links,
  showTitle = false,
}: {
  documentId: string;
  title: string;
  page: number;
  snippet: Snippet;
  links: ResultLinks;
  /** "Ask the room"'s passages name their document on each row. */
  showTitle?: boolean;
}) {
  const onClick = links.onOpen
    ? (event: MouseEvent) => {
        event.preventDefault();
        links.onOpen?.(documentId, page);
      }
    : undefined;
  return (
    <Link
      to={links.hrefOf(documentId, page)}
      onClick={onClick}
      className="block rounded-md px-3 py-2 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600"
    >
      <span className="font-medium text-indigo-700">
        {showTitle ? (
          <>
            <span className="text-slate-900">{title}</span>
            <span aria-hidden="true"> · </span>
          </>
        ) : null}
        Page {page}
      </span>
      <span className="mt-0.5 block break-words text-slate-700">
        <SnippetText snippet={snippet} />
      </span>
    </Link>
  );
}

/**
 * The pages a search found, grouped by document (its title, how many of its pages match, each page a
 * link with its snippet), then the published answers that match, under their own heading.
 */
export function SearchResultsList({
  results,
  links,
  headingLevel = 'h3',
}: {
  results: SearchResults;
  links: ResultLinks;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <div className="flex flex-col gap-5">
      {results.documents.length > 0 && (
        <ol aria-label="Documents found" className="flex flex-col gap-3">
          {results.documents.map((document) => (
            <li key={document.documentId} className="rounded-lg border border-slate-200 bg-white">
              <div className="flex items-baseline justify-between gap-3 border-b border-slate-100 px-3 py-2">
                <Heading className="flex min-w-0 items-center gap-2 text-sm font-semibold break-words text-slate-900">
                  <FileText aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                  {document.title}
                </Heading>
                <span className="shrink-0 text-xs text-slate-500">{pagesLabel(document.pageCount)}</span>
              </div>
              <ul className="flex flex-col p-1">
                {document.hits.map((hit) => (
                  <li key={hit.page}>
                    <PageResultLink
                      documentId={document.documentId}
                      title={document.title}
                      page={hit.page}
                      snippet={hit.snippet}
                      links={links}
                    />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      {results.faq.length > 0 && <FaqAnswers entries={results.faq} headingLevel={headingLevel} />}
    </div>
  );
}

/** Published questions and answers that match: the founders' words, never who asked. */
export function FaqAnswers({
  entries,
  headingLevel = 'h3',
}: {
  entries: readonly FaqResult[];
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <section aria-label="Answered for everyone" className="flex flex-col gap-2">
      <Heading className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <MessageSquareText aria-hidden="true" className="size-4 text-slate-500" />
        Answered for everyone
      </Heading>
      <ul className="flex flex-col gap-2">
        {entries.map((entry) => (
          <li key={entry.id} className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
            <p className="font-medium break-words text-slate-900">{entry.question}</p>
            <p className="mt-0.5 break-words text-slate-700">
              <SnippetText snippet={entry.answer} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
