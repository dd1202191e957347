import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myDataRoomSchema } from '#shared/contracts/rooms';
import { apiRequest } from '#web/lib/api-client';
import { invalidate, invalidatedBy, roomsKeys } from '#web/lib/query-keys';

/** The room's "Allow downloads" default: POST /api/my-data-room/download-policy. */
export function useSetDownloadDefault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isDownloadAllowed: boolean) =>
      apiRequest('/api/my-data-room/download-policy', myDataRoomSchema, {
        method: 'POST',
        body: { isDownloadAllowed },
      }),
    onSuccess: (room) => {
      queryClient.setQueryData(roomsKeys.mine(), room);
      void invalidate(queryClient, invalidatedBy.roomDownloadDefaultSet());
    },
  });
}
