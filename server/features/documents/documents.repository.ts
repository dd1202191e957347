import { type Executor, fromEpochMs, toEpochMs } from '../../db/columns';
import type { DocumentRow } from '../../db/schema';

export interface StoredDocument {
  id: string;
  roomId: string;
  title: string;
  originalName: string;
  fileType: string;
  mimeType: string;
  /** Bytes; a bigint column, exact up to 2^53. */
  sizeBytes: number;
  sha256: string;
  storageKey: string;
  uploadedBy: string;
  createdAt: Date;
  updatedAt: Date;
}

function toStoredDocument(row: DocumentRow): StoredDocument {
  return {
    id: row.id,
    roomId: row.room_id,
    title: row.title,
    originalName: row.original_name,
    fileType: row.file_type,
    mimeType: row.mime_type,
    sizeBytes: row.size_bytes,
    sha256: row.sha256,
    storageKey: row.storage_key,
    uploadedBy: row.uploaded_by,
    createdAt: fromEpochMs(row.created_at),
    updatedAt: fromEpochMs(row.updated_at),
  };
}

export async function insertDocument(db: Executor, document: StoredDocument): Promise<void> {
  await db
    .insertInto('documents')
    .values({
      id: document.id,
      room_id: document.roomId,
      title: document.title,
      original_name: document.originalName,
      file_type: document.fileType,
      mime_type: document.mimeType,
      size_bytes: document.sizeBytes,
      sha256: document.sha256,
      storage_key: document.storageKey,
      uploaded_by: document.uploadedBy,
      created_at: toEpochMs(document.createdAt),
      updated_at: toEpochMs(document.updatedAt),
    })
    .execute();
}

/** Scoped by room: a document id alone never reaches a row of another room. */
export async function findDocumentInRoom(
  db: Executor,
  roomId: string,
  documentId: string,
): Promise<StoredDocument | undefined> {
  const row = await db
    .selectFrom('documents')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('id', '=', documentId)
    .executeTakeFirst();
  return row ? toStoredDocument(row) : undefined;
}

/** Which of these document ids belong to the room. */
export async function documentIdsInRoom(db: Executor, roomId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('documents')
    .select('id')
    .where('room_id', '=', roomId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function listRoomDocuments(db: Executor, roomId: string): Promise<StoredDocument[]> {
  const rows = await db
    .selectFrom('documents')
    .selectAll()
    .where('room_id', '=', roomId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toStoredDocument);
}

export async function countRoomDocuments(db: Executor, roomId: string): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('room_id', '=', roomId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteDocumentRow(db: Executor, roomId: string, documentId: string): Promise<void> {
  await db.deleteFrom('documents').where('room_id', '=', roomId).where('id', '=', documentId).execute();
}

export async function findDocumentById(
  db: Executor,
  documentId: string,
): Promise<StoredDocument | undefined> {
  const row = await db.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirst();
  return row ? toStoredDocument(row) : undefined;
}

/** Every stored file a document refers to, in any room: what the storage must keep. */
export async function allStorageKeys(db: Executor): Promise<Set<string>> {
  const rows = await db.selectFrom('documents').select('storage_key').execute();
  return new Set(rows.map((row) => row.storage_key));
}
