import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myDataRoomSchema } from '#shared/contracts/rooms';
import { dataRoomKeys } from '#web/features/data-room/api/data-room-keys';
import { documentsKeys } from '#web/features/documents/api/documents-keys';
import { apiRequest } from '#web/lib/api-client';
import { roomsKeys } from './rooms-keys';

/** The room's "Watermark": POST /api/my-data-room/watermark. */
export function useSetWatermark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isWatermarkEnabled: boolean) =>
      apiRequest('/api/my-data-room/watermark', myDataRoomSchema, {
        method: 'POST',
        body: { isWatermarkEnabled },
      }),
    onSuccess: (room) => {
      queryClient.setQueryData(roomsKeys.mine(), room);
      // Files that cannot carry a watermark become view only for investors: the lists say so.
      for (const queryKey of [documentsKeys.all, dataRoomKeys.all])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
