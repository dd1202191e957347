import type { AppContext } from '#server/app-context';
import { findUserById } from '#server/features/accounts/index';
import { findDataRoomById } from '#server/features/rooms/index';

/** The room as a notification needs it: its name, and its owner, who receives the founder's mail. */
export interface RoomAndOwner {
  id: string;
  companyName: string;
  ownerId: string;
  ownerEmail: string;
  ownerName: string;
}

/**
 * The room and its owner, read from rooms and accounts (docs/decisions/0085-modules-own-their-tables.md);
 * undefined when the room, or its owner's account, is gone.
 */
export async function findRoomAndOwner(ctx: AppContext, roomId: string): Promise<RoomAndOwner | undefined> {
  const room = await findDataRoomById(ctx.db, roomId);
  const owner = room && (await findUserById(ctx.db, room.ownerId));
  if (!room || !owner) return undefined;
  return {
    id: room.id,
    companyName: room.companyName,
    ownerId: room.ownerId,
    ownerEmail: owner.email,
    ownerName: owner.name,
  };
}
