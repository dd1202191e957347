import type { RoomPeople } from '#server/features/rooms/index';
import { findUsersByIds } from './users.repository';

/** Rooms' RoomPeople, answered from this module's users; app.ts wires it in. */
export const peopleOfRooms: RoomPeople = { usersByIds: findUsersByIds };
