import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookTestSentSchema,
} from '#shared/contracts/webhooks';
import { apiRequest } from '#web/lib/api-client';
import { invalidate, invalidatedBy, webhooksKeys } from '#web/lib/query-keys';

const ENDPOINTS = '/api/my-data-room/webhooks';
const endpointPath = (id: string) => `${ENDPOINTS}/${encodeURIComponent(id)}`;

export const webhookEndpointsQuery = queryOptions({
  queryKey: webhooksKeys.endpoints(),
  queryFn: ({ signal }) => apiRequest(ENDPOINTS, webhookEndpointListSchema, { signal }),
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
    mutationFn: (request: CreateWebhookEndpointRequest) =>
      apiRequest(ENDPOINTS, webhookEndpointWithSecretSchema, { method: 'POST', body: request }),
    onSuccess: refresh,
  });
}

/** POST /api/my-data-room/webhooks/:id: its events, or on/off. */
export function useUpdateWebhookEndpoint() {
  const refresh = useRefreshEndpoints();
  return useMutation({
    mutationFn: ({ id, ...request }: UpdateWebhookEndpointRequest & { id: string }) =>
      apiRequest(endpointPath(id), webhookEndpointSchema, { method: 'POST', body: request }),
    onSuccess: refresh,
  });
}

/** DELETE /api/my-data-room/webhooks/:id. */
export function useDeleteWebhookEndpoint() {
  const refresh = useRefreshEndpoints();
  return useMutation({
    mutationFn: (id: string) => apiRequest(endpointPath(id), z.null(), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** POST /api/my-data-room/webhooks/:id/rotate-secret: answers the new secret, shown this once. */
export function useRotateWebhookSecret() {
  const refresh = useRefreshEndpoints();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${endpointPath(id)}/rotate-secret`, webhookEndpointWithSecretSchema, { method: 'POST' }),
    onSuccess: refresh,
  });
}

/** POST /api/my-data-room/webhooks/:id/test: queues a test event; the delivery log shows how it went. */
export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${endpointPath(id)}/test`, webhookTestSentSchema, { method: 'POST' }),
    onSuccess: (_sent, id) => invalidate(queryClient, invalidatedBy.webhookTestSent(id)),
  });
}
