import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  apiTokenListSchema,
  type CreateApiTokenRequest,
  createdApiTokenSchema,
} from '#shared/contracts/api-tokens';
import { apiRequest } from '#web/lib/api-client';
import { apiTokensKeys, invalidate, invalidatedBy } from '#web/lib/query-keys';

const TOKENS = '/api/my-data-room/api-tokens';

export const apiTokensQuery = queryOptions({
  queryKey: apiTokensKeys.list(),
  queryFn: ({ signal }) => apiRequest(TOKENS, apiTokenListSchema, { signal }),
});

/** The room's API tokens with their last use: GET /api/my-data-room/api-tokens. */
export function useApiTokens() {
  return useQuery(apiTokensQuery);
}

/** POST /api/my-data-room/api-tokens: the answer carries the secret, shown once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateApiTokenRequest) =>
      apiRequest(TOKENS, createdApiTokenSchema, { method: 'POST', body: request }),
    onSettled: () => invalidate(queryClient, invalidatedBy.apiTokensChanged()),
  });
}

/** DELETE /api/my-data-room/api-tokens/:id: the token stops at once. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`${TOKENS}/${id}`, z.null(), { method: 'DELETE' }),
    onSettled: () => invalidate(queryClient, invalidatedBy.apiTokensChanged()),
  });
}
