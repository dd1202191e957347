import type { AppContext } from '#server/app-context';
import type { InviteeDownloads } from '#server/features/invitations/index';
import {
  type DataRoom,
  hiddenDocumentIdsOf,
  MANAGERS_ACCESS,
  parsedSectionsOf,
  type ReaderAccess,
  type RoomUser,
  requireManagedRoom,
  writeWithSectionsEdit,
} from '#server/features/rooms/index';
import { removeDocumentLinksOffThread, renameDocumentLinksOffThread } from '#server/parsing/sections-parser';
import { HttpError } from '#server/plugins/errors';
import { removeObjects } from '#server/storage/remove-objects';
import type { DocumentListItem, DownloadPolicyChoice } from '#shared/contracts/documents';
import { PREVIEW_FAILURES, type PreviewKind, type PreviewState } from '#shared/contracts/previews';
import { extensionOf, storedFileType } from '#shared/file-types';
import { sectionKeyOf } from '#shared/sections-markdown';
import { roomDocumentsCache } from './documents.caches';
import {
  allStorageKeys,
  deleteDocumentRow,
  findDocumentInRoom,
  listRoomDocuments,
  type StoredDocument,
  updateDocumentDownloadPolicy,
  updateDocumentTitle,
} from './documents.repository';
import {
  allPreviewStorageKeys,
  type DocumentPreview,
  deletePreviewObjects,
  findPreview,
  findPreviews,
  lockPreviewRow,
} from './previews.repository';
import { previewKindOf } from './previews.service';
import { isDownloadAllowedToInvestors } from './readable-documents.service';
import type { VersionFiles } from './version-files';

/** A preview's state in the founder's and the reader's words; no row yet reads as being prepared. */
export function previewStateOf(
  preview: DocumentPreview | undefined,
  fallbackKind: PreviewKind,
): PreviewState {
  if (!preview) return { status: 'preparing', kind: fallbackKind, failure: null };
  const code = preview.status === 'failed' ? (preview.failureCode ?? 'conversion_failed') : null;
  return {
    status: preview.status,
    kind: preview.kind,
    failure: code ? { code, message: PREVIEW_FAILURES[code] } : null,
  };
}

export function toListItem(
  room: DataRoom,
  document: StoredDocument,
  sectionOf: Map<string, string>,
  preview: DocumentPreview | undefined,
): DocumentListItem {
  return {
    id: document.id,
    title: document.title,
    fileType: storedFileType(document.fileType),
    fileSize: String(document.sizeBytes),
    sectionName: sectionOf.get(document.id) ?? null,
    updatedAt: document.updatedAt.toISOString(),
    isUploaded: true,
    preview: previewStateOf(preview, previewKindOf(extensionOf(document.originalName))),
    downloadPolicy: document.downloadPolicy ?? 'room',
    isDownloadAllowed: isDownloadAllowedToInvestors(room, document),
    version: document.currentVersion,
    pageCount: preview?.status === 'ready' && preview.kind === 'pages' ? preview.pageCount : null,
  };
}

async function sectionsByDocument(
  ctx: AppContext,
  room: DataRoom,
  access: ReaderAccess = MANAGERS_ACCESS,
): Promise<Map<string, string>> {
  const sectionOf = new Map<string, string>();
  for (const section of (await parsedSectionsOf(ctx, room)).sections) {
    if (access.hiddenSectionKeys.has(sectionKeyOf(section.name))) continue;
    for (const document of section.documents) {
      if (document.documentId && !sectionOf.has(document.documentId))
        sectionOf.set(document.documentId, section.name);
    }
  }
  return sectionOf;
}

export async function listMyDocuments(ctx: AppContext, founder: RoomUser): Promise<DocumentListItem[]> {
  return listDocumentsOfRoom(ctx, await requireManagedRoom(ctx, founder), MANAGERS_ACCESS);
}

/**
 * A room's uploaded documents with the section that links each and their preview's state, newest first:
 * as this reader's group sees them (the documents the rule hides from it left out: hiddenDocumentIdsOf,
 * and none downloadable for a view-only group: ADR 68).
 */
export async function listDocumentsOfRoom(
  ctx: AppContext,
  room: DataRoom,
  access: ReaderAccess,
): Promise<DocumentListItem[]> {
  const sectionOf = await sectionsByDocument(ctx, room, access);
  const listed = await ctx.caches.get(roomDocumentsCache).get(room.id, async () => {
    const documents = await listRoomDocuments(ctx.db, room.id);
    const previews = await findPreviews(
      ctx.db,
      documents.map((document) => document.id),
    );
    return { documents, previews };
  });
  if (!listed) throw new Error('a room always has a documents list');
  const { documents, previews } = listed;
  const hidden = hiddenDocumentIdsOf(
    await parsedSectionsOf(ctx, room),
    access,
    documents.map((document) => document.id),
  );
  const items = [];
  for (const document of documents) {
    if (hidden.has(document.id)) continue;
    const item = toListItem(room, document, sectionOf, previews.get(document.id));
    items.push(access.isViewOnly ? { ...item, isDownloadAllowed: false } : item);
  }
  return items;
}

/**
 * The invitations' answer (InviteeDownloads, ADR 92): whether an investor reading with this access may
 * download one of the room's documents they may read, on the same list the room shows them; where they
 * may read none yet, whether the room's switch, narrowed by a view-only group, lets those to come be.
 */
