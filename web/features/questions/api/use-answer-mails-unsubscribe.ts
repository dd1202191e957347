import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { questionRoutes } from '#shared/contracts/questions';
import { api } from '#web/lib/api-client';
import { questionsKeys } from '#web/lib/query-keys';

/** What an answer mail's unsubscribe link would stop (it changes nothing): GET /api/questions/unsubscribe. */
export function useAnswerMailsUnsubscribeDetails(token: string) {
  return useQuery({
    queryKey: questionsKeys.answerMailsUnsubscribe(token),
    queryFn: ({ signal }) => api(questionRoutes.answerMailsUnsubscribeDetails, { query: { token }, signal }),
    enabled: token !== '',
  });
}

/** The confirm button: POST /api/questions/unsubscribe. */
export function useUnsubscribeAnswerMails(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(questionRoutes.unsubscribeAnswerMails, { body: { token } }),
    onSuccess: (details) => {
      queryClient.setQueryData(questionsKeys.answerMailsUnsubscribe(token), details);
    },
  });
}
