import { Download, Eye, MousePointerClick } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { InvestorActivity } from '#shared/contracts/reading';
import { href } from '#shared/routes';
import { useInvestorAnalytics } from '#web/features/reading-analytics/api/reading-analytics-queries';
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
import { formatReadingTime } from '#web/features/reading-analytics/reading-time';
import { formatDateTime } from '#web/lib/format';

const linkClass = 'text-indigo-700 hover:underline';

function ActivityLine({ activity }: { activity: InvestorActivity }) {
  const title =
    activity.documentId && activity.kind !== 'clicked' ? (
      <Link className={linkClass} to={href('documentAnalytics', { documentId: activity.documentId })}>
        {activity.title}
      </Link>
    ) : (
      <span className="font-medium text-slate-900">{activity.title}</span>
    );
  const Icon =
    activity.kind === 'viewed' ? Eye : activity.kind === 'downloaded' ? Download : MousePointerClick;
  const verb =
    activity.kind === 'viewed' ? 'Read' : activity.kind === 'downloaded' ? 'Downloaded' : 'Opened the link';
  return (
    <li className="flex gap-3 py-2 text-sm">
      <Icon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0 flex-1 wrap-anywhere">
        <p className="text-slate-700">
          {verb} {title}
          {activity.kind === 'viewed' &&
            ` for ${formatReadingTime(activity.readSeconds)}, ${activity.pagesSeen} ${activity.pagesSeen === 1 ? 'page' : 'pages'} seen`}
        </p>
        <p className="text-xs text-slate-500">{formatDateTime(activity.at)}</p>
      </div>
    </li>
  );
}

/**
 * /admin/analytics/investors/:userId: one investor's visits in order (what they read, downloaded and
 * clicked), and their time per document.
 */
export function InvestorAnalyticsPage() {
  const { userId = '' } = useParams();
  const query = useInvestorAnalytics(userId);
  return (
    <AnalyticsPageState title="Investor analytics" query={query} notFound="Investor not found">
      {() => {
        const data = query.data;
        if (!data) return null;
        const totalSeconds = data.documents.reduce((sum, document) => sum + document.readSeconds, 0);
        const visits = [...data.visits].reverse();
        return (
          <>
            <BackLink to="roomAnalytics">Reading analytics</BackLink>
            <h1 className="mt-2 text-2xl font-semibold break-words text-slate-900 sm:text-3xl">
              {data.investor.name || data.investor.email}
            </h1>
            <p className="mt-1 break-words text-slate-600">
              {data.investor.email}
              {data.investor.isMember ? '' : ' · no longer has access'}
            </p>
            <div className="mt-6 flex flex-col gap-6 sm:mt-8">
              <StatTiles
                stats={[
                  { label: 'Visits', value: String(data.visits.length) },
                  { label: 'Documents opened', value: String(data.documents.length) },
                  { label: 'Total reading time', value: formatReadingTime(totalSeconds) },
                ]}
              />
              <AnalyticsPanel id="documents" title="Time per document" description="Over all their views.">
                {data.documents.length === 0 ? (
                  <EmptyNote>They have not opened a document in the viewer yet.</EmptyNote>
                ) : (
                  <DataTable
                    caption="Time per document"
                    headers={['Document', 'Reading time', 'Pages seen', 'Views', 'Last viewed']}
                    rows={data.documents.map((document) => ({
                      key: document.documentId,
                      cells: [
                        <Link
                          key="title"
                          className={linkClass}
                          to={`${href('documentAnalytics', { documentId: document.documentId })}?reader=${encodeURIComponent(data.investor.userId)}`}
                        >
                          {document.title}
                        </Link>,
                        formatReadingTime(document.readSeconds),
                        document.pageCount
                          ? `${document.pagesSeen} of ${document.pageCount}`
                          : document.pagesSeen,
                        document.viewCount,
                        formatDateTime(document.lastViewedAt),
                      ],
                    }))}
                  />
                )}
              </AnalyticsPanel>
              <AnalyticsPanel
                id="visits"
                title="Visits"
                description="Everything they did, newest visit first, each in the order it happened."
              >
                {visits.length === 0 ? (
                  <EmptyNote>No visits yet.</EmptyNote>
                ) : (
                  <ol aria-label="Visits" className="flex flex-col gap-4">
                    {visits.map((visit) => (
                      <li key={visit.startedAt} className="rounded-lg border border-slate-200 p-3">
                        <h3 className="text-sm font-semibold text-slate-900">
                          Visit · {formatDateTime(visit.startedAt)}
                        </h3>
                        <ol className="mt-1 divide-y divide-slate-100">
                          {visit.activities.map((activity) => (
                            <ActivityLine
                              key={`${activity.kind}-${activity.at}-${activity.title}`}
                              activity={activity}
                            />
                          ))}
                        </ol>
                      </li>
                    ))}
                  </ol>
                )}
              </AnalyticsPanel>
            </div>
          </>
        );
      }}
    </AnalyticsPageState>
  );
}
