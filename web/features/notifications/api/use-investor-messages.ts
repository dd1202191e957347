import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type InvestorMessageRequest, notificationRoutes } from '#shared/contracts/notifications';
import { ApiRequestError, api } from '#web/lib/api-client';
import { invalidate, invalidatedBy, notificationsKeys } from '#web/lib/query-keys';

export const investorMessagesQuery = queryOptions({
  queryKey: notificationsKeys.investorMessages(),
  queryFn: ({ signal }) => api(notificationRoutes.investorMessages, { signal }),
});

/** Who "Notify investors" can reach and when the next message may go: GET /api/my-data-room/investor-messages. */
export function useInvestorMessages() {
  return useQuery(investorMessagesQuery);
}

/** POST /api/my-data-room/investor-messages; a 429 carries `nextAllowedAt`, which the panel shows. */
export function useSendInvestorMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: InvestorMessageRequest) =>
      api(notificationRoutes.sendInvestorMessage, { body: request }),
    onSettled: () => invalidate(queryClient, invalidatedBy.investorMessageSent()),
  });
}

/** The time a refused message may be sent again, from a 429's body. */
export function nextAllowedAtOf(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 429) return undefined;
  const body = error.body as { nextAllowedAt?: unknown } | null;
  return typeof body?.nextAllowedAt === 'string' ? body.nextAllowedAt : undefined;
}
