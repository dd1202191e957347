import type { AppContext } from '#server/app-context';
import type { Dialect } from '#server/db/database';
import type { DatabaseExecutor } from '#server/db/schema';
import { findUsersByIds } from '#server/features/accounts/index';
import {
  type CheckedUpload,
  checkedUpload,
  cleanFileName,
  type DocumentPreview,
  deletePreviewObjects,
  enqueueVersionPreparation,
  findDocumentById,
  findDocumentInRoom,
  findPreview,
  isReadyWithoutPreparation,
  lockPreviewRow,
  mimeTypeFor,
  type PreparationOutcome,
  type PreviewObject,
  previewKindOf,
  receivedUpload,
  type StoredDocument,
  setDocumentFile,
  startDocumentPreview,
  UPLOADS_PER_ROOM,
  type UploadPart,
  uploadLimitReached,
  writeVersionPreview,
} from '#server/features/documents/index';
import { type DataRoom, lockRoomRow, type RoomUser, requireManagedRoom } from '#server/features/rooms/index';
import { HttpError } from '#server/plugins/errors';
import { removeObjects } from '#server/storage/remove-objects';
import { emitWebhookEvent } from '#server/webhooks/webhook-events';
import {
  type DocumentVersion,
  type DocumentVersions,
  replaceFileFieldsSchema,
} from '#shared/contracts/documents';
import { extensionOf, fileTypeFromName } from '#shared/file-types';
import { isAllowedUploadExtension } from '#shared/uploads';
import { enqueueNewVersionMails } from './version-mails';
import type { VersionReaders } from './version-readers';
import {
  countRoomVersions,
  deleteVersionRow,
  demoteOtherVersions,
  findVersion,
  insertVersion,
  listVersions,
  nextVersionNumber,
  type StoredVersion,
  setVersionPageCount,
  setVersionStatus,
} from './versions.repository';

/**
 * Documents with versions (docs/decisions/0069-document-versions.md): a document's id, title, place,
 * links, settings and analytics stay; its files are versions. Readers get the current version only, and
 * every route here is for the room's managers (requireManagedRoom): investors never reach an earlier one.
 */

function notFound(): HttpError {
  return new HttpError(404, 'not_found', 'That document does not exist.');
}

function versionNotFound(): HttpError {
  return new HttpError(404, 'not_found', 'That version does not exist.');
}

/** A new version stores a file, so it is one of the room's uploads (docs/decisions/0096-versions-count-as-uploads.md). */
async function requireUploadSlot(db: DatabaseExecutor, roomId: string): Promise<void> {
  if ((await countRoomVersions(db, roomId)) >= UPLOADS_PER_ROOM) throw uploadLimitReached();
}

/** "Replace file": a new version, through the upload's own reading and checks of the file. */
export async function replaceDocumentFile(
  ctx: AppContext,
  readers: VersionReaders,
  founder: RoomUser,
  documentId: string,
  parts: AsyncIterable<UploadPart>,
): Promise<{ version: DocumentVersion; history: DocumentVersions }> {
  const room = await requireManagedRoom(ctx, founder);
  // Refused before a byte is stored: another room's document, or none, is a 404 as everywhere.
  if (!(await findDocumentInRoom(ctx.db, room.id, documentId))) throw notFound();
  // Refuses early, before a byte is stored; counted again where it is decided, in storeNewVersion.
  await requireUploadSlot(ctx.db, room.id);
  const checked = await checkedUpload(await receivedUpload(ctx, parts), replaceFileFieldsSchema);
  return storeNewVersion(ctx, readers, room, founder, documentId, {
    ...checked,
    notifyReaders: checked.fields.notifyReaders === 'true',
  });
}

/**
 * Restore: an earlier version becomes current again as a new version, a copy of its file (ADR 69), so the
 * history only grows and each reader's time stays with the version they read.
 */
export async function restoreVersion(
  ctx: AppContext,
  readers: VersionReaders,
  founder: RoomUser,
  documentId: string,
  number: number,
): Promise<{ version: DocumentVersion; history: DocumentVersions }> {
  const room = await requireManagedRoom(ctx, founder);
  if (!(await findDocumentInRoom(ctx.db, room.id, documentId))) throw notFound();
  const version = await findVersion(ctx.db, room.id, documentId, number);
  if (!version) throw versionNotFound();
  if (version.status === 'current')
    throw new HttpError(409, 'already_current', `Version ${number} is already the one readers get.`);
  await requireUploadSlot(ctx.db, room.id);
  const extension = extensionOf(version.originalName);
  if (!isAllowedUploadExtension(extension)) throw new Error('unreachable: stored versions were checked');
  // The copy of a file once accepted: it is the size it was, whatever the upload limit is today.
  const pending = await ctx.storage.write(ctx.storage.read(version.storageKey), {
    maxBytes: version.sizeBytes,
  });
  return storeNewVersion(ctx, readers, room, founder, documentId, {
    pending,
    fileName: version.originalName,
    extension,
    notifyReaders: false,
  });
}

