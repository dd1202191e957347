import type { ReactNode } from 'react';
import { Spinner } from '#web/components/ui/spinner';
import { isSearchable, useRoomSearch } from '#web/features/search/api/room-search';
import type { RoomSource } from '#web/lib/query-keys';
import { pagesLabel, type ResultLinks, SearchResultsList } from './search-results';

/** "3 pages in 2 documents", "1 answer": what a search found, said to screen readers as it changes. */
export function foundSummary(pageCount: number, documentCount: number, answerCount: number): string {
  const pages =
    pageCount > 0
      ? `${pagesLabel(pageCount)} in ${documentCount === 1 ? '1 document' : `${documentCount} documents`}`
      : '';
  const answers = answerCount > 0 ? (answerCount === 1 ? '1 answer' : `${answerCount} answers`) : '';
  return [pages, answers].filter(Boolean).join(' and ');
}

/**
 * What a search found for `query` (debounced): the results, or "No pages match", or why it failed;
 * nothing while the query is too short. `after` follows the results (the way to ask the room).
 */
export function SearchOutcome({
  source,
  query,
  links,
  after,
  headingLevel,
}: {
  source: RoomSource;
  query: string;
  links: ResultLinks;
  after?: ReactNode;
  headingLevel?: 'h2' | 'h3';
}) {
  const search = useRoomSearch(source, query);
  if (!isSearchable(query)) return null;
  if (search.isError)
    return (
      <div className="flex flex-col gap-3">
        <p role="alert" className="text-sm text-red-700">
          {search.error.message || 'The search failed. Please try again.'}
        </p>
        {after}
      </div>
    );
  if (!search.data) return <Spinner label="Searching…" showLabel className="text-sm" />;
  const results = search.data;
  const isEmpty = results.documents.length === 0 && results.faq.length === 0;
  return (
    <div className="flex flex-col gap-4" aria-busy={search.isFetching}>
      {isEmpty ? (
        <p role="status" className="text-sm text-slate-700">
          No pages match “{results.query}”.
        </p>
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600">
            {foundSummary(results.pageCount, results.documents.length, results.faq.length)}
          </p>
          <SearchResultsList results={results} links={links} headingLevel={headingLevel} />
        </>
      )}
      {after}
    </div>
  );
}
