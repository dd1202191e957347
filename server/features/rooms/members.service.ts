import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import type { DatabaseExecutor, ModuleExecutor } from '#server/db/schema';
import { DEFAULT_FUNDING_STAGE } from '#shared/contracts/rooms';
import { insertDefaultGroup } from './groups.repository';
import type { RoomPeople } from './room-people';
import {
  addRoomMember,
  findDataRoomById,
  findMemberRole,
  insertDataRoom,
  isRoomMember,
  listActiveRoomsForMember,
  listRoomInvestors,
  listRoomManagers,
  removeEditorMember,
  removeInvestorMember,
} from './rooms.repository';

/** Rooms' members: the founder's room at sign-up, investors and editors joining and leaving. */

/** A new founder's data room, with the founder as its owner, inside the sign-up's transaction. */
export async function createFounderRoom(
  trx: ModuleExecutor<'rooms'>,
  founder: { ownerId: string; companyName: string; at: Date },
): Promise<void> {
  const roomId = crypto.randomUUID();
  await insertDataRoom(trx, {
    id: roomId,
    ownerId: founder.ownerId,
    companyName: founder.companyName,
    description: '',
    stage: DEFAULT_FUNDING_STAGE,
    foundedYear: null,
    website: '',
    isActive: true,
    // Downloads allowed unless the founder says otherwise (docs/product-rules.md#setup-data-room).
    isDownloadAllowed: true,
    // No NDA unless the founder asks for one (docs/product-rules.md#nda-before-entry).
    isNdaRequired: false,
    ndaVersionId: null,
    // Off unless the founder turns it on (docs/product-rules.md#documents-and-the-access-log).
    isWatermarkEnabled: false,
    createdAt: founder.at,
    updatedAt: founder.at,
  });
  await addRoomMember(trx, { roomId, userId: founder.ownerId, role: 'owner', createdAt: founder.at });
  // Every room starts with its one group, "All investors" (docs/decisions/0068-investor-groups.md).
  await insertDefaultGroup(trx, roomId, founder.at);
}

export async function isMemberOfRoom(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  userId: string,
): Promise<boolean> {
  return isRoomMember(db, roomId, userId);
}

/**
 * Whether someone is, for the room's analytics and exports, one of its investors: a member who is not
 * one of its managers (its owner or an editor, whose own activity is not investor activity: ADR 47).
 */
export async function investorStandingIn(
  db: ModuleExecutor<'rooms'>,
  room: { id: string; ownerId: string },
  userId: string,
): Promise<'investor' | 'manager' | 'none'> {
  if (userId === room.ownerId) return 'manager';
  const role = await findMemberRole(db, room.id, userId);
  if (role === 'owner' || role === 'editor') return 'manager';
  return role === 'investor' ? 'investor' : 'none';
}

/** Makes the user an investor of the room (an accepted invitation); already one is not an error. */
export async function addInvestor(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  userId: string,
  at: Date,
): Promise<void> {
  await addRoomMember(db, { roomId, userId, role: 'investor', createdAt: at });
}

/** Makes the user an editor of the room (an accepted co-founder invitation). */
export async function addEditor(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  userId: string,
  at: Date,
): Promise<void> {
  await addRoomMember(db, { roomId, userId, role: 'editor', createdAt: at });
}

/** Ends an editor's access to the room at once: every console request asks the database (ADR 47). */
export async function removeEditor(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  userId: string,
): Promise<void> {
  await removeEditorMember(db, roomId, userId);
}

/**
 * The room's owner and editors (co-founders), oldest first, each named by accounts (`people`): one
 * query for the room's managers, one for their accounts; one whose account is gone is left out.
 */
export async function listManagers(ctx: AppContext, people: RoomPeople, roomId: string) {
  return managersOf(ctx.db, people, roomId);
}

async function managersOf(db: DatabaseExecutor, people: RoomPeople, roomId: string) {
  const managers = await listRoomManagers(db, roomId);
  const users = await people.usersByIds(
    db,
    managers.map((manager) => manager.userId),
  );
  return managers.flatMap(({ userId, role, createdAt }) => {
    const user = users.get(userId);
    return user ? [{ id: user.id, name: user.name, email: user.email, role, createdAt }] : [];
  });
}

/** Ends an investor's access to the room (a deleted invitation); the owner is never removed. */
export async function removeInvestor(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  userId: string,
): Promise<void> {
  await removeInvestorMember(db, roomId, userId);
}

/** The companies a sign-in e-mail names: the active rooms the user belongs to, then these rooms. */
export async function companyNamesFor(
  db: ModuleExecutor<'rooms'>,
  userId: string | undefined,
  roomIds: string[],
): Promise<string[]> {
  const names = new Set<string>();
  if (userId) for (const room of await listActiveRoomsForMember(db, userId)) names.add(room.companyName);
  for (const roomId of roomIds) {
    const room = await findDataRoomById(db, roomId);
    if (room) names.add(room.companyName);
  }
  return [...names];
}

/**
 * The company's name and its founder's (the owner's) name, while the room is active: whose room a share
 * link opens (docs/decisions/0071-share-links.md). Undefined for a closed or missing room.
 */
export async function activeRoomNames(
  db: DatabaseExecutor,
  people: RoomPeople,
  roomId: string,
): Promise<{ companyName: string; founderName: string } | undefined> {
  const room = await findDataRoomById(db, roomId);
  if (!room?.isActive) return undefined;
  const owner = (await managersOf(db, people, roomId)).find((manager) => manager.id === room.ownerId);
  return { companyName: room.companyName, founderName: owner?.name ?? '' };
}

/**
 * The room's investors, newest membership first, each as their account is (`people`); one whose account
 * is gone is left out.
 */
export async function listInvestors(ctx: AppContext, people: RoomPeople, roomId: string) {
  const investors = await listRoomInvestors(ctx.db, roomId);
  const users = await people.usersByIds(
    ctx.db,
    investors.map((investor) => investor.userId),
  );
  return investors.flatMap(({ userId, createdAt }) => {
    const user = users.get(userId);
    return user
      ? [{ id: user.id, name: user.name, email: user.email, isActive: user.isActive, createdAt }]
      : [];
  });
}