/**
 * Commits the new file and its version row: a file with nothing to prepare (video, archives) is current
 * at once; any other is prepared first, readers keep the current version until then (ADR 69).
 */
async function storeNewVersion(
  ctx: AppContext,
  readers: VersionReaders,
  room: DataRoom,
  founder: RoomUser,
  documentId: string,
  upload: Pick<CheckedUpload<unknown>, 'pending' | 'fileName' | 'extension'> & { notifyReaders: boolean },
): Promise<{ version: DocumentVersion; history: DocumentVersions }> {
  const key = await upload.pending.commit();
  const now = new Date();
  const fileName = cleanFileName(upload.fileName) || `upload.${upload.extension}`;
  let removed: string[] = [];
  let number: number;
  try {
    ({ number, removed } = await ctx.db.transaction().execute(async (trx) => {
      // The room's lock first, as an upload takes it: versions at once into the last free slot count one by one.
      await lockRoomRow(trx, ctx.config.database.dialect, room.id);
      const document = await findDocumentInRoom(trx, room.id, documentId);
      if (!document) throw notFound();
      await requireUploadSlot(trx, room.id);
      await lockPreviewRow(trx, ctx.config.database.dialect, documentId);
      const version: StoredVersion = {
        documentId,
        number: await nextVersionNumber(trx, documentId),
        roomId: room.id,
        originalName: fileName,
        fileType: fileTypeFromName(fileName),
        mimeType: mimeTypeFor(upload.extension),
        sizeBytes: upload.pending.size,
        sha256: upload.pending.sha256,
        storageKey: key,
        uploadedBy: founder.id,
        createdAt: now,
        status: 'preparing',
        isReadersNotified: upload.notifyReaders,
        pageCount: null,
      };
      await insertVersion(trx, version);
      if (isReadyWithoutPreparation(previewKindOf(upload.extension))) {
        const keys = await switchToVersion(trx, document, version, now);
        await startDocumentPreview(
          trx,
          {
            ...document,
            originalName: fileName,
            currentVersion: version.number,
            sizeBytes: version.sizeBytes,
          },
          now,
          ctx.config.previews.smallFileBytes,
        );
        return { number: version.number, removed: keys };
      }
      const preview = await findPreview(trx, documentId);
      await enqueueVersionPreparation(
        trx,
        version,
        preview?.generation ?? 0,
        ctx.config.previews.smallFileBytes,
      );
      return { number: version.number, removed: [] as string[] };
    }));
  } catch (error) {
    await ctx.storage.remove(key);
    throw error;
  }
  ctx.jobs.wake();
  await removeObjects(ctx, removed);
  const history = await versionHistory(ctx, readers, room, documentId);
  const version = history.versions.find((candidate) => candidate.number === number);
  if (!version) throw new Error('unreachable: the version was just stored');
  return { version, history };
}

/**
 * The one function that changes which version a document's readers get (ADR 69): the documents row's
 * file columns become the version's, its updated_at says when ("Updated <date>"), the version is marked
 * current and every other one earlier. Inside the caller's transaction: the row is documents' to write
 * (setDocumentFile), the versions' rows this module's (docs/decisions/0085-modules-own-their-tables.md).
 */
async function makeVersionCurrent(
  trx: DatabaseExecutor,
  document: StoredDocument,
  version: StoredVersion,
  now: Date,
): Promise<StoredDocument> {
  const current = await setDocumentFile(trx, document, version, now);
  await setVersionStatus(trx, document.id, version.number, 'current');
  await demoteOtherVersions(trx, document.id, version.number);
  return current;
}

/**
 * The document's readers get this version from now on (makeVersionCurrent), its earlier readers are
 * told when the founder asked for it, webhooks hear `document.updated`, and the previous preview's objects are returned for removal after
 * the commit. The caller holds the preview's row lock and writes
 * the new preview.
 */
