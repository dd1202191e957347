/** TanStack Query keys for the installation's public facts (GET /api/site). */
export const siteKeys = {
  all: ['site'] as const,
  info: () => [...siteKeys.all, 'info'] as const,
};
