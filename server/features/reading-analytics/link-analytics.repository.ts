import type { ModuleExecutor } from '#server/db/schema';

/** The room's views opened by a document link (docs/decisions/0095-document-links.md), oldest first. */
export async function listLinkViews(db: ModuleExecutor<'reading-analytics'>, roomId: string) {
  return db
    .selectFrom('reading_views')
    .select(['id', 'share_link_id', 'user_id', 'read_ms', 'document_version'])
    .where('room_id', '=', roomId)
    .where('share_link_id', 'is not', null)
    .orderBy('started_at')
    .execute();
}

/** Each of these views' pages, with the time read on each. */
export async function listPagesOfViews(db: ModuleExecutor<'reading-analytics'>, viewIds: readonly string[]) {
  if (viewIds.length === 0) return [];
  return db
    .selectFrom('reading_view_pages')
    .select(['view_id', 'page', 'read_ms'])
    .where('view_id', 'in', [...viewIds])
    .execute();
}
