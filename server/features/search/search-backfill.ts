import { text } from 'node:stream/consumers';
import type { AppContext } from '#server/app-context';
import { findPreview, listPreviewObjects, listReadyPreviews } from '#server/features/documents/index';
import { indexedPageOf, indexedTextOf } from './indexable-objects';
import { listIndexedVersions, type PageText, replaceDocumentPages } from './search-index.repository';

/**
 * At start: every document whose ready preview the index does not hold (prepared before search existed,
 * or before a restore) is indexed from its stored page texts, one document per transaction, only while
 * its preview still shows that version (a preparation finishing meanwhile indexed the newer one itself).
 * A scan prepared before OCR has no text until it is prepared again (its Retry).
 */
export async function indexPagesAtStart(ctx: Pick<AppContext, 'db' | 'storage' | 'log'>): Promise<void> {
  const ready = await listReadyPreviews(ctx.db);
  const indexed = await listIndexedVersions(ctx.db);
  const missing = ready.filter((preview) => indexed.get(preview.documentId) !== preview.versionNumber);
  for (const preview of missing) {
    const pages: PageText[] = [];
    for (const object of await listPreviewObjects(ctx.db, preview.documentId)) {
      const indexed = indexedPageOf(object.name);
      if (indexed)
        pages.push({
          page: indexed.page,
          text: indexedTextOf(await text(ctx.storage.read(object.storageKey)), indexed.isTable),
        });
    }
    await ctx.db.transaction().execute(async (trx) => {
      const current = await findPreview(trx, preview.documentId);
      if (current?.status !== 'ready' || current.versionNumber !== preview.versionNumber) return;
      await replaceDocumentPages(trx, preview, pages, new Date());
    });
  }
  if (missing.length > 0)
    ctx.log.info({ count: missing.length }, 'indexed the pages of documents prepared before search');
}
