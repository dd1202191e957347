/**
 * The documents module's public file: uploads, downloads, titles, the access log, a room's document list,
 * and the rows of documents' previews (which the preparation module fills through preview-writes.service.ts
 * and the reading module serves). Other modules and app.ts import only this file
 * (docs/decisions/0063-room-content-as-four-modules.md, docs/decisions/0081-documents-split.md).
 */

export { listReaderIdsOfDocument, recordAccessEvent } from './access-events.repository';
export { previewsCache } from './documents.caches';
export { listInvestorEventsInWindow } from './documents.digests';
export {
  type AccessEventsScope,
  type AccessLogCursor,
  hasActivityInRoom,
  listAccessLogPage,
  listActiveUserIds,
  listPreparedPageCounts,
  listRoomDocumentsForExport,
  sumDownloadsAndClicks,
} from './documents.exports';
export {
  findDocumentById,
  findDocumentInRoom,
  findDocumentTitles,
  type StoredDocument,
  setDocumentFile,
} from './documents.repository';
export { documentsRoutes } from './documents.routes';
export {
  inviteeDownloads,
  listDocumentsOfRoom,
  previewStateOf,
  reconcileStoredFiles,
} from './documents.service';
export type { DownloadWatermarks } from './download-watermarks';
export { contentMatchesExtension, mimeTypeFor } from './file-signatures';
export {
  commitPreparedPreview,
  failPreview,
  findAwaitingPreview,
  type PreparationOutcome,
  restartPreview,
  writeVersionPreview,
} from './preview-writes.service';
export {
  type DocumentPreview,
  deletePreviewObjects,
  documentsWithoutPreview,
  findPreview,
  findPreviewObject,
  listPreviewObjects,
  listReadyPreviews,
  lockPreviewRow,
  type PreviewObject,
  pagesPreparedWithout,
} from './previews.repository';
export {
  enqueueVersionPreparation,
  isReadyWithoutPreparation,
  PREPARE_DOCUMENT_JOB,
  PREPARE_SMALL_DOCUMENT_JOB,
  type PrepareDocumentPayload,
  preparationKindOf,
  prepareDocumentPayloadSchema,
  previewKindOf,
  startDocumentPreview,
} from './previews.service';
export {
  type DownloadableDocument,
  findDownloadableDocument,
  findReadableDocument,
  findReadableLastPage,
  type ReadableDocument,
  recordAccess,
} from './readable-documents.service';
export { roomDocumentsRoutes } from './room-documents.routes';
export {
  findDocumentPreview,
  findDocumentPreviews,
  findRoomDocument,
  listAccessOfUser,
  listRecentAccess,
  listUploadedDocuments,
} from './room-documents.service';
export { uploadsOfRooms } from './room-uploads';
export { MULTIPART_SHAPE } from './upload-errors';
export { acceptUploads, refuseCrossSiteDownload, uploadPartsOf } from './upload-requests';
export {
  type CheckedUpload,
  checkedUpload,
  cleanFileName,
  receivedUpload,
  storeUploads,
  UPLOADS_PER_ROOM,
  type UploadPart,
  type UploadToStore,
  uploadLimitReached,
} from './uploads.service';
export type { VersionFiles } from './version-files';
