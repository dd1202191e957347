import { Download, Flame } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import {
  ENGAGEMENT_TREND_DAYS,
  type EngagementBand,
  type EngagementReasonView,
  engagementExportHref,
  type HotFirm,
  type HotInvestor,
  MAX_HOT_INVESTORS_LIMIT,
} from '#shared/contracts/engagement';
import { href } from '#shared/routes';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card';
import { useHotInvestors } from '#web/features/engagement/api/engagement-queries';
import { cn } from '#web/lib/cn';
import { formatDateTime } from '#web/lib/format';
import type { RoomAnalyticsFilter } from '#web/lib/query-keys';
import { HowTheScoreIsCounted } from './how-the-score-is-counted';
import { TrendSparkline } from './trend-sparkline';

const BAND_LABEL: Record<EngagementBand, string> = { hot: 'Hot', warm: 'Warm', cold: 'Cold' };
const BAND_CLASS: Record<EngagementBand, string> = {
  hot: 'bg-rose-100 text-rose-800 ring-rose-200',
  warm: 'bg-amber-100 text-amber-900 ring-amber-200',
  cold: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** The score and its band, as one pill. */
export function ScorePill({ score, band }: { score: number; band: EngagementBand }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-sm font-semibold tabular-nums ring-1 ring-inset',
        BAND_CLASS[band],
      )}
    >
      {band === 'hot' && <Flame className="size-3.5" aria-hidden="true" />}
      {score}
      <span className="text-xs font-medium">{BAND_LABEL[band]}</span>
    </span>
  );
}

