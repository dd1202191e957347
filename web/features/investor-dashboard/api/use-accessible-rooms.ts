import { queryOptions, useQuery } from '@tanstack/react-query';
import { accessibleDataRoomsResponseSchema } from '../../../../shared/contracts/rooms';
import { apiRequest } from '../../../lib/api-client';

export const accessibleRoomsQuery = queryOptions({
  queryKey: ['data-rooms', 'accessible'],
  queryFn: ({ signal }) =>
    apiRequest('/api/my-accessible-data-rooms', accessibleDataRoomsResponseSchema, { signal }),
});

export function useAccessibleRooms() {
  return useQuery(accessibleRoomsQuery);
}
