import { queryOptions, useQuery } from '@tanstack/react-query';
import { accessibleDataRoomsResponseSchema } from '#shared/contracts/rooms';
import { apiRequest } from '#web/lib/api-client';
import { investorDashboardKeys } from '#web/lib/query-keys';

export const accessibleRoomsQuery = queryOptions({
  queryKey: investorDashboardKeys.accessibleRooms(),
  queryFn: ({ signal }) =>
    apiRequest('/api/my-accessible-data-rooms', accessibleDataRoomsResponseSchema, { signal }),
});

export function useAccessibleRooms() {
  return useQuery(accessibleRoomsQuery);
}
