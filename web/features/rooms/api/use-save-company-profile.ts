import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type companyProfileRequestSchema, roomRoutes } from '#shared/contracts/rooms';
import { api } from '#web/lib/api-client';
import { invalidate, invalidatedBy, roomsKeys } from '#web/lib/query-keys';

/** A profile the shared schema has accepted: what POST /api/data-rooms is sent. */
export type CompanyProfile = z.output<typeof companyProfileRequestSchema>;

/**
 * Saves the company profile (POST /api/data-rooms). The answer is the room as /configure shows it, so
 * its header has the new name at once; the views, the owner's dashboard and the starter sections (which
 * carry the name until the founder saves their own) are read again.
 */
export function useSaveCompanyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: CompanyProfile) => api(roomRoutes.saveProfile, { body: profile }),
    onSuccess: (room) => {
      queryClient.setQueryData(roomsKeys.mine(), room);
      void invalidate(queryClient, invalidatedBy.companyProfileSaved());
    },
  });
}
