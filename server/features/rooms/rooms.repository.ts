import { type Entity, fromRow, toFlag, toRow } from '#server/db/columns';
import type { Dialect } from '#server/db/database';
import type { ModuleExecutor } from '#server/db/schema';
import type {
  DataRoomRow,
  DataRoomsTable,
  RoomMemberRole,
  RoomMemberRow,
  RoomSectionsRow,
} from './rooms.tables';

export type DataRoom = Entity<DataRoomRow>;
/** How a person manages a room: as its owner, or as an editor (a co-founder the owner invited). */
export type ManagerRole = 'owner' | 'editor';
export interface ManagedRoom {
  room: DataRoom;
  role: ManagerRole;
}

/** The sections text a room's founder saved, and when; a room without one shows the starter template. */
export type RoomSections = Entity<RoomSectionsRow>;

/**
 * A room is read by naming its columns: on PostgreSQL data_rooms keeps the two columns migration 0015
 * moved to room_sections until the next release (for the previous build's nodes during an upgrade), and
 * no room this build reads should carry their stale text.
 */
const dataRoomColumns: Record<keyof DataRoomsTable, true> = {
  id: true,
  owner_id: true,
  company_name: true,
  description: true,
  stage: true,
  founded_year: true,
  website: true,
  is_active: true,
  is_download_allowed: true,
  is_nda_required: true,
  nda_version_id: true,
  is_watermark_enabled: true,
  created_at: true,
  updated_at: true,
};
const DATA_ROOM_COLUMNS = Object.keys(dataRoomColumns) as (keyof DataRoomsTable)[];
const JOINED_DATA_ROOM_COLUMNS = DATA_ROOM_COLUMNS.map((column) => `data_rooms.${column}` as const);

export async function insertDataRoom(db: ModuleExecutor<'rooms'>, room: DataRoom): Promise<void> {
  await db.insertInto('data_rooms').values(toRow<DataRoomRow>(room)).execute();
}

