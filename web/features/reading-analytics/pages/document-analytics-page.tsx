import { useId } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useDocumentVersions } from '#web/features/documents/api/use-document-versions';
import { useQuestionsByPage } from '#web/features/questions/api/use-questions';
import { useDocumentAnalytics } from '#web/features/reading-analytics/api/reading-analytics-queries';
import {
  AnalyticsPageState,
  BackLink,
} from '#web/features/reading-analytics/components/analytics-page-state';
import { AnalyticsPanel, StatTiles } from '#web/features/reading-analytics/components/analytics-panel';
import {
  type Choose,
  DocumentReaders,
  ReadingByVersion,
  TimePerPage,
  VersionPicker,
} from '#web/features/reading-analytics/components/document-analytics-sections';
import { formatReadingTime, formatShare, versionsText } from '#web/features/reading-analytics/reading-time';

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
  const choose: Choose = (name, value) =>
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
  return (
    <AnalyticsPageState title="Document analytics" query={query} notFound="Document not found">
      {() => {
        const data = query.data;
        if (!data) return null;
        const hasVersions = data.versions.length > 1;
        const ofVersion = hasVersions ? ` of version ${data.version}` : '';
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
            {hasVersions && <VersionPicker data={data} id={versionSelectId} choose={choose} />}
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
                <TimePerPage
                  data={data}
                  documentId={documentId}
                  readerSelectId={readerSelectId}
                  choose={choose}
                  isFetching={query.isFetching}
                  asked={asked}
                />
              </AnalyticsPanel>
              <AnalyticsPanel
                id="readers"
                title="Readers"
                description="Who opened it in the viewer, and when."
              >
                <DocumentReaders data={data} />
              </AnalyticsPanel>
              {versions.data && versions.data.versions.length > 1 && (
                <ReadingByVersion versions={versions.data} />
              )}
            </div>
          </>
        );
      }}
    </AnalyticsPageState>
  );
}
