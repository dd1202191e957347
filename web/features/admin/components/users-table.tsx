import type { z } from 'zod';
import type { adminUserSchema } from '../../../../shared/contracts/admin';
import { Badge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';
import { DashboardPanel, EmptyPanel } from './dashboard-panel';
import { ResponsiveTable } from './responsive-table';

type AdminUser = z.infer<typeof adminUserSchema>;

function ActiveBadge({ user }: { user: AdminUser }) {
  return user.isActive ? (
    <Badge variant="success">Active</Badge>
  ) : (
    <Badge variant="secondary">Inactive</Badge>
  );
}

/** The investors who accepted an invitation and can open the room. */
export function UsersTable({ users }: { users: readonly AdminUser[] }) {
  return (
    <DashboardPanel
      id="admin-users-title"
      title="Active Users"
      description="Investors who accepted an invitation and can open your data room."
    >
      {users.length === 0 ? (
        <EmptyPanel>No investor has accepted an invitation yet.</EmptyPanel>
      ) : (
        <ResponsiveTable
          caption="Active users"
          rows={users}
          rowKey={(user) => user.id}
          columns={[
            { header: 'Name', cell: (user) => user.name || '—' },
            { header: 'Email', cell: (user) => <span className="wrap-anywhere">{user.email}</span> },
            { header: 'Status', cell: (user) => <ActiveBadge user={user} /> },
            { header: 'Joined', cell: (user) => formatDate(user.createdAt) },
          ]}
          card={(user) => (
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900 wrap-anywhere">{user.name || user.email}</p>
                {user.name && <p className="text-sm text-slate-600 wrap-anywhere">{user.email}</p>}
                <p className="mt-0.5 text-xs text-slate-500">Joined {formatDate(user.createdAt)}</p>
              </div>
              <ActiveBadge user={user} />
            </div>
          )}
        />
      )}
    </DashboardPanel>
  );
}