async function switchToVersion(
  trx: DatabaseExecutor,
  document: StoredDocument,
  version: StoredVersion,
  now: Date,
): Promise<string[]> {
  // The outgoing version's page count is kept from its preview, which is about to be replaced: its
  // analytics are read against it from then on (ADR 77).
  const outgoing = await findPreview(trx, document.id);
  if (outgoing?.versionNumber === document.currentVersion && outgoing.status === 'ready')
    await setVersionPageCount(trx, document.id, document.currentVersion, readablePageCountOf(outgoing));
  const removed = await deletePreviewObjects(trx, document.id);
  const current = await makeVersionCurrent(trx, document, version, now);
  if (version.isReadersNotified) await enqueueNewVersionMails(trx, current);
  await emitWebhookEvent(
    trx,
    current.roomId,
    'document.updated',
    {
      roomId: current.roomId,
      documentId: current.id,
      title: current.title,
      version: version.number,
      fileType: current.fileType,
      sizeBytes: current.sizeBytes,
      updatedAt: now.toISOString(),
    },
    now,
  );
  return removed;
}

/**
 * The pages a founder reads of a ready preview: its prepared pages, 1 for a file read whole (an image, a
 * text, a table), null when a paged file's count is unknown.
 */
export function readablePageCountOf(preview: Pick<DocumentPreview, 'kind' | 'pageCount'>): number | null {
  return preview.kind === 'pages' ? preview.pageCount : 1;
}

/** A version as its analytics name it (docs/decisions/0077-reading-analytics-by-version.md). */
export interface VersionPages {
  number: number;
  /** The pages a founder reads of it; null while unknown (not prepared, failed, or prepared before ADR 77 and no longer current). */
  pageCount: number | null;
  createdAt: Date;
}

/**
 * A document's versions, oldest first, each with its page count: the current version's from its live
 * preview (which a retry or a re-preparation may change), every other one's as recorded when it stopped
 * being current.
 */
export async function listVersionPages(
  ctx: AppContext,
  document: Pick<StoredDocument, 'id' | 'roomId' | 'currentVersion'>,
): Promise<VersionPages[]> {
  const [versions, preview] = await Promise.all([
    listVersions(ctx.db, document.roomId, document.id),
    findPreview(ctx.db, document.id),
  ]);
  const currentPages =
    preview?.status === 'ready' && preview.versionNumber === document.currentVersion
      ? readablePageCountOf(preview)
      : null;
  return versions
    .map((version) => ({
      number: version.number,
      pageCount: version.number === document.currentVersion ? currentPages : version.pageCount,
      createdAt: version.createdAt,
    }))
    .sort((a, b) => a.number - b.number);
}

/** What a new version's preparation ended in, for its commit. */
export interface VersionPreparation {
  objects: PreviewObject[];
  outcome: PreparationOutcome;
}

/**
 * The end of a new version's preparation (ADR 69): its objects and preview state are written and it
 * becomes current, in one transaction, unless it was deleted, or a later version became current,
 * meanwhile (then it stays an earlier version and its objects are not used: false). A failed preparation
 * makes the version current too, as a failed upload's file is the document's: the founder sees why.
 * Returns the objects no longer used, for the caller to remove after the commit.
 */
export async function commitVersionPreparation(
  db: DatabaseExecutor,
  dialect: Dialect,
  documentId: string,
  number: number,
  { objects, outcome }: VersionPreparation,
  alsoInTransaction: (trx: DatabaseExecutor) => Promise<void> = async () => {},
): Promise<{ written: boolean; removed: string[] }> {
  return db.transaction().execute(async (trx) => {
    await lockPreviewRow(trx, dialect, documentId);
    const version = await findVersionOfDocument(trx, documentId, number);
    const document = version && (await findDocumentInRoom(trx, version.roomId, documentId));
    if (!version || !document || version.status !== 'preparing') return { written: false, removed: [] };
    if (document.currentVersion > number) {
      await setVersionStatus(trx, documentId, number, 'earlier');
      return { written: false, removed: [] };
    }
    const now = new Date();
    const removed = await switchToVersion(trx, document, version, now);
    const kind = previewKindOf(extensionOf(version.originalName));
    if (outcome.status === 'ready')
      await setVersionPageCount(
        trx,
        documentId,
        number,
        readablePageCountOf({ kind, pageCount: outcome.pageCount }),
      );
    await writeVersionPreview(trx, documentId, number, kind, objects, outcome, now);
    // What another module writes of the version made current, with it (the search index, ADR 88).
    await alsoInTransaction(trx);
    return { written: true, removed };
  });
}

