import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SearchSettings, searchRoutes } from '#shared/contracts/search';
import { api } from '#web/lib/api-client';
import { invalidate, invalidatedBy, managerSearchKeys } from '#web/lib/query-keys';

/**
 * What investors searched for in the room: the words searched most and those that found nothing. Each
 * visit reloads, as the other analytics do: investors search elsewhere, which nothing here invalidates.
 */
export function useSearchAnalytics() {
  return useQuery({
    queryKey: managerSearchKeys.analytics(),
    queryFn: ({ signal }) => api(searchRoutes.analytics, { signal }),
    refetchOnMount: 'always',
  });
}

/** Whether the founders see the words investors search for (investors are told under the search box). */
export function useSearchSettings() {
  return useQuery({
    queryKey: managerSearchKeys.settings(),
    queryFn: ({ signal }) => api(searchRoutes.settings, { signal }),
  });
}

export function useSaveSearchSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (areQueriesVisible: boolean) =>
      api(searchRoutes.saveSettings, { body: { areQueriesVisible } }),
    onSuccess: (saved: SearchSettings) => {
      queryClient.setQueryData(managerSearchKeys.settings(), saved);
      void invalidate(queryClient, invalidatedBy.searchSettingsSaved());
    },
  });
}
