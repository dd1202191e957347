import type { AppContext } from '#server/app-context';
import type { DatabaseExecutor } from '#server/db/schema';
import { endUserSessions } from '#server/features/accounts/index';
import {
  listRoomIdsEditedBy,
  listRoomManagers,
  type RoomUser,
  requireManagedRoom,
  requireRoomOwner,
} from '#server/features/rooms/index';
import {
  anyRoomRequiresPasskey,
  dropPasskeyRequirement,
  holdsPasskey,
  requirePasskeyInRoom,
} from './passkeys.repository';

/**
 * The owner may require a passkey of the room's co-founders (docs/decisions/0093-security-notices-and-required-passkeys.md).
 * A co-founder of such a room who holds none signs in by mail into a session that waits, as one holding a
 * passkey waits for it: its only way on is adding one, which then completes the sign-in.
 */

/** Whether this user is a co-founder of a room that requires a passkey, and holds none yet. */
export async function owesPasskey(db: DatabaseExecutor, userId: string): Promise<boolean> {
  if (await holdsPasskey(db, userId)) return false;
  return isRequiredToHoldPasskey(db, userId);
}

/** Whether a room this user is a co-founder of requires a passkey (held or not). */
export async function isRequiredToHoldPasskey(db: DatabaseExecutor, userId: string): Promise<boolean> {
  return anyRoomRequiresPasskey(db, await listRoomIdsEditedBy(db, userId));
}

export async function passkeyRequirementOf(ctx: AppContext, user: RoomUser) {
  const room = await requireManagedRoom(ctx, user);
  return { isRequiredOfCofounders: await anyRoomRequiresPasskey(ctx.db, [room.id]) };
}

/**
 * The owner's switch. Turning it on ends the sessions of the co-founders who hold no passkey: each is
 * asked to add one at their next sign-in, before the console opens.
 */
export async function savePasskeyRequirement(
  ctx: AppContext,
  user: RoomUser,
  isRequiredOfCofounders: boolean,
) {
  const room = await requireRoomOwner(ctx, user);
  const now = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    if (!isRequiredOfCofounders) return dropPasskeyRequirement(trx, room.id);
    await requirePasskeyInRoom(trx, room.id, user.id, now);
    for (const manager of await listRoomManagers(trx, room.id)) {
      if (manager.role !== 'editor' || (await holdsPasskey(trx, manager.userId))) continue;
      await endUserSessions(trx, manager.userId, now);
      ctx.log.info(
        { roomId: room.id, userId: manager.userId },
        'co-founder signed out: a passkey is required',
      );
    }
  });
  return { isRequiredOfCofounders };
}
