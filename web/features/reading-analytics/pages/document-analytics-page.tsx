import { useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { href } from '#shared/routes';
import { Spinner } from '#web/components/ui/spinner';
import { useDocumentVersions } from '#web/features/documents/api/use-document-versions';
import { useQuestionsByPage } from '#web/features/questions/api/use-questions';
import { useDocumentAnalytics } from '#web/features/reading-analytics/api/reading-analytics-queries';
import {
  AnalyticsPageState,
  BackLink,
} from '#web/features/reading-analytics/components/analytics-page-state';
import {
  AnalyticsPanel,
  DataTable,
  EmptyNote,
  StatTiles,
} from '#web/features/reading-analytics/components/analytics-panel';
import { ChartSlot } from '#web/features/reading-analytics/components/chart-slot';
import { formatReadingTime, formatShare, versionsText } from '#web/features/reading-analytics/reading-time';
import { formatDate, formatDateTime } from '#web/lib/format';

const linkClass = 'text-indigo-700 hover:underline';

/** ?version=, when it is a version number (the current version otherwise). */
function versionOf(value: string | null): number | null {
  return value && /^[1-9][0-9]{0,6}$/.test(value) ? Number(value) : null;
}

/**
 * /admin/analytics/documents/:documentId: who read a document and when, for how long, how far, and the
 * time per page (averaged over readers, and for the reader chosen in ?reader=), which shows where
 * readers stop. Pages and completion are one version's, the current one unless ?version= names another;
 * the totals count every version read and say so (docs/decisions/0077-reading-analytics-by-version.md).
 */
export function DocumentAnalyticsPage() {
  const { documentId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const reader = search.get('reader');
  const query = useDocumentAnalytics(documentId, reader, versionOf(search.get('version')));
  const readerSelectId = useId();
  const versionSelectId = useId();
  /** Sets or removes one search parameter, keeping the others. */
  const choose = (name: 'reader' | 'version', value: string | null) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const versions = useDocumentVersions(documentId);
  // Where readers ask (docs/product-rules.md#questions), beside where they stop.
  const asked = useQuestionsByPage().data?.documents.find((entry) => entry.documentId === documentId);
  const askedOn = (page: number | null) => asked?.pages.find((entry) => entry.page === page)?.count ?? 0;
  return (
    <AnalyticsPageState title="Document analytics" query={query} notFound="Document not found">
      {() => {
        const data = query.data;
        if (!data) return null;
        const chosen = data.chosenReader;
        const pageLabels = data.pages.map((page) => `Page ${page.page}`);
        const hasVersions = data.versions.length > 1;
        const ofVersion = hasVersions ? ` of version ${data.version}` : '';
        const versionHasReaders = data.pages.some((page) => page.readerCount > 0);
        return (
          <>
            <BackLink to="roomAnalytics">Reading analytics</BackLink>
            <h1 className="mt-2 text-2xl font-semibold break-words text-slate-900 sm:text-3xl">
              {data.document.title}
            </h1>
            <p className="mt-1 text-slate-600">
              {hasVersions && `Version ${data.version} of ${data.versions.length} · `}
              {data.document.pageCount === null
                ? 'Its preview is not ready yet: pages are counted once it is.'
                : `${data.document.pageCount} ${data.document.pageCount === 1 ? 'page' : 'pages'}`}
            </p>
            {hasVersions && (
              <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
                <label htmlFor={versionSelectId} className="font-medium text-slate-700">
                  Version
                </label>
                <select
                  id={versionSelectId}
                  className="h-10 max-w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
                  value={String(data.version)}
                  onChange={(event) =>
                    choose(
                      'version',
                      Number(event.target.value) === data.document.currentVersion ? null : event.target.value,
                    )
                  }
                >
                  {[...data.versions].reverse().map((version) => (
                    <option key={version.number} value={String(version.number)}>
                      {[
                        `Version ${version.number}${version.number === data.document.currentVersion ? ' (current)' : ''}`,
                        version.pageCount === null
                          ? null
                          : `${version.pageCount} ${version.pageCount === 1 ? 'page' : 'pages'}`,
                        formatDate(version.createdAt),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className="mt-6 flex flex-col gap-6 sm:mt-8">
              <div className="flex flex-col gap-2">
                <StatTiles
                  stats={[
                    { label: 'Readers', value: String(data.readerCount) },
                    { label: 'Views', value: String(data.viewCount) },
                    { label: 'Total reading time', value: formatReadingTime(data.totalReadSeconds) },
                    { label: 'Average per reader', value: formatReadingTime(data.averageReadSeconds) },
                    {
                      label: hasVersions ? `Completion of version ${data.version}` : 'Completion',
                      value: formatShare(data.completion),
                    },
                  ]}
                />
                {hasVersions && data.totalsVersions.length > 0 && (
                  <p className="text-sm text-slate-600">
                    Readers, views and reading time count {versionsText(data.totalsVersions)}; completion,
                    pages and each reader's pages are version {data.version}'s.
                  </p>
                )}
              </div>
              <AnalyticsPanel
                id="time-per-page"
                title={`Time per page${ofVersion}`}
                description="Seconds on each page, averaged over every reader: where the bars fall away is where readers stop."
              >
                {data.readerCount === 0 ? (
                  <EmptyNote>No investor has opened this document in the viewer yet.</EmptyNote>
                ) : hasVersions && !versionHasReaders ? (
                  <EmptyNote>No investor has read a page of version {data.version} yet.</EmptyNote>
                ) : (
                  <div className="flex flex-col gap-4">
                    <div className="flex flex-wrap items-center gap-2 text-sm">
                      <label htmlFor={readerSelectId} className="font-medium text-slate-700">
                        Compare with
                      </label>
                      <select
                        id={readerSelectId}
                        className="h-10 max-w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
                        value={chosen?.userId ?? ''}
                        onChange={(event) => choose('reader', event.target.value || null)}
                      >
                        <option value="">No one (average only)</option>
                        {data.readers.map((one) => (
                          <option key={one.userId} value={one.userId}>
                            {one.name || one.email}
                          </option>
                        ))}
                      </select>
                      {query.isFetching && <Spinner label="Loading this reader's pages…" />}
                    </div>
                    <ChartSlot
                      summary={`Time per page of ${data.document.title}${chosen ? `, average and ${chosen.name || chosen.email}` : ', averaged over readers'}; the table below has the numbers.`}
                      labels={pageLabels}
                      series={[
                        {
                          label: 'Average per reader',
                          values: data.pages.map((page) => page.averageSeconds),
                          color: '#4f46e5',
                        },
                        ...(chosen
                          ? [
                              {
                                label: chosen.name || chosen.email,
                                values: data.pages.map((page) => page.readerSeconds ?? 0),
                                color: '#f59e0b',
                              },
                            ]
                          : []),
                      ]}
                    />
                    <DataTable
                      caption="Time per page"
                      headers={[
                        'Page',
                        'Average per reader',
                        'Readers',
                        'Questions',
                        ...(chosen ? [chosen.name || chosen.email] : []),
                      ]}
                      rows={data.pages.map((page) => ({
                        key: String(page.page),
                        cells: [
                          `Page ${page.page}`,
                          formatReadingTime(page.averageSeconds),
                          page.readerCount,
                          askedOn(page.page),
                          ...(chosen ? [formatReadingTime(page.readerSeconds ?? 0)] : []),
                        ],
                      }))}
                    />
                    {asked && asked.total > 0 && (
                      <p className="text-sm text-slate-600">
                        {asked.total === 1 ? '1 question' : `${asked.total} questions`} about this document
                        {askedOn(null) > 0 && ` (${askedOn(null)} about all of it)`}.{' '}
                        <Link
                          className={linkClass}
                          to={`${href('adminQuestions')}?document=${encodeURIComponent(documentId)}`}
                        >
                          See them in Questions
                        </Link>
                      </p>
                    )}
                  </div>
                )}
              </AnalyticsPanel>
              <AnalyticsPanel
                id="readers"
                title="Readers"
                description="Who opened it in the viewer, and when."
              >
                {data.readers.length === 0 ? (
                  <EmptyNote>No readers yet.</EmptyNote>
                ) : (
                  <DataTable
                    caption="Readers of this document"
                    headers={[
                      'Investor',
                      hasVersions ? `Reading time on v${data.version}` : 'Reading time',
                      hasVersions ? `Pages seen of v${data.version}` : 'Pages seen',
                      hasVersions ? `Completion of v${data.version}` : 'Completion',
                      'Views',
                      'First viewed',
                      'Last viewed',
                    ]}
                    rows={data.readers.map((one) => ({
                      key: one.userId,
                      cells: [
                        <Link
                          key="name"
                          className={linkClass}
                          to={href('investorAnalytics', { userId: one.userId })}
                        >
                          {one.name || one.email}
                        </Link>,
                        formatReadingTime(one.readSeconds),
                        data.document.pageCount
                          ? `${one.pagesSeen} of ${data.document.pageCount}`
                          : one.pagesSeen,
                        formatShare(one.completion),
                        one.viewCount,
                        formatDateTime(one.firstViewedAt),
                        formatDateTime(one.lastViewedAt),
                      ],
                    }))}
                  />
                )}
              </AnalyticsPanel>
              {versions.data && versions.data.versions.length > 1 && (
                <AnalyticsPanel
                  id="versions"
                  title="Versions"
                  description="Who read each version of its file, and for how long."
                >
                  <DataTable
                    caption="Reading by version"
                    headers={['Version', 'Uploaded', 'Readers', 'Reading time']}
                    rows={versions.data.versions.map((version) => ({
                      key: String(version.number),
                      cells: [
                        version.status === 'current' ? `${version.number} (current)` : String(version.number),
                        formatDateTime(version.uploadedAt),
                        version.readers.map((one) => one.name || one.email).join(', ') || '—',
                        formatReadingTime(version.readers.reduce((sum, one) => sum + one.readSeconds, 0)),
                      ],
                    }))}
                  />
                </AnalyticsPanel>
              )}
            </div>
          </>
        );
      }}
    </AnalyticsPageState>
  );
}
