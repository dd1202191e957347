import type { RoomUploads } from '#server/features/rooms/index';
import { documentIdsInRoom, storedFileTypesInRoom } from './documents.repository';

/** Rooms' RoomUploads, answered from this module's documents rows; app.ts wires it in. */
export const uploadsOfRooms: RoomUploads = {
  idsInRoom: documentIdsInRoom,
  storedFileTypes: storedFileTypesInRoom,
};
