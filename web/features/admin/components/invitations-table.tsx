import type { Invitation } from '../../../../shared/contracts/invitations';
import { InvitationStatusBadge } from '../../../components/app/invitation-status-badge';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { DashboardPanel, EmptyPanel } from './dashboard-panel';
import { Nowrap, ResponsiveTable } from './responsive-table';

interface InvitationsTableProps {
  invitations: readonly Invitation[];
  /** True while the list reloads after an invitation was sent. */
  refreshing: boolean;
}

export function InvitationsTable({ invitations, refreshing }: InvitationsTableProps) {
  return (
    <DashboardPanel
      id="admin-invitations-title"
      title="Invitations"
      description="Everyone you invited, and whether they have signed in."
      aside={refreshing && <Spinner label="Refreshing the invitations…" />}
    >
      {invitations.length === 0 ? (
        <EmptyPanel>No invitations yet. Send the first one with the form.</EmptyPanel>
      ) : (
        <ResponsiveTable
          caption="Invitations"
          rows={invitations}
          rowKey={(invitation) => invitation.id}
          columns={[
            { header: 'Email', cell: (invitation) => invitation.email },
            { header: 'Status', cell: (invitation) => <InvitationStatusBadge status={invitation.status} /> },
            { header: 'Sent', cell: (invitation) => <Nowrap>{formatDate(invitation.createdAt)}</Nowrap> },
            { header: 'Expires', cell: (invitation) => <Nowrap>{formatDate(invitation.expiresAt)}</Nowrap> },
          ]}
          card={(invitation) => (
            <div className="flex flex-col gap-1">
              <p className="text-sm font-medium text-slate-900 wrap-anywhere">{invitation.email}</p>
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <InvitationStatusBadge status={invitation.status} />
                <span className="text-xs text-slate-500">
                  Sent {formatDate(invitation.createdAt)} · Expires {formatDate(invitation.expiresAt)}
                </span>
              </div>
            </div>
          )}
        />
      )}
    </DashboardPanel>
  );
}
