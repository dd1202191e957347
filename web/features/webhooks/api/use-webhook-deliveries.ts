import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookRoutes } from '#shared/contracts/webhooks';
import { api } from '#web/lib/api-client';
import { webhooksKeys } from '#web/lib/query-keys';

/** While a delivery is still being tried, the log is read again this often. */
const PENDING_REFRESH_MS = 2_000;

export const webhookDeliveriesQuery = (endpointId: string) =>
  queryOptions({
    queryKey: webhooksKeys.deliveries(endpointId),
    queryFn: ({ signal }) => api(webhookRoutes.deliveries, { params: { id: endpointId }, signal }),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === 'pending')
        ? PENDING_REFRESH_MS
        : false,
  });

/** An endpoint's newest deliveries: GET /api/my-data-room/webhooks/:id/deliveries. */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery(webhookDeliveriesQuery(endpointId));
}
