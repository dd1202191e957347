import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type NdaAcceptRequest,
  type NdaPrompt,
  ndaAcceptResponseSchema,
  ndaChangedResponseSchema,
} from '#shared/contracts/nda';
import { ApiRequestError, apiRequest } from '#web/lib/api-client';
import { invalidate, invalidatedBy, type RoomSource } from '#web/lib/query-keys';
import { ndaAcceptancePath } from './room-queries';

/**
 * The agreement a refusal asks the reader to accept: a 403 nda_required on any read of the room (or a
 * 409 nda_changed on accepting an older version), with the text to show; null for any other error.
 */
export function ndaPromptOf(error: unknown): NdaPrompt | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.code !== 'nda_required' && error.code !== 'nda_changed') return null;
  const parsed = ndaChangedResponseSchema.safeParse(error.body);
  return parsed.success ? parsed.data.nda : null;
}

/** Accepts the room's NDA, then reads the room again: everything refused until now is served. */
export function useAcceptNda(source: RoomSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: NdaAcceptRequest) =>
      apiRequest(ndaAcceptancePath(source), ndaAcceptResponseSchema, { method: 'POST', body: request }),
    onSuccess: () => {
      void invalidate(queryClient, invalidatedBy.ndaAccepted(source));
    },
  });
}
