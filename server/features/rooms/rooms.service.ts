import type { AccessibleDataRoom } from '../../../shared/contracts/rooms';
import type { AppContext } from '../../app-context';
import type { User } from '../accounts/users.repository';
import { listActiveRoomsForMember } from './rooms.repository';

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
