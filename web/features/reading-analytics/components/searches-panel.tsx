import { useId } from 'react';
import type { SearchAnalytics } from '#shared/contracts/search';
import { Switch } from '#web/components/ui/switch';
import {
  useSaveSearchSettings,
  useSearchAnalytics,
  useSearchSettings,
} from '#web/features/reading-analytics/api/search-analytics-queries';
import { formatDateTime } from '#web/lib/format';
import { AnalyticsPanel, DataTable, EmptyNote } from './analytics-panel';

type SearchedWords = SearchAnalytics['top'];

/**
 * What investors look for with the room's search (docs/decisions/0088-search-inside-every-page.md): the
 * words searched most, those that found nothing (what the room may be missing), and the switch that
 * decides whether the founders see the words at all.
 */
export function SearchesPanel() {
  const analytics = useSearchAnalytics();
  const data = analytics.data;
  return (
    <AnalyticsPanel
      id="searches"
      title="Searches"
      description="What investors look for with the room's search, over every investor (the filters above leave it as it is)."
    >
      <div className="flex flex-col gap-6">
        <WordsVisibleSwitch />
        {analytics.isPending ? (
          <EmptyNote>Loading…</EmptyNote>
        ) : analytics.isError ? (
          <EmptyNote>The searches could not be loaded. Reload the page to try again.</EmptyNote>
        ) : (
          data && <SearchedWordsLists data={data} />
        )}
      </div>
    </AnalyticsPanel>
  );
}

const NOT_KEPT =
  'The words investors search for are not kept while the switch above is off: each search is counted, its words are not.';

function SearchedWordsLists({ data }: { data: SearchAnalytics }) {
  const isOff = !data.areQueriesVisible;
  const hasWords = data.top.length + data.notFound.length > 0;
  // Before the first search, one note says what will come rather than two empty lists.
  if (data.searchCount === 0 && !hasWords)
    return (
      <EmptyNote>
        {isOff ? NOT_KEPT : 'When investors search the room, the words they look for appear here.'}
      </EmptyNote>
    );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        <span className="text-2xl font-semibold text-slate-900">{data.searchCount}</span>{' '}
        {data.searchCount === 1 ? 'search' : 'searches'} in all
      </p>
      {isOff && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {NOT_KEPT}
          {hasWords && ' The words below were searched before it was turned off.'}
        </p>
      )}
      {/* One under the other: side by side, a long query pushed "Last searched" out of sight. */}
      <div className="flex flex-col gap-6">
        <WordsList
          id="top-searches"
          title="Top searches"
          rows={data.top}
          empty={
            isOff
              ? 'No words kept: they are not kept while the switch is off.'
              : 'When investors search the room, the words they look for appear here.'
          }
        />
        <WordsList
          id="searches-not-found"
          title="Searched, found nothing"
          rows={data.notFound}
          empty={
            isOff
              ? 'No words kept: they are not kept while the switch is off.'
              : 'When a search finds nothing, its words appear here: what investors expected and the room does not say.'
          }
        />
        <RecentSearches rows={data.recent} />
      </div>
    </div>
  );
}

/** The newest searches, each with who made it: the room's log of searches. */
function RecentSearches({ rows }: { rows: SearchAnalytics['recent'] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-2">
      <h3 id={id} className="text-sm font-semibold text-slate-900">
        Recent searches
      </h3>
      {rows.length === 0 ? (
        <EmptyNote>Each investor's searches appear here, newest first, with what they found.</EmptyNote>
      ) : (
        <DataTable
          caption="Recent searches"
          headers={['Investor', 'Words', 'Found', 'When']}
          rows={rows.map((row, index) => ({
            key: `${row.searchedAt}-${index}`,
            cells: [
              row.reader,
              row.query === null ? 'Words not kept' : `“${row.query}”`,
              row.resultCount === 0
                ? 'Nothing'
                : `${row.resultCount} ${row.resultCount === 1 ? 'result' : 'results'}`,
              formatDateTime(row.searchedAt),
            ],
          }))}
        />
      )}
    </section>
  );
}

function WordsList({
  id,
  title,
  rows,
  empty,
}: {
  id: string;
  title: string;
  rows: SearchedWords;
  empty: string;
}) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-2">
      <h3 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      {rows.length === 0 ? (
        <EmptyNote>{empty}</EmptyNote>
      ) : (
        <DataTable
          caption={title}
          headers={['Words', 'Searches', 'Readers', 'Last searched']}
          rows={rows.map((row) => ({
            key: row.query,
            cells: [`“${row.query}”`, row.count, row.readers, formatDateTime(row.lastSearchedAt)],
          }))}
        />
      )}
    </section>
  );
}

/**
 * "Show me the words investors search for", saved as soon as it is flipped. Investors read under the
 * search box whether the founders see their words, so the switch says so too.
 */
function WordsVisibleSwitch() {
  const settings = useSearchSettings();
  const save = useSaveSearchSettings();
  const labelId = useId();
  const explanationId = useId();
  const isVisible = settings.data?.areQueriesVisible ?? true;
  const isOn = save.isPending ? save.variables : isVisible;
  // No toast on success: the switch and the lists below already say what changed.
  const flip = () => save.mutate(!isVisible);
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-slate-200 p-3">
      <div className="flex items-center justify-between gap-4">
        <span id={labelId} className="font-medium text-slate-900">
          Show me the words investors search for
        </span>
        <Switch
          checked={isOn}
          aria-labelledby={labelId}
          aria-describedby={explanationId}
          disabled={!settings.data || save.isPending}
          onClick={flip}
        />
      </div>
      <p id={explanationId} className="text-sm text-slate-600">
        Investors are told under the search box whether you see what they type.
      </p>
      {save.isError && (
        <p role="alert" className="text-sm text-red-700">
          Could not save the setting: {save.error.message}
        </p>
      )}
      {settings.isError && (
        <p className="text-sm text-red-700">Could not load this setting. Reload the page to try again.</p>
      )}
    </div>
  );
}
