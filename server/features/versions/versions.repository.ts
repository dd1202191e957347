import { type Entity, fromRow, toRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import type { StoredDocument } from '#server/features/documents/index';
import type { DocumentVersionRow, DocumentVersionStatus } from './versions.tables';

/** One file a document has had (docs/decisions/0069-document-versions.md). */
export type StoredVersion = Entity<DocumentVersionRow>;

/** A new document's file as its version 1, current from the start. */
export function firstVersionOf(document: StoredDocument): StoredVersion {
  return {
    documentId: document.id,
    number: 1,
    roomId: document.roomId,
    originalName: document.originalName,
    fileType: document.fileType,
    mimeType: document.mimeType,
    sizeBytes: document.sizeBytes,
    sha256: document.sha256,
    storageKey: document.storageKey,
    uploadedBy: document.uploadedBy,
    createdAt: document.createdAt,
    status: 'current',
    isReadersNotified: false,
    pageCount: null,
  };
}

export async function insertVersion(db: ModuleExecutor<'versions'>, version: StoredVersion): Promise<void> {
  await db.insertInto('document_versions').values(toRow<DocumentVersionRow>(version)).execute();
}

/** Scoped by room: a document id alone never reaches another room's versions. */
export async function findVersion(
  db: ModuleExecutor<'versions'>,
  roomId: string,
  documentId: string,
  number: number,
): Promise<StoredVersion | undefined> {
  const row = await db
    .selectFrom('document_versions')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('document_id', '=', documentId)
    .where('number', '=', number)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** A document's versions, newest first. */
export async function listVersions(
  db: ModuleExecutor<'versions'>,
  roomId: string,
  documentId: string,
): Promise<StoredVersion[]> {
  const rows = await db
    .selectFrom('document_versions')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('document_id', '=', documentId)
    .orderBy('number', 'desc')
    .execute();
  return rows.map((row) => fromRow(row));
}

/** The number the document's next version gets: one more than any it has had that is still kept. */
export async function nextVersionNumber(db: ModuleExecutor<'versions'>, documentId: string): Promise<number> {
  const row = await db
    .selectFrom('document_versions')
    .select((eb) => eb.fn.max<number | null>('number').as('highest'))
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return Number(row?.highest ?? 0) + 1;
}

export async function setVersionStatus(
  db: ModuleExecutor<'versions'>,
  documentId: string,
  number: number,
  status: DocumentVersionStatus,
): Promise<void> {
  await db
    .updateTable('document_versions')
    .set({ status })
    .where('document_id', '=', documentId)
    .where('number', '=', number)
    .execute();
}

/** Records the pages a founder reads of a version (docs/decisions/0077-reading-analytics-by-version.md). */
export async function setVersionPageCount(
  db: ModuleExecutor<'versions'>,
  documentId: string,
  number: number,
  pageCount: number | null,
): Promise<void> {
  await db
    .updateTable('document_versions')
    .set({ page_count: pageCount })
    .where('document_id', '=', documentId)
    .where('number', '=', number)
    .execute();
}

/** Every other version that is current becomes earlier (the one current version of a document). */
export async function demoteOtherVersions(
  db: ModuleExecutor<'versions'>,
  documentId: string,
  number: number,
): Promise<void> {
  await db
    .updateTable('document_versions')
    .set({ status: 'earlier' })
    .where('document_id', '=', documentId)
    .where('number', '!=', number)
    .where('status', '=', 'current')
    .execute();
}

export async function deleteVersionRow(
  db: ModuleExecutor<'versions'>,
  documentId: string,
  number: number,
): Promise<void> {
  await db
    .deleteFrom('document_versions')
    .where('document_id', '=', documentId)
    .where('number', '=', number)
    .execute();
}

/** Every stored file of any version of any document: what the storage must keep. */
/** How many versions, of all the room's documents, the room stores. */
export async function countRoomVersions(db: ModuleExecutor<'versions'>, roomId: string): Promise<number> {
  const row = await db
    .selectFrom('document_versions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('room_id', '=', roomId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function allVersionStorageKeys(db: ModuleExecutor<'versions'>): Promise<string[]> {
  const rows = await db.selectFrom('document_versions').select('storage_key').execute();
  return rows.map((row) => row.storage_key);
}

/** The files of all of a document's versions, for its delete. */
export async function versionStorageKeysOf(
  db: ModuleExecutor<'versions'>,
  documentId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('document_versions')
    .select('storage_key')
    .where('document_id', '=', documentId)
    .execute();
  return rows.map((row) => row.storage_key);
}
