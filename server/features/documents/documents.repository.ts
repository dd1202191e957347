import { type Entity, fromRow, toRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import type { DocumentDownloadPolicy } from '#shared/contracts/documents';
import type { DocumentRow } from './documents.tables';

/** An uploaded file's record; `sizeBytes` is a bigint column, exact up to 2^53. */
export type StoredDocument = Entity<DocumentRow>;

export async function insertDocument(
  db: ModuleExecutor<'documents'>,
  document: StoredDocument,
): Promise<void> {
  await db.insertInto('documents').values(toRow<DocumentRow>(document)).execute();
}

/** Scoped by room: a document id alone never reaches a row of another room. */
export async function findDocumentInRoom(
  db: ModuleExecutor<'documents'>,
  roomId: string,
  documentId: string,
): Promise<StoredDocument | undefined> {
  const row = await db
    .selectFrom('documents')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('id', '=', documentId)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function listRoomDocuments(
  db: ModuleExecutor<'documents'>,
  roomId: string,
): Promise<StoredDocument[]> {
  const rows = await db
    .selectFrom('documents')
    .selectAll()
    .where('room_id', '=', roomId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => fromRow(row));
}

/**
 * Sets the document's own download rule (null: follow the room); the updated document, if it is in the
 * room. updated_at stays: it tells investors when the file changed, and the file has not.
 */
export async function updateDocumentDownloadPolicy(
  db: ModuleExecutor<'documents'>,
  roomId: string,
  documentId: string,
  policy: DocumentDownloadPolicy | null,
): Promise<StoredDocument | undefined> {
  const row = await db
    .updateTable('documents')
    .set({ download_policy: policy })
    .where('room_id', '=', roomId)
    .where('id', '=', documentId)
    .returningAll()
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/**
 * The document's file becomes this one (a version's: versions' makeVersionCurrent is the one caller, ADR
 * 69): its file columns and current_version, and updated_at says when. Inside the caller's transaction.
 */
export async function setDocumentFile(
  db: ModuleExecutor<'documents'>,
  document: StoredDocument,
  file: Pick<
    StoredDocument,
    'originalName' | 'fileType' | 'mimeType' | 'sizeBytes' | 'sha256' | 'storageKey' | 'uploadedBy'
  > & { number: number },
  now: Date,
): Promise<StoredDocument> {
  const row = await db
    .updateTable('documents')
    .set({
      original_name: file.originalName,
      file_type: file.fileType,
      mime_type: file.mimeType,
      size_bytes: file.sizeBytes,
      sha256: file.sha256,
      storage_key: file.storageKey,
      uploaded_by: file.uploadedBy,
      current_version: file.number,
      updated_at: now.getTime(),
    })
    .where('id', '=', document.id)
    .where('room_id', '=', document.roomId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromRow(row);
}

/** Renames the document, if it is in the room; updated_at stays (the file has not changed). */
export async function updateDocumentTitle(
  db: ModuleExecutor<'documents'>,
  roomId: string,
  documentId: string,
  title: string,
): Promise<StoredDocument | undefined> {
  const row = await db
    .updateTable('documents')
    .set({ title })
    .where('room_id', '=', roomId)
    .where('id', '=', documentId)
    .returningAll()
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function deleteDocumentRow(
  db: ModuleExecutor<'documents'>,
  roomId: string,
  documentId: string,
): Promise<void> {
  await db.deleteFrom('documents').where('room_id', '=', roomId).where('id', '=', documentId).execute();
}

export async function findDocumentById(
  db: ModuleExecutor<'documents'>,
  documentId: string,
): Promise<StoredDocument | undefined> {
  const row = await db.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Every stored file a document refers to, in any room: what the storage must keep. */
export async function allStorageKeys(db: ModuleExecutor<'documents'>): Promise<Set<string>> {
  const rows = await db.selectFrom('documents').select('storage_key').execute();
  return new Set(rows.map((row) => row.storage_key));
}

/**
 * The titles of these documents, by id, in the order of their titles as the database sorts them (its
 * collation): what another module shows beside its rows about a document, and sorts them by.
 */
export async function findDocumentTitles(
  db: ModuleExecutor<'documents'>,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'title'])
    .where('id', 'in', unique)
    .orderBy('title')
    .execute();
  return new Map(rows.map((row) => [row.id, row.title]));
}

/**
 * Which of these document ids belong to the room: what a sections save checks its links against (the
 * sections own their links, rooms' RoomUploads port asks here).
 */
export async function documentIdsInRoom(
  db: ModuleExecutor<'documents'>,
  roomId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('documents')
    .select('id')
    .where('room_id', '=', roomId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Each uploaded document of the room with its stored type (documents.file_type, which a version switch
 * rewrites), in id order: what readers' sections show as an upload's type, whatever its title says.
 */
export async function storedFileTypesInRoom(
  db: ModuleExecutor<'documents'>,
  roomId: string,
): Promise<{ id: string; fileType: string }[]> {
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'file_type'])
    .where('room_id', '=', roomId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, fileType: row.file_type }));
}
