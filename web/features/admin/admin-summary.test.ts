import { describe, expect, it } from 'vitest';
import { dashboardCounters } from './admin-summary';

describe('dashboardCounters', () => {
  it('counts active users, the documents of every section, pending invitations and sections', () => {
    expect(
      dashboardCounters({
        users: [{ isActive: true }, { isActive: false }, { isActive: true }],
        invitations: [
          { status: 'accepted' },
          { status: 'expired' },
          { status: 'pending' },
          { status: 'pending' },
        ],
        sections: [{ documentCount: 3 }, { documentCount: 0 }, { documentCount: 4 }],
      }),
    ).toEqual({ activeUsers: 2, totalDocuments: 7, pendingInvitations: 2, sections: 3 });
  });

  it('is all zeros for an empty room', () => {
    expect(dashboardCounters({ users: [], invitations: [], sections: [] })).toEqual({
      activeUsers: 0,
      totalDocuments: 0,
      pendingInvitations: 0,
      sections: 0,
    });
  });
});
