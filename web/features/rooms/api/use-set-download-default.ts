import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myDataRoomSchema } from '#shared/contracts/rooms';
import { dataRoomKeys } from '#web/features/data-room/api/data-room-keys';
import { documentsKeys } from '#web/features/documents/api/documents-keys';
import { apiRequest } from '#web/lib/api-client';
import { roomsKeys } from './rooms-keys';

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
      // Every file that follows the room changes with it: the lists and the room's preview say so.
      for (const queryKey of [documentsKeys.all, dataRoomKeys.all])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
