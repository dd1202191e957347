import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { RECENT_READERS_DAYS } from '#shared/contracts/reading';
import { href } from '#shared/routes';
import { consoleHref } from '#web/components/app/console-places';
import { Button } from '#web/components/ui/button';
import { Select } from '#web/components/ui/select';
import { useRoomGroups } from '#web/features/groups/api/use-groups';
import { useQuestionsByPage } from '#web/features/questions/api/use-questions';
import { useRoomAnalytics } from '#web/features/reading-analytics/api/reading-analytics-queries';
import {
  AnalyticsPageState,
  BackLink,
} from '#web/features/reading-analytics/components/analytics-page-state';
import {
  AnalyticsPanel,
  DataTable,
  EmptyNote,
} from '#web/features/reading-analytics/components/analytics-panel';
import { ChartSlot } from '#web/features/reading-analytics/components/chart-slot';
import { LinksPanel } from '#web/features/reading-analytics/components/links-panel';
import { SearchesPanel } from '#web/features/reading-analytics/components/searches-panel';
import { formatReadingTime } from '#web/features/reading-analytics/reading-time';
import { useShareLinks } from '#web/features/share-links/api/use-share-links';
import { formatDateTime } from '#web/lib/format';

/** How many documents the most-read chart and the least-read list show. */
const TOP = 10;
const LEAST = 5;

const linkClass = 'text-indigo-700 hover:underline';
/**
 * /admin/analytics: the room's most and least read documents, who read lately, and what they searched for;
 * "Hot investors" (the engagement feature's, given by the app layer with the filters chosen here) first.
 */
