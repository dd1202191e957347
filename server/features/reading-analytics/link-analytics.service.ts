import type { AppContext } from '#server/app-context';
import { findUsersByIds } from '#server/features/accounts/index';
import { listPreparedPageCounts } from '#server/features/documents/index';
import { type RoomUser, requireManagedRoom } from '#server/features/rooms/index';
import { roomDocumentLinks } from '#server/features/share-links/index';
import type { LinkAnalytics } from '#shared/contracts/reading';
import { listLinkViews, listPagesOfViews } from './link-analytics.repository';

/**
 * "Links" in Analytics (docs/decisions/0095-document-links.md): each document link of the room beside the
 * others, from the views its readers opened by it (reading_views.share_link_id), and each verified reader
 * of it with their time per page. Owner and co-founders only.
 */

type View = Awaited<ReturnType<typeof listLinkViews>>[number];

interface ReaderTotals {
  visits: number;
  readMs: number;
  versions: Set<number>;
  pages: Map<number, number>;
}

function totalsByReader(views: View[], pagesOf: Map<string, { page: number; readMs: number }[]>) {
  const readers = new Map<string, ReaderTotals>();
  for (const view of views) {
    const reader = readers.get(view.user_id) ?? {
      visits: 0,
      readMs: 0,
      versions: new Set(),
      pages: new Map(),
    };
    reader.visits += 1;
    reader.readMs += view.read_ms;
    reader.versions.add(view.document_version ?? 1);
    for (const { page, readMs } of pagesOf.get(view.id) ?? [])
      reader.pages.set(page, (reader.pages.get(page) ?? 0) + readMs);
    readers.set(view.user_id, reader);
  }
  return readers;
}

const lastPageOf = (reader: ReaderTotals) =>
  reader.pages.size === 0 ? null : Math.max(...reader.pages.keys());

/** The furthest page most readers reached (the lower one on a tie: where more readers had stopped by). */
function stopPageOf(readers: ReaderTotals[]): number | null {
  const counts = new Map<number, number>();
  for (const reader of readers) {
    const last = lastPageOf(reader);
    if (last !== null) counts.set(last, (counts.get(last) ?? 0) + 1);
  }
  let best: [number, number] | null = null;
  for (const [page, count] of counts)
    if (!best || count > best[1] || (count === best[1] && page < best[0])) best = [page, count];
  return best?.[0] ?? null;
}

export async function linkAnalytics(ctx: AppContext, founder: RoomUser): Promise<LinkAnalytics> {
  const room = await requireManagedRoom(ctx, founder);
  const [links, views, pageCounts] = await Promise.all([
    roomDocumentLinks(ctx, room.id),
    listLinkViews(ctx.db, room.id),
    listPreparedPageCounts(ctx.db, room.id),
  ]);
  const pagesOf = new Map<string, { page: number; readMs: number }[]>();
  for (const row of await listPagesOfViews(
    ctx.db,
    views.map((view) => view.id),
  ))
    pagesOf.set(row.view_id, [...(pagesOf.get(row.view_id) ?? []), { page: row.page, readMs: row.read_ms }]);
  const pageCountOf = new Map(
    pageCounts.map((row) => [row.document_id, row.kind === 'pages' ? row.page_count : 1]),
  );
  const users = await findUsersByIds(
    ctx.db,
    views.map((view) => view.user_id),
  );
  return {
    links: links.map((link) => {
      const document = link.document;
      const documentId = document?.documentId ?? '';
      const own = views.filter((view) => view.share_link_id === link.id);
      const readers = totalsByReader(own, pagesOf);
      const pageCount = pageCountOf.get(documentId) ?? null;
      const reached = own.map((view) => Math.max(0, ...(pagesOf.get(view.id) ?? []).map((p) => p.page)));
      const completion =
        pageCount && own.length > 0
          ? reached.reduce((sum, page) => sum + Math.min(1, page / pageCount), 0) / own.length
          : null;
      const forwardedFromOf = new Map(link.readers.map((reader) => [reader.email, reader.forwardedFrom]));
      return {
        id: link.id,
        name: link.name,
        documentId,
        documentTitle: document?.title ?? '',
        state: link.state,
        visits: own.length,
        readers: readers.size,
        readMs: own.reduce((sum, view) => sum + view.read_ms, 0),
        completion,
        stopPage: stopPageOf([...readers.values()]),
        pageCount,
        readerRows: [...readers].map(([userId, reader]) => {
          const email = users.get(userId)?.email ?? '';
          return {
            email,
            forwardedFrom: forwardedFromOf.get(email) ?? null,
            visits: reader.visits,
            readMs: reader.readMs,
            lastPage: lastPageOf(reader),
            versions: [...reader.versions].sort((a, b) => a - b),
            pages: [...reader.pages].sort(([a], [b]) => a - b).map(([page, readMs]) => ({ page, readMs })),
          };
        }),
      };
    }),
  };
}
