import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type NdaAcceptRequest,
  type NdaPrompt,
  ndaChangedResponseSchema,
  ndaRoutes,
} from '#shared/contracts/nda';
import { ApiRequestError, api } from '#web/lib/api-client';
import { invalidate, invalidatedBy, type RoomSource } from '#web/lib/query-keys';

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
      source.kind === 'member'
        ? api(ndaRoutes.accept, { params: { id: source.roomId }, body: request })
        : api(ndaRoutes.acceptByInvitation, { params: { token: source.token }, body: request }),
    onSuccess: () => {
      void invalidate(queryClient, invalidatedBy.ndaAccepted(source));
    },
  });
}
