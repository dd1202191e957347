import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myDataRoomSchema } from '../../../../shared/contracts/rooms';
import { apiRequest } from '../../../lib/api-client';
import { myDataRoomQuery } from './use-my-data-room';

/** Opens (true) or closes (false) the founder's room to its investors: POST /api/my-data-room/status. */
export function useSetRoomStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isActive: boolean) =>
      apiRequest('/api/my-data-room/status', myDataRoomSchema, { method: 'POST', body: { isActive } }),
    onSuccess: (room) => {
      queryClient.setQueryData(myDataRoomQuery.queryKey, room);
      // The preview's banner and the owner's dashboard say whether the room is open.
      for (const queryKey of [['data-room'], ['admin']]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
