import { sql } from 'kysely';
import type { ModuleExecutor } from '#server/db/schema';
import { DAY_MS } from '#server/durations';

/**
 * What reading analytics gives the engagement score's refresh job (docs/decisions/0089-engagement-score.md):
 * who was seen in a room since an instant, and for a batch of readers their time per page and the days
 * they opened or read each document. Scoped by the room; a batch of readers at a time
 * (docs/decisions/0085-modules-own-their-tables.md).
 */

/** The readers of the room whose last view opened or report sent is at or after `sinceMs`. */
export async function listReadersSeenSince(
  db: ModuleExecutor<'reading-analytics'>,
  roomId: string,
  sinceMs: number,
): Promise<{ userId: string; lastSeenAt: number }[]> {
  const rows = await db
    .selectFrom('reading_room_readers')
    .select(['user_id', 'last_seen_at'])
    .where('room_id', '=', roomId)
    .where('last_seen_at', '>=', sinceMs)
    .execute();
  return rows.map((row) => ({ userId: row.user_id, lastSeenAt: Number(row.last_seen_at) }));
}

/**
 * These readers' milliseconds on each page of each of the room's documents, over all their views and
 * the document's versions (page 3 of version 1 and of version 2 are one page here).
 */
export async function listReaderPagesInRoom(
  db: ModuleExecutor<'reading-analytics'>,
  roomId: string,
  userIds: readonly string[],
): Promise<{ userId: string; documentId: string; page: number; readMs: number }[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('reading_reader_pages as pages')
    .innerJoin('reading_document_readers as readers', (join) =>
      join
        .onRef('readers.document_id', '=', 'pages.document_id')
        .onRef('readers.user_id', '=', 'pages.user_id'),
    )
    .select((eb) => [
      'pages.user_id',
      'pages.document_id',
      'pages.page',
      eb.fn.sum<number | string>('pages.read_ms').as('read_ms'),
    ])
    .where('readers.room_id', '=', roomId)
    .where('pages.user_id', 'in', [...userIds])
    .groupBy(['pages.user_id', 'pages.document_id', 'pages.page'])
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    documentId: row.document_id,
    page: row.page,
    readMs: Number(row.read_ms),
  }));
}

/**
 * The days (since the epoch, UTC) on which these readers opened a view of each of the room's documents,
 * with the last instant of that day's views (their last report, or their opening).
 */
export async function listReadingDaysInRoom(
  db: ModuleExecutor<'reading-analytics'>,
  roomId: string,
  userIds: readonly string[],
): Promise<{ userId: string; documentId: string; day: number; lastAt: number }[]> {
  if (userIds.length === 0) return [];
  const day = sql<number | string>`reading_views.started_at / ${sql.lit(DAY_MS)}`;
  const rows = await db
    .selectFrom('reading_views')
    .select((eb) => [
      'user_id',
      'document_id',
      day.as('day'),
      eb.fn.max(eb.fn.coalesce('last_report_at', 'started_at')).as('last_at'),
    ])
    .where('room_id', '=', roomId)
    .where('user_id', 'in', [...userIds])
    .groupBy(['user_id', 'document_id', day])
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    documentId: row.document_id,
    day: Number(row.day),
    lastAt: Number(row.last_at),
  }));
}
