import { describe, expect, it } from 'vitest';
import { dashboardCounters, invitationStatus } from './admin-summary';

const now = new Date('2026-03-04T12:00:00.000Z');
const later = '2026-03-08T12:00:00.000Z';
const earlier = '2026-03-01T12:00:00.000Z';

describe('invitationStatus', () => {
  it('is accepted once used, whatever the expiry', () => {
    expect(invitationStatus({ used: true, expiresAt: earlier }, now)).toBe('accepted');
    expect(invitationStatus({ used: true, expiresAt: later }, now)).toBe('accepted');
  });

  it('is pending while unused and unexpired, expired from the expiry on', () => {
    expect(invitationStatus({ used: false, expiresAt: later }, now)).toBe('pending');
    expect(invitationStatus({ used: false, expiresAt: earlier }, now)).toBe('expired');
    expect(invitationStatus({ used: false, expiresAt: now.toISOString() }, now)).toBe('expired');
  });
});

describe('dashboardCounters', () => {
  it('counts active users, the documents of every section, pending invitations and sections', () => {
    expect(
      dashboardCounters(
        {
          users: [{ isActive: true }, { isActive: false }, { isActive: true }],
          invitations: [
            { used: true, expiresAt: earlier },
            { used: false, expiresAt: earlier },
            { used: false, expiresAt: later },
            { used: false, expiresAt: later },
          ],
          sections: [{ documentCount: 3 }, { documentCount: 0 }, { documentCount: 4 }],
        },
        now,
      ),
    ).toEqual({ activeUsers: 2, totalDocuments: 7, pendingInvitations: 2, sections: 3 });
  });

  it('is all zeros for an empty room', () => {
    expect(dashboardCounters({ users: [], invitations: [], sections: [] }, now)).toEqual({
      activeUsers: 0,
      totalDocuments: 0,
      pendingInvitations: 0,
      sections: 0,
    });
  });
});
