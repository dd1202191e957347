import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomRoutes } from '#shared/contracts/rooms';
import { api } from '#web/lib/api-client';
import { invalidate, invalidatedBy, roomsKeys } from '#web/lib/query-keys';

/** The room's "Allow downloads" default: POST /api/my-data-room/download-policy. */
export function useSetDownloadDefault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isDownloadAllowed: boolean) =>
      api(roomRoutes.setDownloadDefault, { body: { isDownloadAllowed } }),
    onSuccess: (room) => {
      queryClient.setQueryData(roomsKeys.mine(), room);
      void invalidate(queryClient, invalidatedBy.roomDownloadDefaultSet());
    },
  });
}
