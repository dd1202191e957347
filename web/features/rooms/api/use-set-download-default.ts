import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myDataRoomSchema } from '../../../../shared/contracts/rooms';
import { apiRequest } from '../../../lib/api-client';
import { dataRoomKeys } from '../../data-room/api/data-room-keys';
import { documentsKeys } from '../../documents/api/documents-keys';
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
