import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomRoutes } from '#shared/contracts/rooms';
import { api } from '#web/lib/api-client';
import { invalidate, invalidatedBy, roomsKeys } from '#web/lib/query-keys';

/** The room's "Watermark": POST /api/my-data-room/watermark. */
export function useSetWatermark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isWatermarkEnabled: boolean) =>
      api(roomRoutes.setWatermark, { body: { isWatermarkEnabled } }),
    onSuccess: (room) => {
      queryClient.setQueryData(roomsKeys.mine(), room);
      void invalidate(queryClient, invalidatedBy.watermarkSet());
    },
  });
}
