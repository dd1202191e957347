import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myDataRoomSchema } from '#shared/contracts/rooms';
import { adminKeys } from '#web/features/admin/api/admin-keys';
import { dataRoomKeys } from '#web/features/data-room/api/data-room-keys';
import { apiRequest } from '#web/lib/api-client';
import { roomsKeys } from './rooms-keys';

/** Opens (true) or closes (false) the founder's room to its investors: POST /api/my-data-room/status. */
export function useSetRoomStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isActive: boolean) =>
      apiRequest('/api/my-data-room/status', myDataRoomSchema, { method: 'POST', body: { isActive } }),
    onSuccess: (room) => {
      queryClient.setQueryData(roomsKeys.mine(), room);
      // The preview's banner and the owner's dashboard say whether the room is open.
      for (const queryKey of [dataRoomKeys.all, adminKeys.all])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
