import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomRoutes } from '#shared/contracts/rooms';
import { api } from '#web/lib/api-client';
import { investorDashboardKeys } from '#web/lib/query-keys';

export const accessibleRoomsQuery = queryOptions({
  queryKey: investorDashboardKeys.accessibleRooms(),
  queryFn: ({ signal }) => api(roomRoutes.accessible, { signal }),
});

export function useAccessibleRooms() {
  return useQuery(accessibleRoomsQuery);
}
