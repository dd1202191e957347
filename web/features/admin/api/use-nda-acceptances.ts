import { queryOptions, useQuery } from '@tanstack/react-query';
import { ndaRoutes } from '#shared/contracts/nda';
import { api } from '#web/lib/api-client';
import { adminKeys } from '#web/lib/query-keys';

export const ndaAcceptancesQuery = queryOptions({
  queryKey: adminKeys.ndaAcceptances(),
  queryFn: ({ signal }) => api(ndaRoutes.acceptances, { signal }),
});

/**
 * Who accepted the room's NDA, newest first. Like the dashboard's five, reloaded on each visit: investors
 * accept it elsewhere. Loaded beside them, so the rest of the page never waits for it.
 */
export function useNdaAcceptances() {
  return useQuery({ ...ndaAcceptancesQuery, refetchOnMount: 'always' });
}
