import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AskQuestionRequest,
  type PublishRequest,
  type QuestionSettings,
  questionRoutes,
} from '#shared/contracts/questions';
import { useCurrentUser } from '#web/features/auth/api/auth-hooks';
import { api } from '#web/lib/api-client';
import {
  invalidate,
  invalidatedBy,
  type QuestionInboxFilter,
  questionsKeys,
  type RoomSource,
} from '#web/lib/query-keys';

/**
 * Whether the signed-in user manages this room (its owner or a co-founder): they answer in the inbox and
 * do not ask (docs/product-rules.md#questions); the server refuses them anyway.
 */
export function useIsRoomManager(roomId: string): boolean {
  return useCurrentUser().data?.managedRoom?.id === roomId;
}

/** The reader's own questions in a room, with their answers: GET /api/data-room/:id/questions. */
export function myQuestionsQuery(roomId: string) {
  return queryOptions({
    queryKey: questionsKeys.mine(roomId),
    queryFn: ({ signal }) => api(questionRoutes.mine, { params: { id: roomId }, signal }),
  });
}

export function useMyQuestions(roomId: string, enabled = true) {
  return useQuery({ ...myQuestionsQuery(roomId), enabled: enabled && roomId !== '' });
}

/**
 * The reader's answers not seen yet in a room: how many in all, and per document (the badges of the
 * room's list). Nothing while the room takes no questions of theirs.
 */
export function useUnseenAnswers(roomId: string) {
  const mine = useMyQuestions(roomId);
  const byDocument = new Map<string, number>();
  for (const question of mine.data?.questions ?? []) {
    if (!question.isAnswerUnseen || question.about.kind !== 'document') continue;
    const { documentId } = question.about;
    byDocument.set(documentId, (byDocument.get(documentId) ?? 0) + 1);
  }
  return { total: mine.data?.unseenAnswers ?? 0, byDocument };
}

/** One document's questions for this reader: theirs and the published ones. */
export function useDocumentQuestions(documentId: string, enabled = true) {
  return useQuery({
    queryKey: questionsKeys.ofDocument(documentId),
    queryFn: ({ signal }) => api(questionRoutes.ofDocument, { params: { id: documentId }, signal }),
    enabled,
  });
}

/** The room's FAQ, searched by its text (an empty search: all of it). */
export function useRoomFaq(source: RoomSource, search: string) {
  const q = search.trim() || undefined;
  return useQuery({
    queryKey: questionsKeys.faq(source, q ?? ''),
    queryFn: ({ signal }) =>
      source.kind === 'member'
        ? api(questionRoutes.faq, { params: { id: source.roomId }, query: { q }, signal })
        : api(questionRoutes.invitedFaq, { params: { token: source.token }, query: { q }, signal }),
    // While a new search is read, the last answer stays on screen rather than a spinner.
    placeholderData: (previous) => previous,
  });
}

/** Asks a question about the room, a section or a page of a document. */
export function useAskQuestion(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AskQuestionRequest) =>
      api(questionRoutes.ask, { params: { id: roomId }, body: request }),
    onSuccess: () => invalidate(queryClient, invalidatedBy.questionAsked()),
  });
}

/** Marks the reader's answers seen (one document's, or the room's): the badges go. */
export function useMarkAnswersSeen(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string | undefined) =>
      api(questionRoutes.markSeen, { params: { id: roomId }, body: documentId ? { documentId } : {} }),
    onSuccess: (mine) => {
      queryClient.setQueryData(questionsKeys.mine(roomId), mine);
      void invalidate(queryClient, invalidatedBy.answersSeen(roomId));
    },
  });
}

/** The founder's inbox, filtered: GET /api/my-data-room/questions. */
export function useQuestionInbox(filter: QuestionInboxFilter) {
  return useQuery({
    queryKey: questionsKeys.inbox(filter),
    queryFn: ({ signal }) =>
      api(questionRoutes.inbox, {
        query: {
          state: filter.state ?? undefined,
          documentId: filter.documentId ?? undefined,
          groupId: filter.groupId ?? undefined,
          firm: filter.firm ?? undefined,
          page: filter.page && filter.page > 1 ? filter.page : undefined,
        },
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

function useAnswerMutation<Input>(call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => invalidate(queryClient, invalidatedBy.questionAnswered()),
  });
}

/** A private reply: only the asker reads it. */
export function useReplyToQuestion() {
  return useAnswerMutation(({ id, answer }: { id: string; answer: string }) =>
    api(questionRoutes.reply, { params: { id }, body: { answer } }),
  );
}

/** Publishes to the FAQ with the wording as edited, or edits what is published. */
export function usePublishQuestion() {
  return useAnswerMutation(
    ({ id, isPublished, ...request }: PublishRequest & { id: string; isPublished: boolean }) =>
      api(isPublished ? questionRoutes.editPublished : questionRoutes.publish, {
        params: { id },
        body: request,
      }),
  );
}

/** Takes a published answer off the FAQ. */
export function useWithdrawQuestion() {
  return useAnswerMutation((id: string) => api(questionRoutes.withdraw, { params: { id } }));
}

/** Questions per document and page, for the console's analytics. */
export function useQuestionsByPage() {
  return useQuery({
    queryKey: questionsKeys.byPage(),
    queryFn: ({ signal }) => api(questionRoutes.byPage, { signal }),
  });
}

/** The room's "Questions" setting. */
export function useQuestionSettings() {
  return useQuery({
    queryKey: questionsKeys.settings(),
    queryFn: ({ signal }) => api(questionRoutes.settings, { signal }),
  });
}

export function useSaveQuestionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isEnabled: boolean) => api(questionRoutes.saveSettings, { body: { isEnabled } }),
    onSuccess: (saved: QuestionSettings) => {
      queryClient.setQueryData(questionsKeys.settings(), saved);
      void invalidate(queryClient, invalidatedBy.questionSettingsSaved());
    },
  });
}
