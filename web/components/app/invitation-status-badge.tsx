import type { Invitation } from '#shared/contracts/invitations';
import { Badge } from '#web/components/ui/badge';

const badges: Record<
  Invitation['status'],
  { label: string; variant: 'success' | 'warning' | 'destructive' }
> = {
  accepted: { label: 'Accepted', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  expired: { label: 'Expired', variant: 'destructive' },
};

/**
 * An invitation's status as the server decided it (docs/product-rules.md#invitations), the same on /configure
 * and /admin. Anything unexpected is shown as expired.
 */
export function InvitationStatusBadge({ status }: { status: Invitation['status'] }) {
  const badge = badges[status] ?? badges.expired;
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}
