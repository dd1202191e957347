import {
  type Executor,
  fromEpochMs,
  fromFlag,
  fromNullableEpochMs,
  toEpochMs,
  toFlag,
} from '../../db/columns';
import type { DataRoomRow } from '../../db/schema';

export interface DataRoom {
  id: string;
  ownerId: string;
  companyName: string;
  description: string;
  stage: string;
  foundedYear: number | null;
  website: string;
  isActive: boolean;
  sectionsMarkdown: string | null;
  sectionsUpdatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

function toDataRoom(row: DataRoomRow): DataRoom {
  return {
    id: row.id,
    ownerId: row.owner_id,
    companyName: row.company_name,
    description: row.description,
    stage: row.stage,
    foundedYear: row.founded_year,
    website: row.website,
    isActive: fromFlag(row.is_active),
    sectionsMarkdown: row.sections_markdown,
    sectionsUpdatedAt: fromNullableEpochMs(row.sections_updated_at),
    createdAt: fromEpochMs(row.created_at),
    updatedAt: fromEpochMs(row.updated_at),
  };
}

export async function insertDataRoom(db: Executor, room: DataRoom): Promise<void> {
  await db
    .insertInto('data_rooms')
    .values({
      id: room.id,
      owner_id: room.ownerId,
      company_name: room.companyName,
      description: room.description,
      stage: room.stage,
      founded_year: room.foundedYear,
      website: room.website,
      is_active: toFlag(room.isActive),
      sections_markdown: room.sectionsMarkdown,
      sections_updated_at: room.sectionsUpdatedAt ? toEpochMs(room.sectionsUpdatedAt) : null,
      created_at: toEpochMs(room.createdAt),
      updated_at: toEpochMs(room.updatedAt),
    })
    .execute();
}

export async function findDataRoomById(db: Executor, id: string): Promise<DataRoom | undefined> {
  const row = await db.selectFrom('data_rooms').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toDataRoom(row) : undefined;
}

/** The founder's own room (one per founder today; the oldest if there are several). */
export async function findRoomOwnedBy(db: Executor, ownerId: string): Promise<DataRoom | undefined> {
  const row = await db
    .selectFrom('data_rooms')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'asc')
    .executeTakeFirst();
  return row ? toDataRoom(row) : undefined;
}

/** Active rooms the user is a member of (as investor or owner), newest membership first. */
export async function listActiveRoomsForMember(db: Executor, userId: string): Promise<DataRoom[]> {
  const rows = await db
    .selectFrom('room_members')
    .innerJoin('data_rooms', 'data_rooms.id', 'room_members.room_id')
    .selectAll('data_rooms')
    .where('room_members.user_id', '=', userId)
    .where('data_rooms.is_active', '=', 1)
    .orderBy('room_members.created_at', 'desc')
    .execute();
  return rows.map(toDataRoom);
}

export async function addRoomMember(
  db: Executor,
  member: { roomId: string; userId: string; role: 'owner' | 'investor'; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('room_members')
    .values({
      room_id: member.roomId,
      user_id: member.userId,
      role: member.role,
      created_at: toEpochMs(member.createdAt),
    })
    // Accepting a second invitation to the same room is not an error.
    .onConflict((conflict) => conflict.columns(['room_id', 'user_id']).doNothing())
    .execute();
}

export async function isRoomMember(db: Executor, roomId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('room_members')
    .select('user_id')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function removeInvestorMember(db: Executor, roomId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('room_members')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .where('role', '=', 'investor')
    .execute();
}

/**
 * Takes the room's row lock until the caller's transaction ends, so that changes of the room that read
 * before they write (its markdown, its count of documents) run one after the other. The lock is taken
 * by a write that changes nothing: SQLite has no SELECT ... FOR UPDATE (ADR 2), and there transactions
 * already run one at a time.
 */
export async function lockRoomRow(trx: Executor, roomId: string): Promise<void> {
  await trx
    .updateTable('data_rooms')
    .set((eb) => ({ sections_markdown: eb.ref('sections_markdown') }))
    .where('id', '=', roomId)
    .execute();
}

/**
 * Changes a room's sections markdown from its current text, inside the caller's transaction. The row is
 * locked before it is read, so two changes at once (the console sends three uploads together, each
 * adding a link; a deletion removes one) apply one after the other instead of the later undoing the
 * earlier. `change` returns the new text, or undefined for no change.
 */
export async function changeSectionsMarkdown(
  trx: Executor,
  roomId: string,
  change: (room: DataRoom) => string | undefined,
  at: Date,
): Promise<void> {
  await lockRoomRow(trx, roomId);
  const room = await findDataRoomById(trx, roomId);
  const changed = room ? change(room) : undefined;
  if (changed !== undefined && changed !== room?.sectionsMarkdown)
    await updateDataRoom(trx, roomId, { sectionsMarkdown: changed }, at);
}

export async function updateDataRoom(
  db: Executor,
  roomId: string,
  changes: Partial<
    Pick<
      DataRoom,
      'companyName' | 'description' | 'stage' | 'foundedYear' | 'website' | 'isActive' | 'sectionsMarkdown'
    >
  >,
  at: Date,
): Promise<void> {
  await db
    .updateTable('data_rooms')
    .set({
      ...(changes.companyName !== undefined && { company_name: changes.companyName }),
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.stage !== undefined && { stage: changes.stage }),
      ...(changes.foundedYear !== undefined && { founded_year: changes.foundedYear }),
      ...(changes.website !== undefined && { website: changes.website }),
      ...(changes.isActive !== undefined && { is_active: toFlag(changes.isActive) }),
      ...(changes.sectionsMarkdown !== undefined && {
        sections_markdown: changes.sectionsMarkdown,
        sections_updated_at: toEpochMs(at),
      }),
      updated_at: toEpochMs(at),
    })
    .where('id', '=', roomId)
    .execute();
}
