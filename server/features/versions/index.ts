/**
 * The versions module's public file (docs/decisions/0069-document-versions.md): a document's files as
 * versions, "Replace file", restore, the history its founder reads, the mails to earlier readers, and
 * the end of a new version's preparation. Other modules and app.ts import only this file
 * (docs/decisions/0081-documents-split.md).
 */

export { documentVersionFiles } from './document-version-files';
export { newVersionMailJob } from './version-mails';
export type { VersionReaders } from './version-readers';
export { versionsRoutes } from './versions.routes';
export {
  commitVersionPreparation,
  findPreparingVersion,
  listVersionPages,
  readablePageCountOf,
  type VersionPreparation,
} from './versions.service';
