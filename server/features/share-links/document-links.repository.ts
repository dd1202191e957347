import { type Entity, fromRow, toEpochMs, toRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import type { DocumentLinksTable } from './share-links.tables';

/** A document link's own part, as stored (docs/decisions/0095-document-links.md). */
export type StoredDocumentLink = Entity<DocumentLinksTable>;

export async function insertDocumentLink(
  db: ModuleExecutor<'share-links'>,
  link: StoredDocumentLink,
): Promise<void> {
  await db.insertInto('document_links').values(toRow<DocumentLinksTable>(link)).execute();
}

export async function listDocumentLinks(
  db: ModuleExecutor<'share-links'>,
  roomId: string,
): Promise<StoredDocumentLink[]> {
  const rows = await db.selectFrom('document_links').selectAll().where('room_id', '=', roomId).execute();
  return rows.map((row) => fromRow(row));
}

export async function findDocumentLink(db: ModuleExecutor<'share-links'>, shareLinkId: string) {
  const row = await db
    .selectFrom('document_links')
    .selectAll()
    .where('share_link_id', '=', shareLinkId)
    .executeTakeFirst();
  return row && fromRow(row);
}

export async function updateDocumentLink(
  db: ModuleExecutor<'share-links'>,
  shareLinkId: string,
  changes: Partial<Omit<DocumentLinksTable, 'share_link_id' | 'room_id' | 'document_id'>>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('document_links').set(changes).where('share_link_id', '=', shareLinkId).execute();
}

/**
 * What a document link's session may read now: the link's document while the link is on and not past its
 * end, or undefined. Asked on every request of such a session (one indexed join), so turning the link
 * off or its end stops its readers at once.
 */
export async function findOpenDocumentGrant(
  db: ModuleExecutor<'share-links'>,
  shareLinkId: string,
  now: Date,
) {
  return db
    .selectFrom('document_links')
    .innerJoin('share_links', 'share_links.id', 'document_links.share_link_id')
    .select([
      'document_links.document_id',
      'document_links.version_number',
      'document_links.is_download_allowed',
      'document_links.is_watermarked',
      'share_links.expires_at',
    ])
    .where('document_links.share_link_id', '=', shareLinkId)
    .where('share_links.disabled_at', 'is', null)
    .where((eb) =>
      eb.or([eb('share_links.expires_at', 'is', null), eb('share_links.expires_at', '>', toEpochMs(now))]),
    )
    .executeTakeFirst();
}

/** The link's first reader (whose link it is): every later address is a forward from it. */
export async function findFirstReader(db: ModuleExecutor<'share-links'>, shareLinkId: string) {
  const row = await db
    .selectFrom('share_link_readers')
    .selectAll()
    .where('share_link_id', '=', shareLinkId)
    .where('forwarded_from', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  return row && fromRow(row);
}
