import { queryOptions, useQuery } from '@tanstack/react-query';
import { myDataRoomSchema } from '../../../../shared/contracts/rooms';
import { apiRequest } from '../../../lib/api-client';

export const myDataRoomQuery = queryOptions({
  queryKey: ['data-rooms', 'mine'],
  queryFn: ({ signal }) => apiRequest('/api/my-data-room', myDataRoomSchema, { signal }),
});

export function useMyDataRoom() {
  return useQuery(myDataRoomQuery);
}
