import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type NdaSettingsRequest, ndaRoutes } from '#shared/contracts/nda';
import { api } from '#web/lib/api-client';
import { invalidate, invalidatedBy, roomsKeys } from '#web/lib/query-keys';

export const ndaSettingsQuery = queryOptions({
  queryKey: roomsKeys.nda(),
  queryFn: ({ signal }) => api(ndaRoutes.settings, { signal }),
});

/** The room's NDA before entry: whether it is asked for, its text and current version. */
export function useNdaSettings() {
  return useQuery(ndaSettingsQuery);
}

/** Saves the NDA switch and text: POST /api/my-data-room/nda (a changed text is a new version). */
export function useSaveNdaSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NdaSettingsRequest) => api(ndaRoutes.saveSettings, { body: settings }),
    onSuccess: (settings) => {
      queryClient.setQueryData(roomsKeys.nda(), settings);
      void invalidate(queryClient, invalidatedBy.ndaSettingsSaved());
    },
  });
}
