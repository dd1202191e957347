import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiTokenRoutes, type CreateApiTokenRequest } from '#shared/contracts/api-tokens';
import { api } from '#web/lib/api-client';
import { apiTokensKeys, invalidate, invalidatedBy } from '#web/lib/query-keys';

export const apiTokensQuery = queryOptions({
  queryKey: apiTokensKeys.list(),
  queryFn: ({ signal }) => api(apiTokenRoutes.list, { signal }),
});

/** The room's API tokens with their last use: GET /api/my-data-room/api-tokens. */
export function useApiTokens() {
  return useQuery(apiTokensQuery);
}

/** POST /api/my-data-room/api-tokens: the answer carries the secret, shown once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateApiTokenRequest) => api(apiTokenRoutes.create, { body: request }),
    onSettled: () => invalidate(queryClient, invalidatedBy.apiTokensChanged()),
  });
}

/** DELETE /api/my-data-room/api-tokens/:id: the token stops at once. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(apiTokenRoutes.revoke, { params: { id } }),
    onSettled: () => invalidate(queryClient, invalidatedBy.apiTokensChanged()),
  });
}
