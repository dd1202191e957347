import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteInfoSchema } from '#shared/contracts/site';
import { apiRequest } from '#web/lib/api-client';
import { siteKeys } from '#web/lib/query-keys';

export const siteInfoQuery = queryOptions({
  queryKey: siteKeys.info(),
  queryFn: ({ signal }) => apiRequest('/api/site', siteInfoSchema, { signal }),
});

/** The installation's support address (SUPPORT_EMAIL), shown on the legal and support pages. */
export function useSiteInfo() {
  return useQuery(siteInfoQuery);
}
