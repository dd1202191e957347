import { HotInvestorsPanel } from '#web/features/engagement/components/hot-investors-panel';
import { RoomAnalyticsPage } from '#web/features/reading-analytics/pages/room-analytics-page';

/**
 * /admin/analytics: the reading-analytics feature's page with the engagement feature's "Hot investors",
 * every investor with a score, its firms and exports, kept by the page's own filters (group, share link).
 */
export function RoomAnalyticsWithEngagementPage() {
  return <RoomAnalyticsPage hotInvestors={(filters) => <HotInvestorsPanel filters={filters} isFull />} />;
}