export async function findDataRoomById(
  db: ModuleExecutor<'rooms'>,
  id: string,
): Promise<DataRoom | undefined> {
  const row = await db
    .selectFrom('data_rooms')
    .select(DATA_ROOM_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** The founder's own room (one per founder today; the oldest if there are several). */
export async function findRoomOwnedBy(
  db: ModuleExecutor<'rooms'>,
  ownerId: string,
): Promise<DataRoom | undefined> {
  const row = await db
    .selectFrom('data_rooms')
    .select(DATA_ROOM_COLUMNS)
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'asc')
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Active rooms the user is a member of (as investor or owner), newest membership first. */
export async function listActiveRoomsForMember(
  db: ModuleExecutor<'rooms'>,
  userId: string,
): Promise<DataRoom[]> {
  const rows = await db
    .selectFrom('room_members')
    .innerJoin('data_rooms', 'data_rooms.id', 'room_members.room_id')
    .select(JOINED_DATA_ROOM_COLUMNS)
    .where('room_members.user_id', '=', userId)
    .where('data_rooms.is_active', '=', toFlag(true))
    .orderBy('room_members.created_at', 'desc')
    .execute();
  return rows.map((row) => fromRow(row));
}

export async function addRoomMember(
  db: ModuleExecutor<'rooms'>,
  member: Entity<RoomMemberRow>,
): Promise<void> {
  await db
    .insertInto('room_members')
    .values(toRow<RoomMemberRow>(member))
    // Accepting a second invitation to the same room is not an error.
    .onConflict((conflict) => conflict.columns(['room_id', 'user_id']).doNothing())
    .execute();
}

/** The room a co-founder edits (one per person: docs/decisions/0047-room-editors.md), the oldest if several. */
export async function findRoomEditedBy(
  db: ModuleExecutor<'rooms'>,
  userId: string,
): Promise<DataRoom | undefined> {
  const row = await db
    .selectFrom('room_members')
    .innerJoin('data_rooms', 'data_rooms.id', 'room_members.room_id')
    .select(JOINED_DATA_ROOM_COLUMNS)
    .where('room_members.user_id', '=', userId)
    .where('room_members.role', '=', 'editor')
    .orderBy('room_members.created_at', 'asc')
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** The rooms this user is a co-founder (an editor) of. */
export async function listRoomIdsEditedBy(db: ModuleExecutor<'rooms'>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('room_members')
    .select('room_id')
    .where('user_id', '=', userId)
    .where('role', '=', 'editor')
    .execute();
  return rows.map((row) => row.room_id);
}

/** Whether the user manages a room (its owner or a co-founder), whichever: for the second factor (ADR 62). */
export async function managesAnyRoom(db: ModuleExecutor<'rooms'>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('room_members')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('role', 'in', ['owner', 'editor'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user's role in the room, or undefined when they are not a member. */
export async function findMemberRole(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  userId: string,
): Promise<RoomMemberRole | undefined> {
  const row = await db
    .selectFrom('room_members')
    .select('role')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

/**
 * The room's owner and editors (co-founders), oldest membership first, with when they joined (their
 * names are accounts', through the RoomPeople port: members.service.ts).
 */
export async function listRoomManagers(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
): Promise<{ userId: string; role: RoomMemberRole; createdAt: Date }[]> {
  const rows = await db
    .selectFrom('room_members')
    .select(['user_id', 'role', 'created_at'])
    .where('room_id', '=', roomId)
    .where('role', 'in', ['owner', 'editor'])
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((row) => fromRow(row));
}

export async function removeEditorMember(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  userId: string,
): Promise<void> {
  await db
    .deleteFrom('room_members')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .where('role', '=', 'editor')
    .execute();
}

export async function isRoomMember(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('room_members')
    .select('user_id')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The investors who are members of a room, newest membership first, with when they joined (who they
 * are is accounts', through the RoomPeople port: members.service.ts).
 */
export async function listRoomInvestors(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
): Promise<{ userId: string; createdAt: Date }[]> {
  const rows = await db
    .selectFrom('room_members')
    .select(['user_id', 'created_at'])
    .where('room_id', '=', roomId)
    .where('role', '=', 'investor')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => fromRow(row));
}

export async function removeInvestorMember(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  userId: string,
): Promise<void> {
  await db
    .deleteFrom('room_members')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .where('role', '=', 'investor')
    .execute();
}

/**
 * Takes the room's row lock until the caller's transaction ends, so that changes of the room that read
 * before they write (its sections text, its count of documents, its NDA) run one after the other.
 * PostgreSQL: SELECT ... FOR UPDATE, a read, which drops no cache on any node (ADR 53). SQLite has no
 * SELECT ... FOR UPDATE (ADR 2), and needs none: its one server runs one transaction at a time on its
 * one connection (Kysely's SQLite driver holds it from BEGIN to COMMIT, as transaction-lock.ts relies
 * on too). The write that changed nothing which took the lock there until ADR 54 dropped every
 * answer read from data_rooms at each upload. Were another process to commit between this
 * transaction's read and its write, SQLite's WAL refuses the write (SQLITE_BUSY_SNAPSHOT) rather than
 * let it overwrite what it did not read.
 */
export async function lockRoomRow(
  trx: ModuleExecutor<'rooms'>,
  dialect: Dialect,
  roomId: string,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('data_rooms').select('id').where('id', '=', roomId).forUpdate().execute();
}

/** The room's saved sections text, or undefined while it shows the starter template. */
export async function findRoomSections(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
): Promise<RoomSections | undefined> {
  const row = await db
    .selectFrom('room_sections')
    .selectAll()
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Saves the room's sections text: the first save adds its row, every later one replaces it. */
export async function saveRoomSections(db: ModuleExecutor<'rooms'>, sections: RoomSections): Promise<void> {
  await db
    .insertInto('room_sections')
    .values(toRow<RoomSectionsRow>(sections))
    .onConflict((conflict) =>
      conflict.column('room_id').doUpdateSet((eb) => ({
        markdown: eb.ref('excluded.markdown'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

export async function updateDataRoom(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  changes: Partial<
    Pick<
      DataRoom,
      | 'companyName'
      | 'description'
      | 'stage'
      | 'foundedYear'
      | 'website'
      | 'isActive'
      | 'isDownloadAllowed'
      | 'isNdaRequired'
      | 'ndaVersionId'
      | 'isWatermarkEnabled'
    >
  >,
  at: Date,
): Promise<void> {
  await db
    .updateTable('data_rooms')
    .set(toRow<DataRoomRow>({ ...changes, updatedAt: at }))
    .where('id', '=', roomId)
    .execute();
}

/**
 * The room's name and its owner's id: who is told when an endpoint is turned off (their address is
 * accounts' to give, docs/decisions/0085-modules-own-their-tables.md).
 */
export async function findRoomOwner(db: ModuleExecutor<'rooms'>, roomId: string) {
  const row = await db
    .selectFrom('data_rooms')
    .select(['company_name', 'owner_id'])
    .where('id', '=', roomId)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}