export function RoomAnalyticsPage({
  hotInvestors,
}: {
  hotInvestors?: (filters: { group: string | null; shareLink: string | null }) => ReactNode;
} = {}) {
  const [group, setGroup] = useState<string | null>(null);
  const [shareLink, setShareLink] = useState<string | null>(null);
  const query = useRoomAnalytics({ group, shareLink });
  const questionsByPage = useQuestionsByPage();
  return (
    <AnalyticsPageState title="Reading analytics" query={query} notFound="No data room yet">
      {() => {
        const data = query.data;
        if (!data) return null;
        const read = data.documents.filter((document) => document.readSeconds > 0 || document.viewCount > 0);
        const mostRead = read.slice(0, TOP);
        const leastRead = [...data.documents].reverse().slice(0, LEAST);
        // A room nobody has read (and nobody asked about) gets one card with what to do next, not empty
        // panels; a filter that keeps no one still shows the panels, which say whose reading they count.
        const isUnread =
          !group &&
          !shareLink &&
          read.length === 0 &&
          data.recentReaders.length === 0 &&
          data.firms.length === 0 &&
          // Until the questions arrive the room counts as unread: a question without reading is rare.
          (questionsByPage.data?.documents.length ?? 0) === 0;
        const documentLink = (documentId: string, title: string) => (
          <Link className={linkClass} to={href('documentAnalytics', { documentId })}>
            {title}
          </Link>
        );
        return (
          <>
            <BackLink to="admin">Admin dashboard</BackLink>
            <h1 className="mt-2 text-2xl font-semibold text-slate-900 sm:text-3xl">Reading analytics</h1>
            <p className="mt-1 text-slate-600">
              What your investors read in the viewer, page by page, and for how long.
            </p>
            {isUnread ? (
              // Investors may search before they read anything: the searches show either way.
              <div className="mt-6 flex flex-col gap-6 sm:mt-8">
                <NextStepCard hasDocuments={data.documents.length > 0} />
                <SearchesPanel />
              </div>
            ) : (
              <>
                <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
                  <GroupFilter group={group} onChange={setGroup} />
                  <ShareLinkFilter shareLink={shareLink} onChange={setShareLink} />
                </div>
                <div className="mt-6 flex flex-col gap-6 sm:mt-8">
                  {hotInvestors?.({ group, shareLink })}
                  <AnalyticsPanel
                    id="most-read"
                    title="Most read documents"
                    description={
                      group || shareLink
                        ? 'Total reading time of the investors the filters above keep.'
                        : 'Total reading time over every investor.'
                    }
                  >
                    {mostRead.length === 0 ? (
                      <EmptyNote>
                        Nothing read yet. When investors open a document in the viewer, their reading time
                        shows here.
                      </EmptyNote>
                    ) : (
                      <div className="flex flex-col gap-4">
                        <ChartSlot
                          summary={`Reading time of your ${mostRead.length} most read documents; the table below has the numbers.`}
                          labels={mostRead.map((document) => document.title)}
                          series={[
                            {
                              label: 'Reading time',
                              values: mostRead.map((document) => document.readSeconds),
                              color: '#4f46e5',
                            },
                          ]}
                          horizontal
                        />
                        <DataTable
                          caption="Documents by reading time"
                          headers={['Document', 'Reading time', 'Views', 'Readers', 'Last viewed']}
                          rows={data.documents.map((document) => ({
                            key: document.documentId,
                            cells: [
                              documentLink(document.documentId, document.title),
                              formatReadingTime(document.readSeconds),
                              document.viewCount,
                              document.readerCount,
                              document.lastViewedAt ? formatDateTime(document.lastViewedAt) : 'Never',
                            ],
                          }))}
                        />
                      </div>
                    )}
                  </AnalyticsPanel>
                  <div className="grid gap-6 lg:grid-cols-2">
                    <AnalyticsPanel
                      id="least-read"
                      title="Least read documents"
                      description="The files investors open least, or not at all."
                    >
                      {leastRead.length === 0 ? (
                        <EmptyNote>No documents uploaded yet.</EmptyNote>
                      ) : (
                        <ul aria-label="Least read documents" className="divide-y divide-slate-100 text-sm">
                          {leastRead.map((document) => (
                            <li
                              key={document.documentId}
                              className="flex items-center justify-between gap-3 py-2"
                            >
                              <span className="min-w-0 wrap-anywhere">
                                {documentLink(document.documentId, document.title)}
                              </span>
                              <span className="shrink-0 text-slate-600">
                                {document.viewCount === 0
                                  ? 'Not opened'
                                  : formatReadingTime(document.readSeconds)}
                              </span>
                            </li>
                          ))}
                        </ul>
                      )}
                    </AnalyticsPanel>
                    <AnalyticsPanel
                      id="recent-readers"
                      title={`Readers in the last ${RECENT_READERS_DAYS} days`}
                      description="Investors who opened a document lately, most recent first."
                    >
                      {data.recentReaders.length === 0 ? (
                        <EmptyNote>
                          No investor has read anything in the last {RECENT_READERS_DAYS} days.
                        </EmptyNote>
                      ) : (
                        <ul aria-label="Recent readers" className="divide-y divide-slate-100 text-sm">
                          {data.recentReaders.map((reader) => (
                            <li
                              key={reader.userId}
                              className="flex flex-wrap items-baseline justify-between gap-x-3 py-2"
                            >
                              <span className="min-w-0 wrap-anywhere">
                                <Link
                                  className={linkClass}
                                  to={href('investorAnalytics', { userId: reader.userId })}
                                >
                                  {reader.name || reader.email}
                                </Link>
                                <span className="block text-xs text-slate-500">{reader.email}</span>
                              </span>
                              <span className="text-slate-600">
                                {formatReadingTime(reader.readSeconds)} · {reader.viewCount}{' '}
                                {reader.viewCount === 1 ? 'view' : 'views'} ·{' '}
                                {formatDateTime(reader.lastSeenAt)}
                              </span>
                            </li>
                          ))}
                        </ul>
                      )}
                    </AnalyticsPanel>
                  </div>
                  <FirmsPanel firms={data.firms} />
                  <QuestionsByPagePanel />
                  <LinksPanel />
                  <SearchesPanel />
                </div>
              </>
            )}
          </>
        );
      }}
    </AnalyticsPageState>
  );
}

/**
 * The room's analytics before anyone has read it: what shows here once they do, and the step that gets
 * there (upload first when the room has no document; otherwise invite investors or make a share link).
 */
function NextStepCard({ hasDocuments }: { hasDocuments: boolean }) {
  return (
    <AnalyticsPanel
      id="no-reading-yet"
      title="No one has read the room yet"
      description="When investors open a document in the viewer, you see here what they read, page by page, for how long, and which firms they come from."
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {hasDocuments ? (
          <>
            <Button asChild>
              <Link to={consoleHref({ page: 'configure', tab: 'invites' })}>Invite investors</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={href('adminInvestors')}>Make a share link</Link>
            </Button>
          </>
        ) : (
          <Button asChild>
            <Link to={href('configure')}>Upload your first document</Link>
          </Button>
        )}
      </div>
    </AnalyticsPanel>
  );
}

