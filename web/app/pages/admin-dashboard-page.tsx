import { AdminPage } from '#web/features/admin/pages/admin-page';
import { HotInvestorsPanel } from '#web/features/engagement/components/hot-investors-panel';
import { InvitesPanel } from '#web/features/invitations/components/invites-panel';

/** How many of the hottest investors the dashboard shows ("See all" opens the whole list in Analytics). */
const DASHBOARD_HOT_INVESTORS = 5;

/**
 * /admin: the admin feature's dashboard with the invitations feature's form and list, the same
 * component as /configure's Invites tab (docs/decisions/0058-one-console.md), and the engagement
 * feature's "Hot investors", so it is composed here.
 */
export function AdminDashboardPage() {
  return (
    <AdminPage
      invitations={<InvitesPanel page="admin" />}
      hotInvestors={<HotInvestorsPanel limit={DASHBOARD_HOT_INVESTORS} />}
    />
  );
}
