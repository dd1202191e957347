import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationRoutes } from '#shared/contracts/notifications';
import { api } from '#web/lib/api-client';
import { invalidate, invalidatedBy, notificationsKeys } from '#web/lib/query-keys';

/** What an unsubscribe link would stop (it changes nothing): GET /api/notifications/unsubscribe. */
export function useUnsubscribeDetails(token: string) {
  return useQuery({
    queryKey: notificationsKeys.unsubscribe(token),
    queryFn: ({ signal }) => api(notificationRoutes.unsubscribeDetails, { query: { token }, signal }),
    enabled: token !== '',
  });
}

/** The confirm button: POST /api/notifications/unsubscribe. */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(notificationRoutes.unsubscribe, { body: { token } }),
    onSuccess: (details) => {
      queryClient.setQueryData(notificationsKeys.unsubscribe(token), details);
      void invalidate(queryClient, invalidatedBy.unsubscribed());
    },
  });
}
