import { queryOptions, useQueries } from '@tanstack/react-query';
import { adminRoutes } from '#shared/contracts/admin';
import { ApiRequestError, api } from '#web/lib/api-client';
import { adminKeys } from '#web/lib/query-keys';

export const adminUsersQuery = queryOptions({
  queryKey: adminKeys.users(),
  queryFn: ({ signal }) => api(adminRoutes.users, { signal }),
});

/** Whoever changes invitations (this page's form, /configure's invite and delete) invalidates this too. */
export const adminInvitationsQuery = queryOptions({
  queryKey: adminKeys.invitations(),
  queryFn: ({ signal }) => api(adminRoutes.invitations, { signal }),
});

export const adminSectionsQuery = queryOptions({
  queryKey: adminKeys.sections(),
  queryFn: ({ signal }) => api(adminRoutes.sections, { signal }),
});

export const recentDocumentsQuery = queryOptions({
  queryKey: adminKeys.recentDocuments(),
  queryFn: ({ signal }) => api(adminRoutes.recentDocuments, { signal }),
});

export const recentAccessQuery = queryOptions({
  queryKey: adminKeys.recentAccess(),
  queryFn: ({ signal }) => api(adminRoutes.recentAccess, { signal }),
});

/**
 * Each visit reloads the five, showing what is cached meanwhile. The app's queries otherwise never go stale
 * (docs/product-rules.md#api), but this page reports what investors did elsewhere and what the founder just
 * changed on the console pages, which nothing in this browser could invalidate.
 */
const onEveryVisit = { refetchOnMount: 'always' } as const;
const dashboardQueries = [
  { ...adminUsersQuery, ...onEveryVisit },
  { ...adminInvitationsQuery, ...onEveryVisit },
  { ...adminSectionsQuery, ...onEveryVisit },
  { ...recentDocumentsQuery, ...onEveryVisit },
  { ...recentAccessQuery, ...onEveryVisit },
] as const;

/**
 * The dashboard's five reads, loaded together (docs/product-rules.md#api): the page shows its data once all
 * five have answered, and one error state if any failed.
 */
export function useAdminDashboard() {
  return useQueries({
    queries: dashboardQueries,
    combine: ([users, invitations, sections, recentDocuments, recentAccess]) => {
      const all = [users, invitations, sections, recentDocuments, recentAccess];
      const failed = all.filter((query) => query.isError);
      const error = failed[0]?.error ?? null;
      return {
        /** The first failure; 403 wins, since then none of the page is theirs to see. */
        error:
          failed.find((query) => query.error instanceof ApiRequestError && query.error.status === 403)
            ?.error ?? error,
        /** Changes with every new failure, so each one can be announced. */
        failedAt: Math.max(0, ...failed.map((query) => query.errorUpdatedAt)),
        retry: () => {
          for (const query of failed) void query.refetch();
        },
        retrying: failed.some((query) => query.isFetching),
        /** Reloading data already shown, on a revisit; the invitations say so on their own panel. */
        refreshing: [users, sections, recentDocuments, recentAccess].some(
          (query) => query.isFetching && !query.isPending,
        ),
        data:
          users.data && invitations.data && sections.data && recentDocuments.data && recentAccess.data
            ? {
                users: users.data,
                invitations: invitations.data,
                sections: sections.data,
                recentDocuments: recentDocuments.data,
                recentAccess: recentAccess.data,
              }
            : undefined,
      };
    },
  });
}

export function isForbidden(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 403;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}
