import type { AccessibleDataRoom, MyDataRoom } from '../../../shared/contracts/rooms';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../plugins/errors';
import type { User } from '../accounts/users.repository';
import { findRoomOwnedBy, listActiveRoomsForMember } from './rooms.repository';

/** The active rooms this user may see, as the investor dashboard lists them. */
export async function listAccessibleRooms(ctx: AppContext, user: User): Promise<AccessibleDataRoom[]> {
  const rooms = await listActiveRoomsForMember(ctx.db, user.id);
  return rooms.map((room) => ({
    id: room.id,
    companyName: room.companyName,
    name: room.companyName,
    fundingStage: room.stage,
    companyDescription: room.description,
    foundedYear: room.foundedYear,
    website: room.website,
  }));
}

/** The founder's own room, as the console shows it. */
export async function getMyDataRoom(ctx: AppContext, founder: User): Promise<MyDataRoom> {
  const room = await findRoomOwnedBy(ctx.db, founder.id);
  if (!room) throw new HttpError(404, 'no_data_room', 'You have no data room yet. Create one first.');
  return {
    id: room.id,
    companyName: room.companyName,
    description: room.description,
    stage: room.stage,
    foundedYear: room.foundedYear,
    website: room.website,
    isActive: room.isActive,
  };
}
