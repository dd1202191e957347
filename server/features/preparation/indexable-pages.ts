import fsp from 'node:fs/promises';
import { indexedPageOf, indexedTextOf, type PageText } from '#server/features/search/index';
import type { PreparedFile } from './preparation-limits';

/** The text of each page a preparation made, for the search index: read before the work directory goes. */
export async function indexablePagesOf(files: PreparedFile[]): Promise<PageText[]> {
  const pages: PageText[] = [];
  for (const file of files) {
    const indexed = indexedPageOf(file.name);
    if (indexed)
      pages.push({
        page: indexed.page,
        text: indexedTextOf(await fsp.readFile(file.path, 'utf8'), indexed.isTable),
      });
  }
  return pages;
}