/** A version still waiting for its preparation, by document: what the preparation job reads. */
export async function findPreparingVersion(
  db: DatabaseExecutor,
  documentId: string,
  number: number,
): Promise<StoredVersion | undefined> {
  const version = await findVersionOfDocument(db, documentId, number);
  return version?.status === 'preparing' ? version : undefined;
}

async function findVersionOfDocument(db: DatabaseExecutor, documentId: string, number: number) {
  const document = await findDocumentById(db, documentId);
  return document ? findVersion(db, document.roomId, documentId, number) : undefined;
}

/** The founder's list of a document's versions: number, date, uploader, who read which and how long. */
export async function listDocumentVersions(
  ctx: AppContext,
  readers: VersionReaders,
  founder: RoomUser,
  documentId: string,
): Promise<DocumentVersions> {
  const room = await requireManagedRoom(ctx, founder);
  return versionHistory(ctx, readers, room, documentId);
}

/**
 * Who opened or downloaded each version of a document, and for how long they read it (ADR 41, ADR 69),
 * by address: the reads from reading analytics (the port), the people from accounts, one lookup each.
 */
async function readersByVersion(
  ctx: AppContext,
  readers: VersionReaders,
  roomId: string,
  documentId: string,
) {
  const reads = await readers.readsByVersion(ctx.db, roomId, documentId);
  const users = await findUsersByIds(
    ctx.db,
    reads.map((read) => read.userId),
  );
  return reads
    .flatMap((read) => {
      const user = users.get(read.userId);
      if (!user) return [];
      // Views opened before versions existed were of the first.
      const version = read.version ?? 1;
      return [
        { version, email: user.email, name: user.name || null, views: read.views, readMs: read.readMs },
      ];
    })
    .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
}

async function versionHistory(
  ctx: AppContext,
  versionReaders: VersionReaders,
  room: DataRoom,
  documentId: string,
): Promise<DocumentVersions> {
  const document = await findDocumentInRoom(ctx.db, room.id, documentId);
  if (!document) throw notFound();
  const versions = await listVersions(ctx.db, room.id, documentId);
  const readers = await readersByVersion(ctx, versionReaders, room.id, documentId);
  const uploaders = await findUsersByIds(
    ctx.db,
    versions.map((version) => version.uploadedBy),
  );
  return {
    documentId,
    title: document.title,
    versions: versions.map((version) => ({
      number: version.number,
      status: version.status,
      fileName: version.originalName,
      fileType: fileTypeFromName(version.originalName),
      fileSize: String(version.sizeBytes),
      uploadedAt: version.createdAt.toISOString(),
      uploadedBy: uploaders.get(version.uploadedBy)?.email ?? '',
      readers: readers
        .filter((reader) => reader.version === version.number)
        .map(({ email, name, views, readMs }) => ({
          email,
          name,
          views,
          readSeconds: Math.round(readMs / 100) / 10,
        })),
    })),
  };
}

/**
 * Deletes an earlier version: its row, then its file. The current version (and one still being prepared)
 * cannot be deleted: readers get, or are about to get, its file.
 */
export async function deleteVersion(
  ctx: AppContext,
  founder: RoomUser,
  documentId: string,
  number: number,
): Promise<void> {
  const room = await requireManagedRoom(ctx, founder);
  const storageKey = await ctx.db.transaction().execute(async (trx) => {
    if (!(await findDocumentInRoom(trx, room.id, documentId))) throw notFound();
    await lockPreviewRow(trx, ctx.config.database.dialect, documentId);
    const version = await findVersion(trx, room.id, documentId, number);
    if (!version) throw versionNotFound();
    if (version.status === 'current')
      throw new HttpError(
        409,
        'current_version',
        `Version ${number} is the one readers get: replace the file or restore another version first.`,
      );
    if (version.status === 'preparing')
      throw new HttpError(409, 'version_preparing', `Version ${number} is still being prepared.`);
    await deleteVersionRow(trx, documentId, number);
    return version.storageKey;
  });
  await ctx.storage.remove(storageKey);
}

/** A version's file for the room's managers (any version); 404 for anyone else, as for a missing one. */
export async function findManagedVersion(
  ctx: AppContext,
  user: RoomUser,
  documentId: string,
  number: number,
): Promise<StoredVersion & { title: string }> {
  const room = await requireManagedRoom(ctx, user);
  const document = await findDocumentInRoom(ctx.db, room.id, documentId);
  if (!document) throw notFound();
  const version = await findVersion(ctx.db, room.id, documentId, number);
  if (!version) throw versionNotFound();
  return { ...version, title: `v${number} ${version.originalName}` };
}