export const inviteeDownloads: InviteeDownloads = {
  async mayDownloadAny(ctx, room, access) {
    const documents = await listDocumentsOfRoom(ctx, room, access);
    if (documents.length === 0) return room.isDownloadAllowed && !access.isViewOnly;
    return documents.some((document) => document.isDownloadAllowed);
  },
};

/**
 * The founder's "Allow download" for one document of their room: 'room' follows the room's default,
 * 'allowed' or 'view_only' overrides it. Another room's document is a 404, as everywhere.
 */
export async function setDocumentDownloadPolicy(
  ctx: AppContext,
  founder: RoomUser,
  documentId: string,
  choice: DownloadPolicyChoice,
): Promise<DocumentListItem> {
  const room = await requireManagedRoom(ctx, founder);
  const policy = choice === 'room' ? null : choice;
  const updated = await updateDocumentDownloadPolicy(ctx.db, room.id, documentId, policy);
  if (!updated) throw new HttpError(404, 'not_found', 'That document does not exist.');
  const sectionOf = await sectionsByDocument(ctx, room);
  return toListItem(room, updated, sectionOf, await findPreview(ctx.db, updated.id));
}

/**
 * Renames a document of the founder's room: its row, and the text of every link to it in the sections
 * markdown in the same write, so that the room, the viewer and the console all show the new title
 * (investors read a link's text: titleInRoom). Access-log rows keep the title they copied.
 */
export async function renameDocument(
  ctx: AppContext,
  founder: RoomUser,
  documentId: string,
  title: string,
): Promise<DocumentListItem> {
  const room = await requireManagedRoom(ctx, founder);
  const renamed = await writeWithSectionsEdit(
    ctx,
    room.id,
    async (_current, saved) =>
      saved === undefined
        ? undefined // the starter template links no document
        : renameDocumentLinksOffThread(saved.markdown, documentId, title, {
            timeoutMs: ctx.config.sectionsParseTimeoutMs,
            appOrigin: new URL(ctx.config.appUrl).origin,
          }),
    async (trx) => {
      const updated = await updateDocumentTitle(trx, room.id, documentId, title);
      if (!updated) throw new HttpError(404, 'not_found', 'That document does not exist.');
      return updated;
    },
    new Date(),
  );
  const sectionOf = await sectionsByDocument(ctx, room);
  return toListItem(room, renamed, sectionOf, await findPreview(ctx.db, renamed.id));
}

/**
 * Deletes a document of the founder's room: its row, its links in the markdown, then its file.
 * Access-log rows keep the title they copied.
 */
export async function deleteDocument(
  ctx: AppContext,
  founder: RoomUser,
  documentId: string,
  versionFiles: VersionFiles,
): Promise<void> {
  const room = await requireManagedRoom(ctx, founder);
  const document = await writeWithSectionsEdit(
    ctx,
    room.id,
    async (_current, saved) =>
      saved === undefined
        ? undefined
        : removeDocumentLinksOffThread(saved.markdown, documentId, {
            timeoutMs: ctx.config.sectionsParseTimeoutMs,
            appOrigin: new URL(ctx.config.appUrl).origin,
          }),
    async (trx) => {
      const found = await findDocumentInRoom(trx, room.id, documentId);
      if (!found) throw new HttpError(404, 'not_found', 'That document does not exist.');
      await lockPreviewRow(trx, ctx.config.database.dialect, documentId);
      const previewKeys = await deletePreviewObjects(trx, documentId);
      const versionKeys = await versionFiles.storageKeysOf(trx, documentId);
      await deleteDocumentRow(trx, room.id, documentId);
      return { storageKeys: new Set([found.storageKey, ...versionKeys]), previewKeys };
    },
    new Date(),
  );
  await removeObjects(ctx, [...document.storageKeys]);
  await removeObjects(ctx, document.previewKeys);
}

/**
 * Run at start, before any request: an upload commits its file before inserting its row, and a delete
 * removes the row before the file, so a crash between the two steps leaves a file no document refers
 * to (never a row without its file). Such files are set aside rather than deleted, so a server
 * started on the wrong database by mistake loses nothing: started on the right one again, it brings
 * them back. One server per DATA_DIR (as for the temporary files swept at start).
 */
export async function reconcileStoredFiles(
  ctx: Pick<AppContext, 'db' | 'storage' | 'log'>,
  versionFiles: VersionFiles,
): Promise<void> {
  // Preview objects are committed before their rows too (preparation.service.ts): the same rule keeps them.
  // Every version's file is kept too, not only the current one's (docs/decisions/0069-document-versions.md).
  const referenced = new Set([
    ...(await allStorageKeys(ctx.db)),
    ...(await versionFiles.allStorageKeys(ctx.db)),
    ...(await allPreviewStorageKeys(ctx.db)),
  ]);
  const { setAside, restored } = await ctx.storage.reconcile(referenced);
  if (setAside.length > 0) {
    ctx.log.warn(
      { count: setAside.length, keys: setAside.slice(0, 20) },
      'set aside stored files that no document refers to (in DATA_DIR/uploads/orphaned)',
    );
  }
  if (restored.length > 0) {
    ctx.log.warn(
      { count: restored.length, keys: restored.slice(0, 20) },
      'brought back files set aside earlier: documents refer to them again',
    );
  }
}
