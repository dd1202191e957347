import { AdminPage } from '#web/features/admin/pages/admin-page';
import { InvitesPanel } from '#web/features/invitations/components/invites-panel';

/**
 * /admin: the admin feature's dashboard with the invitations feature's form and list, the same
 * component as /configure's Invites tab (docs/decisions/0058-one-console.md), so it is composed here.
 */
export function AdminDashboardPage() {
  return <AdminPage invitations={<InvitesPanel page="admin" />} />;
}
