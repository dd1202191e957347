import { lazy, type ReactNode, Suspense } from 'react';
import { useRoomContent } from '#web/features/data-room/api/room-queries';
import { ndaPromptOf } from '#web/features/data-room/api/use-accept-nda';
import type { RoomSource } from '#web/lib/query-keys';
import { InvitationLinkStatePanel } from './invitation-entry';
import type { RoomContent } from './room-content-view';
import { isNotFound, RoomLoadFailed, RoomLoading, RoomUnavailable } from './room-states';

// Few rooms ask for an NDA: its page (and the markdown renderer its text needs) loads when one does, not
// with every reader's room (docs/decisions/0075-the-investors-first-screen.md).
const NdaGate = lazy(() => import('./nda-gate').then((m) => ({ default: m.NdaGate })));

interface RoomLoaderProps {
  /** null while the source itself is being found (e.g. the founder's own room id). */
  source: RoomSource | null;
  children: (content: RoomContent, invitedEmail: string | null, source: RoomSource) => ReactNode;
}

/**
 * Loads a room and shows the loading, unavailable and error states around it (for an invitation link that
 * no longer opens it, why, and the way on), and the
 * NDA page while the server asks for the room's NDA first.
 */
export function RoomLoader({ source, children }: RoomLoaderProps) {
  const room = useRoomContent(source);
  if (room.error) {
    const nda = ndaPromptOf(room.error);
    if (nda && source)
      return (
        <Suspense fallback={<RoomLoading />}>
          <NdaGate key={nda.versionId} prompt={nda} source={source} />
        </Suspense>
      );
    if (isNotFound(room.error))
      return source?.kind === 'invite' ? (
        <InvitationLinkStatePanel token={source.token} />
      ) : (
        <RoomUnavailable />
      );
    return <RoomLoadFailed onRetry={room.refetch} />;
  }
  if (!room.data || !source) return <RoomLoading />;
  return children(room.data, room.data.invitedEmail, source);
}
