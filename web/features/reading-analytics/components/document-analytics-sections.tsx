import { Link } from 'react-router';
import type { DocumentAnalytics } from '#shared/contracts/reading';
import { href } from '#shared/routes';
import { Select } from '#web/components/ui/select';
import { Spinner } from '#web/components/ui/spinner';
import type { useDocumentVersions } from '#web/features/documents/api/use-document-versions';
import {
  AnalyticsPanel,
  DataTable,
  EmptyNote,
} from '#web/features/reading-analytics/components/analytics-panel';
import { ChartSlot } from '#web/features/reading-analytics/components/chart-slot';
import { formatReadingTime, formatShare } from '#web/features/reading-analytics/reading-time';
import { formatDate, formatDateTime } from '#web/lib/format';

const linkClass = 'text-indigo-700 hover:underline';

/** Sets or removes one search parameter of the page, keeping the others. */
export type Choose = (name: 'reader' | 'version', value: string | null) => void;

/** The version whose pages the page shows, newest first. */
export function VersionPicker({
  data,
  id: versionSelectId,
  choose,
}: {
  data: DocumentAnalytics;
  id: string;
  choose: Choose;
}) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={versionSelectId} className="font-medium text-slate-700">
        Version
      </label>
      <Select
        id={versionSelectId}
        className="max-w-full"
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
      </Select>
    </div>
  );
}

/**
 * Time per page, averaged over readers and for the reader chosen to compare with, and the questions
 * asked about each page.
 */
export function TimePerPage({
  data,
  documentId,
  readerSelectId,
  choose,
  isFetching,
  asked,
}: {
  data: DocumentAnalytics;
  documentId: string;
  readerSelectId: string;
  choose: Choose;
  isFetching: boolean;
  /** The questions asked about this document, by page (null: about all of it). */
  asked: { total: number; pages: { page: number | null; count: number }[] } | undefined;
}) {
  const chosen = data.chosenReader;
  const pageLabels = data.pages.map((page) => `Page ${page.page}`);
  const hasVersions = data.versions.length > 1;
  const versionHasReaders = data.pages.some((page) => page.readerCount > 0);
  const askedOn = (page: number | null) => asked?.pages.find((entry) => entry.page === page)?.count ?? 0;
  return (
    <>
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
            <Select
              id={readerSelectId}
              className="max-w-full"
              value={chosen?.userId ?? ''}
              onChange={(event) => choose('reader', event.target.value || null)}
            >
              <option value="">No one (average only)</option>
              {data.readers.map((one) => (
                <option key={one.userId} value={one.userId}>
                  {one.name || one.email}
                </option>
              ))}
            </Select>
            {isFetching && <Spinner label="Loading this reader's pages…" />}
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
    </>
  );
}

/** Who opened the document in the viewer, when, for how long and how far. */
export function DocumentReaders({ data }: { data: DocumentAnalytics }) {
  const hasVersions = data.versions.length > 1;
  return (
    <>
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
              <Link key="name" className={linkClass} to={href('investorAnalytics', { userId: one.userId })}>
                {one.name || one.email}
              </Link>,
              formatReadingTime(one.readSeconds),
              data.document.pageCount ? `${one.pagesSeen} of ${data.document.pageCount}` : one.pagesSeen,
              formatShare(one.completion),
              one.viewCount,
              formatDateTime(one.firstViewedAt),
              formatDateTime(one.lastViewedAt),
            ],
          }))}
        />
      )}
    </>
  );
}

/** Who read each version of the document's file, and for how long. */
export function ReadingByVersion({
  versions,
}: {
  versions: NonNullable<ReturnType<typeof useDocumentVersions>['data']>;
}) {
  return (
    <AnalyticsPanel
      id="versions"
      title="Versions"
      description="Who read each version of its file, and for how long."
    >
      <DataTable
        caption="Reading by version"
        headers={['Version', 'Uploaded', 'Readers', 'Reading time']}
        rows={versions.versions.map((version) => ({
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
  );
}