/**
 * Where investors ask (docs/product-rules.md#questions): questions per document, and per page of it, so a
 * page that raises questions stands out; each document links to its analytics.
 */
function QuestionsByPagePanel() {
  const byPage = useQuestionsByPage();
  const documents = byPage.data?.documents ?? [];
  const pageLabel = (page: number | null) => (page === null ? 'the whole document' : `page ${page}`);
  return (
    <AnalyticsPanel
      id="questions-by-page"
      title="Questions by page"
      description="How many questions investors asked about each document, and about which pages."
    >
      {byPage.isError ? (
        <EmptyNote>The questions could not be loaded. Reload the page to try again.</EmptyNote>
      ) : documents.length === 0 ? (
        <EmptyNote>
          {byPage.isPending ? 'Loading…' : 'No questions about a document yet. They show here by page.'}
        </EmptyNote>
      ) : (
        <DataTable
          caption="Questions by document and page"
          headers={['Document', 'Questions', 'Pages asked about']}
          rows={documents.map((document) => ({
            key: document.documentId,
            cells: [
              <Link
                key="title"
                className={linkClass}
                to={href('documentAnalytics', { documentId: document.documentId })}
              >
                {document.title}
              </Link>,
              document.total,
              [...document.pages]
                .sort((a, b) => b.count - a.count || (a.page ?? 0) - (b.page ?? 0))
                .map((entry) => `${pageLabel(entry.page)} (${entry.count})`)
                .join(', ')
                .replace(/^./, (first) => first.toUpperCase()),
            ],
          }))}
        />
      )}
    </AnalyticsPanel>
  );
}

/** "Readers in": every reader, or one investor group's (docs/decisions/0068-investor-groups.md). */
function GroupFilter({
  group,
  onChange,
}: {
  group: string | null;
  onChange: (group: string | null) => void;
}) {
  const groups = useRoomGroups();
  const selectId = useId();
  if (!groups.data || groups.data.groups.length < 2) return null;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
        Readers in
      </label>
      <Select
        id={selectId}
        size="sm"
        value={group ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">Every group</option>
        {groups.data.groups.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name}
          </option>
        ))}
      </Select>
    </div>
  );
}

/**
 * "Came by": every reader, or those one share link brought (docs/decisions/0071-share-links.md); with a
 * group, those in both (docs/product-rules.md#share-links). Offered once the room has a link.
 */
function ShareLinkFilter({
  shareLink,
  onChange,
}: {
  shareLink: string | null;
  onChange: (shareLink: string | null) => void;
}) {
  const shareLinks = useShareLinks();
  const selectId = useId();
  // A document link's readers are no investors of the room: "Links" below has them (ADR 95).
  const roomLinks = shareLinks.data?.links.filter((link) => link.document === null) ?? [];
  if (roomLinks.length === 0) return null;
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={selectId} className="shrink-0 text-sm font-medium text-slate-700">
        Came by
      </label>
      <Select
        id={selectId}
        size="sm"
        className="min-w-0 max-w-full"
        value={shareLink ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">Any way in</option>
        {roomLinks.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Readers rolled up by firm: "example.vc: 3 readers, 41 min" (webmail addresses left out). */
function FirmsPanel({
  firms,
}: {
  firms: readonly { firm: string; readerCount: number; readSeconds: number }[];
}) {
  return (
    <AnalyticsPanel
      id="firms"
      title="Firms"
      description="Readers by the domain of their e-mail address; personal webmail addresses are left out."
    >
      {firms.length === 0 ? (
        <EmptyNote>No reader from a firm's address has read anything yet.</EmptyNote>
      ) : (
        <ul aria-label="Firms" className="divide-y divide-slate-100 text-sm">
          {firms.map((firm) => (
            <li key={firm.firm} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
              <span className="min-w-0 font-medium text-slate-900 wrap-anywhere">{firm.firm}</span>
              <span className="text-slate-600">
                {firm.readerCount} {firm.readerCount === 1 ? 'reader' : 'readers'},{' '}
                {formatReadingTime(firm.readSeconds)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </AnalyticsPanel>
  );
}
