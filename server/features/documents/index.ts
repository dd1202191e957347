/**
 * The documents module's public file: uploads, downloads, the access log and the rows of documents'
 * previews (which the preparation module writes and the reading module serves). Other modules and app.ts
 * import only this file (docs/decisions/0063-room-content-as-four-modules.md).
 */

export { recordAccessEvent } from './access-events.repository';
export { previewsCache } from './documents.caches';
export { findDocumentById, findDocumentInRoom, type StoredDocument } from './documents.repository';
export { documentsRoutes } from './documents.routes';
export {
  type DownloadableDocument,
  findDownloadableDocument,
  findReadableDocument,
  findReadableLastPage,
  listDocumentsOfRoom,
  previewStateOf,
  type ReadableDocument,
  reconcileStoredFiles,
  recordAccess,
  UPLOADS_PER_ROOM,
} from './documents.service';
export type { DownloadWatermarks, WatermarkedCopy } from './download-watermarks';
export {
  type DocumentPreview,
  deletePreviewObjects,
  documentsWithoutPreview,
  findPreview,
  findPreviewObject,
  insertPreviewObjects,
  listPreviewObjects,
  lockPreviewRow,
  type PreviewObject,
  pagesPreparedWithout,
  updatePreview,
} from './previews.repository';
export {
  isReadyWithoutPreparation,
  PREPARE_DOCUMENT_JOB,
  PREPARE_SMALL_DOCUMENT_JOB,
  type PrepareDocumentPayload,
  preparationKindOf,
  prepareDocumentPayloadSchema,
  previewKindOf,
  startDocumentPreview,
} from './previews.service';
export { roomDocumentsRoutes } from './room-documents.routes';
export {
  findDocumentPreview,
  findDocumentPreviews,
  findRoomDocument,
  listAccessOfUser,
  listRecentAccess,
  listUploadedDocuments,
} from './room-documents.service';
export { newVersionMailJob } from './version-mails';
export {
  commitVersionPreparation,
  findPreparingVersion,
  listVersionPages,
  readablePageCountOf,
  type VersionPages,
  type VersionPreparation,
} from './versions.service';
