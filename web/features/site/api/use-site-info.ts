import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteRoutes } from '#shared/contracts/site';
import { api } from '#web/lib/api-client';
import { siteKeys } from '#web/lib/query-keys';

export const siteInfoQuery = queryOptions({
  queryKey: siteKeys.info(),
  queryFn: ({ signal }) => api(siteRoutes.info, { signal }),
});

/** The installation's support address (SUPPORT_EMAIL), shown on the legal and support pages. */
export function useSiteInfo() {
  return useQuery(siteInfoQuery);
}
