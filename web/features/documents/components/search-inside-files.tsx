import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { MAX_SEARCH_LENGTH } from '#shared/contracts/search';
import { LoadFailed } from '#web/components/app/load-failed';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { MIN_SEARCH_CHARACTERS, useManagerSearch } from '#web/features/documents/api/use-manager-search';
import { cn } from '#web/lib/cn';
import { ManagerSearchResults } from './manager-search-results';

/** How long typing pauses before the words are searched: one request per pause, not per key. */
export const SEARCH_DEBOUNCE_MS = 250;

/** `value`, once it has stopped changing for `delay` milliseconds. */
function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The console's search inside every page of the room's files (docs/decisions/0088-search-inside-every-page.md),
 * searched as the founder types: which files say it, on which pages, where each is linked and who may
 * read it, so a founder checks what an investor would find before they do.
 */
export function SearchInsideFiles({ roomId }: { roomId: string }) {
  const [typed, setTyped] = useState('');
  const words = useDebounced(typed, SEARCH_DEBOUNCE_MS).trim();
  const isLongEnough = words.length >= MIN_SEARCH_CHARACTERS;
  const search = useManagerSearch(words);
  const inputId = useId();
  const descriptionId = useId();
  const results = isLongEnough ? search.data : undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Search inside your files</CardTitle>
        <CardDescription id={descriptionId}>
          Every page of every file, as your investors’ search reads it: where each file is linked and who may
          read it. Your own searches are not counted in Analytics.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="relative">
          <label htmlFor={inputId} className="sr-only">
            Search inside your files
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            id={inputId}
            type="search"
            placeholder="Words on any page, e.g. churn"
            aria-describedby={descriptionId}
            maxLength={MAX_SEARCH_LENGTH}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            className="pl-9"
          />
        </div>
        <div aria-live="polite" className="sr-only">
          {results ? summary(results.pageCount, results.documents.length) : ''}
        </div>
        {isLongEnough && search.isPending && <Spinner label="Searching…" showLabel />}
        {isLongEnough && search.isError && (
          <LoadFailed what="the search" detail={search.error.message} onRetry={() => search.refetch()} />
        )}
        {results && (
          <div className={cn('flex flex-col gap-3', search.isPlaceholderData && 'opacity-60')}>
            {results.documents.length > 0 && (
              <p className="text-sm text-slate-600">{summary(results.pageCount, results.documents.length)}</p>
            )}
            <ManagerSearchResults roomId={roomId} results={results} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function summary(pageCount: number, fileCount: number): string {
  if (fileCount === 0) return 'Nothing found.';
  return `${pageCount} ${pageCount === 1 ? 'page' : 'pages'} in ${fileCount} ${fileCount === 1 ? 'file' : 'files'}`;
}
