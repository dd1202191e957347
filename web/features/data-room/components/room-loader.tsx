import type { ReactNode } from 'react';
import { type RoomSource, useRoomContent } from '../api/room-queries';
import type { RoomContent } from './room-content-view';
import { InvalidInvitation, isNotFound, RoomLoadFailed, RoomLoading, RoomUnavailable } from './room-states';

interface RoomLoaderProps {
  /** null while the source itself is being found (e.g. the founder's own room id). */
  source: RoomSource | null;
  children: (content: RoomContent, invitedEmail: string | null, source: RoomSource) => ReactNode;
}

/** Loads a room and shows the loading, unavailable, invalid-invitation and error states around it. */
export function RoomLoader({ source, children }: RoomLoaderProps) {
  const room = useRoomContent(source);
  if (room.error) {
    if (isNotFound(room.error))
      return source?.kind === 'invite' ? <InvalidInvitation /> : <RoomUnavailable />;
    return <RoomLoadFailed onRetry={room.refetch} />;
  }
  if (!room.data || !source) return <RoomLoading />;
  return children(room.data, room.data.invitedEmail, source);
}
