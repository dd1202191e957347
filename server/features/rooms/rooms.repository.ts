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