/** "Why this score": the three things that moved it most, each with its points. */
function WhyThisScore({ why, name }: { why: readonly EngagementReasonView[]; name: string }) {
  if (why.length === 0) return null;
  return (
    <details className="group mt-1 text-sm">
      <summary
        className="cursor-pointer text-indigo-700 select-none hover:underline"
        aria-label={`Why this score, ${name}`}
      >
        Why this score
      </summary>
      <ul className="mt-1 flex flex-col gap-0.5">
        {why.map((reason) => (
          <li key={reason.factor} className="flex items-baseline gap-2 text-slate-700">
            <span
              className={cn(
                'w-9 shrink-0 text-right text-xs font-semibold tabular-nums',
                reason.points < 0 ? 'text-rose-700' : 'text-emerald-700',
              )}
            >
              {reason.points > 0 ? `+${reason.points}` : `−${Math.abs(reason.points)}`}
            </span>
            <span className="min-w-0 wrap-anywhere">{reason.text}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

function InvestorRow({ investor }: { investor: HotInvestor }) {
  const read = investor.documentsRead.map((document) => document.title);
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:gap-4">
      <div className="flex items-center gap-3 sm:w-28 sm:flex-col sm:items-start sm:gap-1.5">
        <ScorePill score={investor.score} band={investor.band} />
        <TrendSparkline trend={investor.trend} />
      </div>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <Link
            className="font-medium text-indigo-700 wrap-anywhere hover:underline"
            to={href('investorAnalytics', { userId: investor.userId })}
          >
            {investor.name || investor.email}
          </Link>
          {investor.firm && <span className="text-xs text-slate-500 wrap-anywhere">{investor.firm}</span>}
        </p>
        <p className="flex flex-wrap gap-x-1 text-xs text-slate-500">
          <span className="wrap-anywhere">{investor.email}</span>
          {investor.lastSeenAt && (
            <span className="whitespace-nowrap">
              <span className="hidden sm:inline" aria-hidden="true">
                ·{' '}
              </span>
              Last seen {formatDateTime(investor.lastSeenAt)}
            </span>
          )}
        </p>
        {read.length > 0 && (
          <p className="mt-0.5 text-xs text-slate-600 wrap-anywhere">
            Read {read.length === 1 ? read[0] : `${read.length} documents: ${read.join(', ')}`}
          </p>
        )}
        <WhyThisScore why={investor.why} name={investor.name || investor.email} />
      </div>
    </li>
  );
}

function FirmRow({ firm }: { firm: HotFirm }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
      <span className="flex min-w-0 items-center gap-2">
        <ScorePill score={firm.score} band={firm.band} />
        <span className="min-w-0 font-medium text-slate-900 wrap-anywhere">{firm.firm}</span>
      </span>
      <span className="flex items-center gap-3 text-xs text-slate-600">
        {firm.investorCount} {firm.investorCount === 1 ? 'reader' : 'readers'}
        <TrendSparkline trend={firm.trend} />
      </span>
    </li>
  );
}

function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
      {children}
    </p>
  );
}

interface HotInvestorsPanelProps {
  /** The group and share link the list keeps (as Analytics' filters). */
  filters?: RoomAnalyticsFilter;
  /** Show the top ones only, with a link to the whole list (the Dashboard). */
  limit?: number;
  /** The firms and the exports under the list (Analytics). */
  isFull?: boolean;
}

/**
 * "Hot investors" (docs/product-rules.md#hot-investors-the-engagement-score): investors by engagement
 * score, each with its band, 7-day trend, last seen, what they read and why; on Analytics, the firms
 * too, how the score is counted and the CRM exports.
 */
export function HotInvestorsPanel({ filters = {}, limit, isFull = false }: HotInvestorsPanelProps) {
  // Analytics shows the server's first page, then every investor on "Show all".
  const [showAll, setShowAll] = useState(false);
  const query = useHotInvestors(filters, limit ?? (showAll ? MAX_HOT_INVESTORS_LIMIT : undefined));
  const list = query.data;
  // The Dashboard lists who moved at all; Analytics lists everyone with a score, 0 included.
  const shown = list ? list.investors.filter((investor) => investor.score > 0 || isFull) : [];
  const hidden = list ? list.investorCount - list.investors.length : 0;
  const filtered = Boolean(filters.group || filters.shareLink);
  return (
    <section aria-labelledby="hot-investors" className="min-w-0">
      <Card className="h-full">
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h2 id="hot-investors" className="text-lg font-semibold leading-tight text-slate-900">
              Hot investors
            </h2>
            {limit !== undefined && shown.length > 0 && (
              <Link
                className="text-sm text-indigo-700 hover:underline"
                to={`${href('roomAnalytics')}#hot-investors`}
              >
                See all
              </Link>
            )}
          </div>
          <CardDescription>
            Investors by engagement score, from 0 to 100: what they read, how often they came back, what they
            downloaded and asked, lately. The line shows the last {ENGAGEMENT_TREND_DAYS} days.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {query.isError ? (
            <EmptyNote>The scores could not be loaded. Reload the page to try again.</EmptyNote>
          ) : !list ? (
            <EmptyNote>Loading…</EmptyNote>
          ) : shown.length === 0 ? (
            <EmptyNote>
              {filtered
                ? 'No investor the filters above keep has a score yet.'
                : 'No investor has a score yet. Scores appear as investors read, download and ask.'}
            </EmptyNote>
          ) : (
            <ul aria-label="Hot investors" className="divide-y divide-slate-100">
              {shown.map((investor) => (
                <InvestorRow key={investor.userId} investor={investor} />
              ))}
            </ul>
          )}
          {isFull && hidden > 0 && (
            <Button
              variant="outline"
              size="sm"
              className="mt-3"
              disabled={query.isFetching}
              onClick={() => setShowAll(true)}
            >
              Show all {list?.investorCount} investors
            </Button>
          )}
          {isFull && list && (
            <div className="mt-6 flex flex-col gap-6">
              {list.firms.length > 0 && (
                <div>
                  <h3 className="text-sm font-semibold text-slate-900">Firms</h3>
                  <ul aria-label="Firms by engagement" className="mt-1 divide-y divide-slate-100 text-sm">
                    {list.firms.map((firm) => (
                      <FirmRow key={firm.firm} firm={firm} />
                    ))}
                  </ul>
                </div>
              )}
              <HowTheScoreIsCounted hasKeyDocuments={list.hasKeyDocuments} />
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                <span className="text-sm text-slate-600">For your CRM, one row per person:</span>
                <div className="flex gap-2">
                  <Button asChild variant="outline" size="sm">
                    <a href={engagementExportHref('csv', filtersOf(filters))} download>
                      <Download aria-hidden="true" />
                      Export CSV
                    </a>
                  </Button>
                  <Button asChild variant="outline" size="sm">
                    <a href={engagementExportHref('json', filtersOf(filters))} download>
                      <Download aria-hidden="true" />
                      Export JSON
                    </a>
                  </Button>
                </div>
              </div>
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

const filtersOf = ({ group, shareLink }: RoomAnalyticsFilter) => ({
  group: group ?? undefined,
  shareLink: shareLink ?? undefined,
});
