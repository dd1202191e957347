import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myDataRoomSchema } from '#shared/contracts/rooms';
import { apiRequest } from '#web/lib/api-client';
import { invalidate, invalidatedBy, roomsKeys } from '#web/lib/query-keys';

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
      void invalidate(queryClient, invalidatedBy.watermarkSet());
    },
  });
}
