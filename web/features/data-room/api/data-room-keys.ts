import type { RoomSource } from './room-queries';

/**
 * TanStack Query keys for the data-room views: per source (a member's room id or an invitation token),
 * the room, its sections and its documents. `all` is what a change to any room's content invalidates.
 */
export const dataRoomKeys = {
  all: ['data-room'] as const,
  source: (source: RoomSource) =>
    source.kind === 'member'
      ? ([...dataRoomKeys.all, 'member', source.roomId] as const)
      : ([...dataRoomKeys.all, 'invite', source.token] as const),
  room: (source: RoomSource) => [...dataRoomKeys.source(source), 'room'] as const,
  sections: (source: RoomSource) => [...dataRoomKeys.source(source), 'sections'] as const,
  documents: (source: RoomSource) => [...dataRoomKeys.source(source), 'documents'] as const,
  /** What an invitation link can still do (ADR 55), asked when it no longer opens the room. */
  invitationLink: (token: string) => [...dataRoomKeys.all, 'invitation-link', token] as const,
};
