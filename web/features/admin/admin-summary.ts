import type { z } from 'zod';
import type { adminSectionSchema, adminUserSchema } from '#shared/contracts/admin';
import type { Invitation } from '#shared/contracts/invitations';

export interface DashboardCounters {
  activeUsers: number;
  totalDocuments: number;
  pendingInvitations: number;
  sections: number;
}

/** The four counters at the top of /admin (docs/product-rules.md#admin-dashboard). */
export function dashboardCounters(data: {
  users: readonly Pick<z.infer<typeof adminUserSchema>, 'isActive'>[];
  invitations: readonly Pick<Invitation, 'status'>[];
  sections: readonly Pick<z.infer<typeof adminSectionSchema>, 'documentCount'>[];
}): DashboardCounters {
  return {
    activeUsers: data.users.filter((user) => user.isActive).length,
    totalDocuments: data.sections.reduce((sum, section) => sum + section.documentCount, 0),
    // The server's status (unused and unexpired), as the Invitations table shows it.
    pendingInvitations: data.invitations.filter((invitation) => invitation.status === 'pending').length,
    sections: data.sections.length,
  };
}
