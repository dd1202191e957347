import { ChartColumn, CircleAlert, LoaderCircle, RotateCw } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { href } from '#shared/routes';
import { AppPage } from '#web/components/app/app-page';
import { FoundersOnlyNotice, PageNotice } from '#web/components/app/page-notice';
import { Button } from '#web/components/ui/button';
import { PageSpinner, Spinner } from '#web/components/ui/spinner';
import { dashboardCounters } from '#web/features/admin/admin-summary';
import { isForbidden, isUnauthorized, useAdminDashboard } from '#web/features/admin/api/admin-queries';
import { DashboardCounters } from '#web/features/admin/components/dashboard-counters';
import { NotificationsSummary } from '#web/features/admin/components/notifications-summary';
import { OpenQuestionsSummary } from '#web/features/admin/components/open-questions-summary';
import { RecentAccess } from '#web/features/admin/components/recent-access';
import { RecentDocuments } from '#web/features/admin/components/recent-documents';
import { RoomControls } from '#web/features/admin/components/room-controls';
import { SectionCards } from '#web/features/admin/components/section-cards';
import { UsersTable } from '#web/features/admin/components/users-table';

/**
 * /admin, the room's dashboard (docs/product-rules.md#admin-dashboard), for its owner and co-founders: the
 * console's Dashboard place (ADR 58). The Team is in Settings (/admin/team), the NDA acceptances and the
 * CSV exports in Investors (/admin/investors). The server decides who manages the room: anyone else
 * gets 403 from every /api/admin route and sees the founders-only notice. The invitation form and list
 * (`invitations`) are the invitations feature's, the same component as /configure's Invites tab, given
 * by the app layer, as is "Hot investors" (`hotInvestors`, the engagement feature's).
 */
export function AdminPage({
  invitations,
  hotInvestors,
}: {
  invitations: ReactNode;
  /** "Hot investors" (the engagement feature's top five), composed by the app layer. */
  hotInvestors?: ReactNode;
}) {
  const dashboard = useAdminDashboard();
  const { error, failedAt } = dashboard;

  useEffect(() => {
    // A 403 is answered by the page itself, a 401 by the app (it goes to /login with its own toast).
    if (!failedAt || !error || isForbidden(error) || isUnauthorized(error)) return;
    toast.error('Error', { id: 'admin-load-failed', description: 'Failed to load admin data' });
  }, [error, failedAt]);

  if (error && isForbidden(error)) {
    return (
      <AppPage title="Admin dashboard">
        <FoundersOnlyNotice>
          The admin dashboard belongs to the founder who owns the data room and the co-founders they invited.
          Your data rooms are on your dashboard.
        </FoundersOnlyNotice>
      </AppPage>
    );
  }

  if (error) {
    return (
      <AppPage title="Admin dashboard">
        <PageNotice
          title="Failed to load admin data"
          icon={CircleAlert}
          action={
            <Button variant="outline" onClick={dashboard.retry} disabled={dashboard.retrying}>
              {dashboard.retrying ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <RotateCw aria-hidden="true" />
              )}
              Try again
            </Button>
          }
        >
          {error.message}
        </PageNotice>
      </AppPage>
    );
  }

  const { data } = dashboard;
  if (!data) {
    return (
      <AppPage title="Admin dashboard">
        <PageSpinner label="Loading..." showLabel />
      </AppPage>
    );
  }

  return (
    <AppPage title="Admin dashboard">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">Admin dashboard</h1>
        {dashboard.refreshing && <Spinner label="Refreshing the dashboard…" />}
        <Button asChild variant="outline" className="sm:ml-auto">
          <Link to={href('roomAnalytics')}>
            <ChartColumn aria-hidden="true" />
            Reading analytics
          </Link>
        </Button>
      </div>
      <p className="mt-1 text-slate-600">
        Who can open your data room, what they read, and who is yet to accept.
      </p>
      <div className="mt-6 flex flex-col gap-8 sm:mt-8">
        <DashboardCounters values={dashboardCounters(data)} />
        {hotInvestors}
        <RoomControls />
        <OpenQuestionsSummary />
        <NotificationsSummary />
        <SectionCards sections={data.sections} />
        <div className="grid gap-6 lg:grid-cols-2">
          <RecentDocuments documents={data.recentDocuments} />
          <RecentAccess entries={data.recentAccess} />
        </div>
        {invitations}
        <UsersTable users={data.users} />
      </div>
    </AppPage>
  );
}
