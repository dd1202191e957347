import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { searchRoutes } from '#shared/contracts/search';
import { isInvitationAccepted } from '#web/features/data-room/api/invitation-link';
import { api } from '#web/lib/api-client';
import { invalidate, invalidatedBy, type RoomSource, searchKeys } from '#web/lib/query-keys';

/** Fewer characters than this find too much to be worth a request: the box waits for more. */
export const MIN_SEARCH_CHARACTERS = 2;

/** Whether a query, trimmed, is long enough to search for. */
export function isSearchable(query: string): boolean {
  return query.trim().length >= MIN_SEARCH_CHARACTERS;
}

/**
 * Every page of the room searched for `query` (already debounced by the caller), as this reader may read
 * it: a member through their session, the invited view through its invitation. Nothing is asked for a
 * query too short to search.
 */
export function useRoomSearch(source: RoomSource, query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: searchKeys.results(source, q),
    queryFn: ({ signal }) =>
      source.kind === 'member'
        ? api(searchRoutes.search, { params: { id: source.roomId }, query: { q }, signal })
        : api(searchRoutes.invitedSearch, { params: { token: source.token }, query: { q }, signal }),
    enabled: isSearchable(q) && isAskable(source),
    // While the next word is searched, the last results stay on screen rather than a spinner.
    placeholderData: keepPreviousData,
  });
}

/** Whether the room's founders see the words its readers search for. */
export function useSearchNotice(source: RoomSource) {
  return useQuery({
    queryKey: searchKeys.notice(source),
    queryFn: ({ signal }) =>
      source.kind === 'member'
        ? api(searchRoutes.notice, { params: { id: source.roomId }, signal })
        : api(searchRoutes.invitedNotice, { params: { token: source.token }, signal }),
    enabled: isAskable(source),
  });
}

/** An invited view's token is spent once this tab accepted it: its search asks nothing more. */
const isAskable = (source: RoomSource) => source.kind === 'member' || !isInvitationAccepted(source.token);

/** "Ask the room": the passages and published answers that may answer a question, asked once it is sent. */
export function useRoomAnswer(roomId: string, question: string | null) {
  const q = question?.trim() ?? '';
  return useQuery({
    queryKey: searchKeys.answer(roomId, q),
    queryFn: ({ signal }) => api(searchRoutes.ask, { params: { id: roomId }, query: { q }, signal }),
    enabled: q !== '',
  });
}

/** Sends the question the room could not answer to its founders: the reader's questions list shows it. */
export function useAskFounders(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (question: string) =>
      api(searchRoutes.askFounders, { params: { id: roomId }, body: { question } }),
    onSuccess: () => invalidate(queryClient, invalidatedBy.questionAsked()),
  });
}
