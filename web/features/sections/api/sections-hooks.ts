import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { sectionsContentSchema } from '../../../../shared/contracts/rooms';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from '../../admin/api/admin-keys';
import { dataRoomKeys } from '../../data-room/api/data-room-keys';
import { documentsKeys } from '../../documents/api/documents-keys';
import { sectionsKeys } from './sections-keys';

/** The founder's sections markdown (or the starter template while none is saved). */
export const mySectionsQuery = queryOptions({
  queryKey: sectionsKeys.mine(),
  queryFn: ({ signal }) => apiRequest('/api/sections/content', sectionsContentSchema, { signal }),
});

export function useMySections() {
  return useQuery(mySectionsQuery);
}

/** Saves the markdown; refused with a 400 that names the line of a bad link. */
export function useSaveSections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      apiRequest('/api/sections/update', z.object({ message: z.string() }), {
        method: 'POST',
        body: { content },
      }),
    onSuccess: (_answer, content) => {
      queryClient.setQueryData(mySectionsQuery.queryKey, { content });
      // The file list's section names, the views and the owner's dashboard all come from the markdown.
      for (const queryKey of [documentsKeys.all, dataRoomKeys.all, adminKeys.all]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
