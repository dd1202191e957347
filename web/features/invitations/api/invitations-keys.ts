/** TanStack Query keys for the founder's invitations (GET /api/invites). */
export const invitationsKeys = {
  all: ['invitations'] as const,
  mine: () => [...invitationsKeys.all, 'mine'] as const,
};
