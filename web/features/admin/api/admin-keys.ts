/** TanStack Query keys for the room's dashboard: its reads under /api/admin. */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  invitations: () => [...adminKeys.all, 'invitations'] as const,
  sections: () => [...adminKeys.all, 'sections'] as const,
  recentDocuments: () => [...adminKeys.all, 'recent-documents'] as const,
  recentAccess: () => [...adminKeys.all, 'recent-access'] as const,
  team: () => [...adminKeys.all, 'team'] as const,
  ndaAcceptances: () => [...adminKeys.all, 'nda-acceptances'] as const,
};
