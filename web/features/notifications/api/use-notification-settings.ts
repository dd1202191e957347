import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FounderNotificationChoice, notificationRoutes } from '#shared/contracts/notifications';
import { api } from '#web/lib/api-client';
import { notificationsKeys } from '#web/lib/query-keys';

export const notificationSettingsQuery = queryOptions({
  queryKey: notificationsKeys.settings(),
  queryFn: ({ signal }) => api(notificationRoutes.settings, { signal }),
});

/** The founder's notification choice for their room: GET /api/my-data-room/notifications. */
export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery);
}

/** POST /api/my-data-room/notifications. */
export function useSetNotificationChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (founderNotifications: FounderNotificationChoice) =>
      api(notificationRoutes.saveSettings, { body: { founderNotifications } }),
    onSuccess: (saved) => queryClient.setQueryData(notificationsKeys.settings(), saved),
  });
}
