import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FounderNotificationChoice, notificationSettingsSchema } from '#shared/contracts/notifications';
import { apiRequest } from '#web/lib/api-client';
import { notificationsKeys } from '#web/lib/query-keys';

export const notificationSettingsQuery = queryOptions({
  queryKey: notificationsKeys.settings(),
  queryFn: ({ signal }) =>
    apiRequest('/api/my-data-room/notifications', notificationSettingsSchema, { signal }),
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
      apiRequest('/api/my-data-room/notifications', notificationSettingsSchema, {
        method: 'POST',
        body: { founderNotifications },
      }),
    onSuccess: (saved) => queryClient.setQueryData(notificationsKeys.settings(), saved),
  });
}
