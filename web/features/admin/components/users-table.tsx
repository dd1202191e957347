import type { z } from 'zod';
import type { adminUserSchema } from '#shared/contracts/admin';
import { Badge } from '#web/components/ui/badge';
import { formatDate } from '#web/lib/format';
import { DashboardPanel, EmptyPanel } from './dashboard-panel';
import { Nowrap, ResponsiveTable } from './responsive-table';

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
            { header: 'Joined', cell: (user) => <Nowrap>{formatDate(user.createdAt)}</Nowrap> },
          ]}
          card={(user) => (
            <div className="flex flex-col gap-1">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900 wrap-anywhere">{user.name || user.email}</p>
                {user.name && <p className="text-sm text-slate-600 wrap-anywhere">{user.email}</p>}
              </div>
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <ActiveBadge user={user} />
                <span className="text-xs text-slate-500">Joined {formatDate(user.createdAt)}</span>
              </div>
            </div>
          )}
        />
      )}
    </DashboardPanel>
  );
}
