import { sql } from 'kysely';
import type { Dialect } from '#server/db/database';
import { jsonRows } from '#server/db/json-rows';
import type { ModuleExecutor } from '#server/db/schema';
import type { EngagementBand } from '#shared/contracts/engagement';
import type { ReaderTrace } from './engagement-trace';

/** The queries of the engagement module's own tables (engagement.tables.ts), each scoped by room. */

type Db = ModuleExecutor<'engagement'>;

/** One day of a reader's course: [day, points before recency x 100, last seen (ms) or 0]. */
export type CourseEntry = [day: number, centipoints: number, lastSeenAt: number];

export interface StoredReader {
  userId: string;
  trace: ReaderTrace;
  course: CourseEntry[];
  refreshedAt: number;
  notified: { score: number; band: EngagementBand; at: number } | null;
}

export async function listKeyDocumentIds(db: Db, roomId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('engagement_key_documents')
    .select('document_id')
    .where('room_id', '=', roomId)
    .orderBy('marked_at')
    .execute();
  return rows.map((row) => row.document_id);
}

export async function markKeyDocument(
  db: Db,
  key: { roomId: string; documentId: string; markedBy: string; at: Date },
): Promise<void> {
  await db
    .insertInto('engagement_key_documents')
    .values({
      document_id: key.documentId,
      room_id: key.roomId,
      marked_by: key.markedBy,
      marked_at: key.at.getTime(),
    })
    .onConflict((conflict) => conflict.column('document_id').doNothing())
    .execute();
}

export async function unmarkKeyDocument(db: Db, roomId: string, documentId: string): Promise<void> {
  await db
    .deleteFrom('engagement_key_documents')
    .where('room_id', '=', roomId)
    .where('document_id', '=', documentId)
    .execute();
}

function storedReaderOf(row: {
  user_id: string;
  trace: string;
  course: string;
  refreshed_at: number | string;
  notified_score: number | null;
  notified_band: string | null;
  notified_at: number | string | null;
}): StoredReader {
  return {
    userId: row.user_id,
    trace: JSON.parse(row.trace) as ReaderTrace,
    course: JSON.parse(row.course) as CourseEntry[],
    refreshedAt: Number(row.refreshed_at),
    notified:
      row.notified_score === null || row.notified_at === null
        ? null
        : {
            score: row.notified_score,
            band: (row.notified_band ?? 'cold') as EngagementBand,
            at: Number(row.notified_at),
          },
  };
}

const readerColumns = [
  'user_id',
  'trace',
  'course',
  'refreshed_at',
  'notified_score',
  'notified_band',
  'notified_at',
] as const;

/** Every reader of the room the refresh job has read. */
export async function listStoredReaders(db: Db, roomId: string): Promise<StoredReader[]> {
  const rows = await db
    .selectFrom('engagement_readers')
    .select(readerColumns)
    .where('room_id', '=', roomId)
    .execute();
  return rows.map(storedReaderOf);
}

export async function findStoredReader(
  db: Db,
  roomId: string,
  userId: string,
): Promise<StoredReader | undefined> {
  const row = await db
    .selectFrom('engagement_readers')
    .select(readerColumns)
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && storedReaderOf(row);
}

/** Writes these readers' traces and courses in one statement; what was last notified is kept. */
export async function saveReaders(
  db: Db,
  dialect: Dialect,
  roomId: string,
  readers: readonly { userId: string; trace: ReaderTrace; course: CourseEntry[] }[],
  at: Date,
): Promise<void> {
  if (readers.length === 0) return;
  const rows = readers
    .map((reader) => ({
      room_id: roomId,
      user_id: reader.userId,
      trace: JSON.stringify(reader.trace),
      course: JSON.stringify(reader.course),
      refreshed_at: at.getTime(),
    }))
    // The primary key's order: two jobs writing one room lock its rows in one order.
    .sort((a, b) => (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0));
  await sql`
    insert into engagement_readers (room_id, user_id, trace, course, refreshed_at)
    ${jsonRows(dialect, rows, { room_id: 'text', user_id: 'text', trace: 'text', course: 'text', refreshed_at: 'bigint' })}
    on conflict (room_id, user_id) do update set
      trace = excluded.trace,
      course = excluded.course,
      refreshed_at = excluded.refreshed_at`.execute(db);
}

/**
 * Records what `investor.engagement_changed` told of a reader, only if nothing was told since the state
 * the caller read (`previousAt`): of two jobs deciding at once, one tells. Returns whether this one did.
 */
export async function recordNotified(
  db: Db,
  roomId: string,
  userId: string,
  previousAt: number | null,
  notified: { score: number; band: EngagementBand; at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('engagement_readers')
    .set({ notified_score: notified.score, notified_band: notified.band, notified_at: notified.at.getTime() })
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .where((eb) => (previousAt === null ? eb('notified_at', 'is', null) : eb('notified_at', '=', previousAt)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findRoomState(
  db: Db,
  roomId: string,
): Promise<{ refreshedAt: number; followUntilAt: number } | undefined> {
  const row = await db
    .selectFrom('engagement_rooms')
    .select(['refreshed_at', 'follow_until_at'])
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  return row && { refreshedAt: Number(row.refreshed_at), followUntilAt: Number(row.follow_until_at) };
}

export async function saveRoomState(
  db: Db,
  roomId: string,
  state: { refreshedAt: number; followUntilAt: number; lastRunMs: number },
): Promise<void> {
  const values = {
    refreshed_at: state.refreshedAt,
    follow_until_at: state.followUntilAt,
    last_run_ms: Math.round(state.lastRunMs),
  };
  await db
    .insertInto('engagement_rooms')
    .values({ room_id: roomId, ...values })
    .onConflict((conflict) => conflict.column('room_id').doUpdateSet(values))
    .execute();
}

/** Moves the room's follow-until on (never back), so the refresh job keeps following it. */
export async function followRoomUntil(db: Db, roomId: string, until: number): Promise<void> {
  await db
    .insertInto('engagement_rooms')
    .values({ room_id: roomId, refreshed_at: 0, follow_until_at: until, last_run_ms: 0 })
    .onConflict((conflict) =>
      conflict
        .column('room_id')
        .doUpdateSet({ follow_until_at: until })
        .where('engagement_rooms.follow_until_at', '<', until),
    )
    .execute();
}
