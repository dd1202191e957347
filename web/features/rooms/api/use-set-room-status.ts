import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomRoutes } from '#shared/contracts/rooms';
import { api } from '#web/lib/api-client';
import { invalidate, invalidatedBy, roomsKeys } from '#web/lib/query-keys';

/** Opens (true) or closes (false) the founder's room to its investors: POST /api/my-data-room/status. */
export function useSetRoomStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isActive: boolean) => api(roomRoutes.setStatus, { body: { isActive } }),
    onSuccess: (room) => {
      queryClient.setQueryData(roomsKeys.mine(), room);
      void invalidate(queryClient, invalidatedBy.roomStatusSet());
    },
  });
}
