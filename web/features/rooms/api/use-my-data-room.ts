import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomRoutes } from '#shared/contracts/rooms';
import { api } from '#web/lib/api-client';
import { roomsKeys } from '#web/lib/query-keys';

export const myDataRoomQuery = queryOptions({
  queryKey: roomsKeys.mine(),
  queryFn: ({ signal }) => api(roomRoutes.mine, { signal }),
});

/** The signed-in founder's own room: its id, profile and whether it is open. */
export function useMyDataRoom() {
  return useQuery(myDataRoomQuery);
}
