import type { z } from 'zod';
import type { adminSectionSchema, adminUserSchema } from '../../../shared/contracts/admin';
import type { Invitation } from '../../../shared/contracts/invitations';

export type AdminInvitationStatus = 'accepted' | 'expired' | 'pending';

/**
 * Spec section 4: accepted once used; otherwise expired once its expiry has passed, else pending.
 * Computed from the admin view's fields (used, expiresAt) against the reader's clock, so the table and
 * the Pending counter always agree.
 */
export function invitationStatus(
  invitation: Pick<Invitation, 'used' | 'expiresAt'>,
  now: Date = new Date(),
): AdminInvitationStatus {
  if (invitation.used) return 'accepted';
  return Date.parse(invitation.expiresAt) <= now.getTime() ? 'expired' : 'pending';
}

export interface DashboardCounters {
  activeUsers: number;
  totalDocuments: number;
  pendingInvitations: number;
  sections: number;
}

/** The four counters at the top of /admin (spec section 2, Admin dashboard). */
export function dashboardCounters(
  data: {
    users: readonly Pick<z.infer<typeof adminUserSchema>, 'isActive'>[];
    invitations: readonly Pick<Invitation, 'used' | 'expiresAt'>[];
    sections: readonly Pick<z.infer<typeof adminSectionSchema>, 'documentCount'>[];
  },
  now: Date = new Date(),
): DashboardCounters {
  return {
    activeUsers: data.users.filter((user) => user.isActive).length,
    totalDocuments: data.sections.reduce((sum, section) => sum + section.documentCount, 0),
    pendingInvitations: data.invitations.filter(
      (invitation) => invitationStatus(invitation, now) === 'pending',
    ).length,
    sections: data.sections.length,
  };
}
