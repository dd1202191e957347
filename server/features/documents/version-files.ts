import type { DatabaseExecutor } from '#server/db/schema';
import type { StoredDocument } from './documents.repository';

/**
 * What the documents module needs of its documents' versions (docs/decisions/0069-document-versions.md):
 * a document's files are its versions', whose rows the versions module keeps. That module implements this
 * and app.ts wires it in, as it does DownloadWatermarks, so that documents never import versions
 * (docs/decisions/0081-documents-split.md).
 */
export interface VersionFiles {
  /** Inside the upload's transaction: the new document's file as its version 1, current from the start. */
  recordFirstVersion(trx: DatabaseExecutor, document: StoredDocument): Promise<void>;
  /** The files of all of a document's versions, for its delete. */
  storageKeysOf(trx: DatabaseExecutor, documentId: string): Promise<string[]>;
  /**
   * How many files the room stores: every version of every document, each one upload against the plan's
   * UPLOADS_PER_ROOM (a new version, or a restored copy, stores a file as an upload does).
   */
  countRoomFiles(db: DatabaseExecutor, roomId: string): Promise<number>;
  /** Every stored file of any version of any document: what the storage must keep. */
  allStorageKeys(db: DatabaseExecutor): Promise<string[]>;
}
