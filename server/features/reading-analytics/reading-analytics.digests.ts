import type { ModuleExecutor } from '#server/db/schema';

/**
 * Reading time of the views opened in the window, per reader and document (ADR 41's views): what a
 * founder's digest tells of each view (docs/decisions/0044-founder-notifications.md).
 */
export async function listReadingInWindow(
  db: ModuleExecutor<'reading-analytics'>,
  roomId: string,
  start: Date,
  end: Date,
) {
  const rows = await db
    .selectFrom('reading_views')
    .select((eb) => [
      'user_id',
      'document_id',
      eb.fn.sum<number | string>('read_ms').as('read_ms'),
      eb.fn.countAll<number | string>().as('view_count'),
    ])
    .where('room_id', '=', roomId)
    .where('started_at', '>=', start.getTime())
    .where('started_at', '<', end.getTime())
    .groupBy(['user_id', 'document_id'])
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    documentId: row.document_id,
    readMs: Number(row.read_ms),
    viewCount: Number(row.view_count),
  }));
}
