import { href } from '#shared/routes';
import { PAGE_PARAMETER, SEARCH_PARAMETER } from '#web/features/viewer/paging';

/**
 * The viewer's address for a page of a room's document, with the search whose words it highlights there:
 * what a search result links to.
 */
export function documentPageHref(
  roomId: string,
  documentId: string,
  { page, q }: { page: number; q?: string },
): string {
  const query = new URLSearchParams({ [PAGE_PARAMETER]: String(page) });
  if (q?.trim()) query.set(SEARCH_PARAMETER, q.trim());
  return `${href('documentInRoom', { id: roomId, documentId })}?${query}`;
}
