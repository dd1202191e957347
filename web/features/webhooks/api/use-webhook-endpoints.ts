import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  webhookRoutes,
} from '#shared/contracts/webhooks';
import { api } from '#web/lib/api-client';
import { invalidate, invalidatedBy, webhooksKeys } from '#web/lib/query-keys';

export const webhookEndpointsQuery = queryOptions({
  queryKey: webhooksKeys.endpoints(),
  queryFn: ({ signal }) => api(webhookRoutes.endpoints, { signal }),
});

/** The room's webhook endpoints: GET /api/my-data-room/webhooks. */
export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQuery);
}

function useRefreshEndpoints() {
  const queryClient = useQueryClient();
  return () => invalidate(queryClient, invalidatedBy.webhookEndpointsChanged());
}

/** POST /api/my-data-room/webhooks: answers the new endpoint and its secret, shown this once. */
export function useAddWebhookEndpoint() {
  const refresh = useRefreshEndpoints();
  return useMutation({
    mutationFn: (request: CreateWebhookEndpointRequest) => api(webhookRoutes.addEndpoint, { body: request }),
    onSuccess: refresh,
  });
}

/** POST /api/my-data-room/webhooks/:id: its events, or on/off. */
export function useUpdateWebhookEndpoint() {
  const refresh = useRefreshEndpoints();
  return useMutation({
    mutationFn: ({ id, ...request }: UpdateWebhookEndpointRequest & { id: string }) =>
      api(webhookRoutes.updateEndpoint, { params: { id }, body: request }),
    onSuccess: refresh,
  });
}

/** DELETE /api/my-data-room/webhooks/:id. */
export function useDeleteWebhookEndpoint() {
  const refresh = useRefreshEndpoints();
  return useMutation({
    mutationFn: (id: string) => api(webhookRoutes.removeEndpoint, { params: { id } }),
    onSuccess: refresh,
  });
}

/** POST /api/my-data-room/webhooks/:id/rotate-secret: answers the new secret, shown this once. */
export function useRotateWebhookSecret() {
  const refresh = useRefreshEndpoints();
  return useMutation({
    mutationFn: (id: string) => api(webhookRoutes.rotateSecret, { params: { id } }),
    onSuccess: refresh,
  });
}

/** POST /api/my-data-room/webhooks/:id/test: queues a test event; the delivery log shows how it went. */
export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(webhookRoutes.sendTest, { params: { id } }),
    onSuccess: (_sent, id) => invalidate(queryClient, invalidatedBy.webhookTestSent(id)),
  });
}
