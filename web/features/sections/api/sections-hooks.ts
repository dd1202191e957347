import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { roomRoutes, type SectionsSource, sectionsChangedResponseSchema } from '#shared/contracts/rooms';
import { ApiRequestError, api } from '#web/lib/api-client';
import { invalidate, invalidatedBy, sectionsKeys } from '#web/lib/query-keys';

/** The founder's sections markdown (or the starter template while none is saved), with its version. */
export const mySectionsQuery = queryOptions({
  queryKey: sectionsKeys.mine(),
  queryFn: ({ signal }) => api(roomRoutes.mySections, { signal }),
});

export function useMySections() {
  return useQuery(mySectionsQuery);
}

/**
 * Saves the markdown against the version it was based on; refused with a 400 that names the line of a
 * bad link, or a 409 (sectionsChangedIn) when the saved text changed since that version.
 */
export function useSaveSections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: { content: string; baseVersion: string }) =>
      api(roomRoutes.saveSections, { body: draft }),
    onSuccess: ({ version }, { content }) => {
      queryClient.setQueryData(mySectionsQuery.queryKey, { content, version });
      void invalidate(queryClient, invalidatedBy.sectionsSaved());
    },
    onError: (error) => {
      const current = sectionsChangedIn(error);
      if (current) queryClient.setQueryData(mySectionsQuery.queryKey, current);
    },
  });
}

/** The saved text and version a 409 sections_changed answered, or null for any other error. */
export function sectionsChangedIn(error: unknown): SectionsSource | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const parsed = sectionsChangedResponseSchema.safeParse(error.body);
  return parsed.success ? { content: parsed.data.content, version: parsed.data.version } : null;
}
