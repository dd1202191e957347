import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { AppContext } from '#server/app-context';
import type { ReadCache } from '#server/caches/epoch-cache';
import type { Executor } from '#server/db/columns';
import {
  type DataRoom,
  findReadableRoom,
  hiddenDocumentIdsOf,
  hidesDocuments,
  MANAGERS_ACCESS,
  parsedSectionsOf,
  type ReadableRoom,
  type ReaderAccess,
  type RoomUser,
  requireManagedRoom,
  sectionsMarkdownOf,
  writeWithSectionsEdit,
} from '#server/features/rooms/index';
import {
  addDocumentsToSectionOffThread,
  removeDocumentLinksOffThread,
  renameDocumentLinksOffThread,
} from '#server/parsing/sections-parser';
import { HttpError, invalidInput } from '#server/plugins/errors';
import { removeObjects } from '#server/storage/remove-objects';
import { ObjectTooLargeError, type PendingObject } from '#server/storage/storage';
import { emitWebhookEvent, type RoomWebhookEvents } from '#server/webhooks/webhook-events';
import {
  type DocumentListItem,
  type DownloadPolicyChoice,
  MAX_DOCUMENT_TITLE_LENGTH,
  uploadFieldsSchema,
} from '#shared/contracts/documents';
import { replaceUnsafeCharacters } from '#shared/contracts/fields';
import { PREVIEW_FAILURES, type PreviewKind, type PreviewState } from '#shared/contracts/previews';
import { extensionOf, fileTypeFromName, storedFileType } from '#shared/file-types';
import { sectionKeyOf, uploadedDocumentPath } from '#shared/sections-markdown';
import { isAllowedUploadExtension, UPLOAD_EXTENSIONS, type UploadExtension } from '#shared/uploads';
import { recordAccessEvent } from './access-events.repository';
import { documentsCache, previewsCache, roomDocumentsCache } from './documents.caches';
import {
  allStorageKeys,
  countRoomDocuments,
  deleteDocumentRow,
  findDocumentById,
  findDocumentInRoom,
  insertDocument,
  listRoomDocuments,
  type StoredDocument,
  updateDocumentDownloadPolicy,
  updateDocumentTitle,
} from './documents.repository';
import { contentMatchesExtension, mimeTypeFor } from './file-signatures';
import {
  allPreviewStorageKeys,
  type DocumentPreview,
  deletePreviewObjects,
  findPreview,
  findPreviews,
  lockPreviewRow,
} from './previews.repository';
import { previewKindOf, startDocumentPreview } from './previews.service';
import { MULTIPART_SHAPE } from './upload-errors';
import {
  allVersionStorageKeys,
  firstVersionOf,
  insertVersion,
  versionStorageKeysOf,
} from './versions.repository';

/** Every account has the Professional plan's 500 uploads (docs/product-rules.md#plans-and-limits). */
export const UPLOADS_PER_ROOM = 500;

/** One part of a multipart upload, as @fastify/multipart yields it. */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string; file: Readable & { truncated?: boolean } };

/**
 * A file's name as a title: whatever the uploading system allows in a name (control characters, text
 * direction overrides, any length) becomes plain, bounded text. Names are cleaned rather than refused:
 * the uploader did not type them here. (busboy has already cut any path off.)
 */
export function cleanFileName(value: string): string {
  const cleaned = [...replaceUnsafeCharacters(value, ' ').replace(/\s+/g, ' ').trim()];
  if (cleaned.length <= MAX_DOCUMENT_TITLE_LENGTH) return cleaned.join('');
  // Shorten the name, not its extension: 'A very long….pdf' still says what it is.
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : [];
  return [...cleaned.slice(0, MAX_DOCUMENT_TITLE_LENGTH - extension.length), ...extension].join('');
}

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

/**
 * Whether a download of this document can carry a watermark (docs/decisions/0046-dynamic-watermark.md):
 * a PDF, an Office document (as its converted PDF) or an image. Text, tables, video and archives cannot.
 */
export function isWatermarkableDownload(document: Pick<StoredDocument, 'originalName'>): boolean {
  const kind = previewKindOf(extensionOf(document.originalName));
  return kind === 'pages' || kind === 'image';
}

/** Why an investor may not download a document, if they may not. */
export type DownloadRefusal = 'view_only' | 'watermark_unsupported';

function downloadRefusalFor(
  room: Pick<DataRoom, 'isDownloadAllowed' | 'isWatermarkEnabled'>,
  document: Pick<StoredDocument, 'downloadPolicy' | 'originalName'>,
): DownloadRefusal | null {
  const allowed =
    document.downloadPolicy === null ? room.isDownloadAllowed : document.downloadPolicy === 'allowed';
  if (!allowed) return 'view_only';
  if (room.isWatermarkEnabled && !isWatermarkableDownload(document)) return 'watermark_unsupported';
  return null;
}

/**
 * Whether the room's investors may download the document: its own choice, else the room's default
 * (docs/decisions/0043-view-only-documents.md), and, while the room's watermark is on, only a file that
 * can carry it (ADR 46). The room's owner always may (readableDocumentAndRoom).
 */
export function isDownloadAllowedToInvestors(
  room: Pick<DataRoom, 'isDownloadAllowed' | 'isWatermarkEnabled'>,
  document: Pick<StoredDocument, 'downloadPolicy' | 'originalName'>,
): boolean {
  return downloadRefusalFor(room, document) === null;
}

function toListItem(
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

/**
 * Stores one uploaded file for the founder's room: streamed to storage (never held in memory), at most
 * the upload limit (UPLOAD_MAX_MB, 50 MB by default), of an allowed type whose content matches its extension, not empty. With a section, a link to
 * it is added to that section of the markdown. Nothing is left behind when any check fails.
 */
export async function uploadDocument(
  ctx: AppContext,
  founder: RoomUser,
  parts: AsyncIterable<UploadPart>,
): Promise<{ document: DocumentListItem; url: string }> {
  const room = await requireManagedRoom(ctx, founder);
  // Refuses early, before a byte is stored; counted again where it is decided, below.
  if ((await countRoomDocuments(ctx.db, room.id)) >= UPLOADS_PER_ROOM) throw uploadLimitReached();
  const checked = await checkedUpload(await receivedUpload(ctx, parts), uploadFieldsSchema);
  return storeUpload(ctx, room, founder, checked);
}

/** What an upload's request carried: its text fields and its one file, stored but not yet committed. */
export interface ReceivedUpload {
  fields: Record<string, string>;
  pending: PendingObject | undefined;
  fileName: string;
}

/** Reads the request's parts: the file is streamed to storage as it arrives; any refusal discards it. */
export async function receivedUpload(
  ctx: AppContext,
  parts: AsyncIterable<UploadPart>,
): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  let pending: PendingObject | undefined;
  let fileName = '';
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new HttpError(
          400,
          'invalid_request',
          `Unexpected field: ${part.fieldname}. ${MULTIPART_SHAPE}`,
          {
            field: part.fieldname,
          },
        );
      }
      if (pending) throw new HttpError(400, 'too_many_files', 'Send one file per upload.', { field: 'file' });
      fileName = part.filename;
      const extension = extensionOf(fileName);
      if (!isAllowedUploadExtension(extension)) {
        part.file.resume();
        throw new HttpError(
          415,
          'file_type_not_allowed',
          `Files of type "${extension ? `.${extension}` : 'without an extension'}" cannot be uploaded. Allowed: ${UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(', ')}.`,
          { field: 'file' },
        );
      }
      pending = await ctx.storage.write(part.file, { maxBytes: ctx.config.uploadMaxBytes });
      if (part.file.truncated) throw new ObjectTooLargeError('truncated');
    }
  } catch (error) {
    await pending?.discard();
    throw error;
  }
  return { fields, pending, fileName };
}

/** A received upload that passed every check: its fields, its stored file and the file's extension. */
export interface CheckedUpload<Fields = { title?: string; section?: string }> {
  fields: Fields;
  pending: PendingObject;
  fileName: string;
  extension: UploadExtension;
}

/**
 * The checks of the fields (an upload's, or those of another form that sends a file: a new version's)
 * and the file's content; the stored file is discarded on any refusal.
 */
export async function checkedUpload<Fields>(
  { fields, pending, fileName }: ReceivedUpload,
  fieldsSchema: z.ZodType<Fields>,
): Promise<CheckedUpload<Fields>> {
  const checkedFields = fieldsSchema.safeParse(fields);
  if (!checkedFields.success) {
    await pending?.discard();
    throw invalidInput(checkedFields.error);
  }
  if (!pending)
    throw new HttpError(400, 'invalid_request', 'file: choose a file to upload.', { field: 'file' });
  const extension = extensionOf(fileName);
  if (!isAllowedUploadExtension(extension)) throw new Error('unreachable: checked above');
  if (pending.size === 0) {
    await pending.discard();
    throw new HttpError(
      400,
      'empty_file',
      `"${cleanFileName(fileName)}" is empty: there is nothing to upload.`,
      { field: 'file' },
    );
  }
  if (!contentMatchesExtension(extension, pending.head)) {
    await pending.discard();
    throw new HttpError(
      415,
      'content_mismatch',
      `"${cleanFileName(fileName)}" is not a real .${extension} file: its content does not match its extension.`,
      {
        field: 'file',
      },
    );
  }
  return { fields: checkedFields.data, pending, fileName, extension };
}

/** Commits the file, then its row, preview job, link and webhook event in one write (or removes it). */
async function storeUpload(
  ctx: AppContext,
  room: DataRoom,
  founder: RoomUser,
  { fields, pending, fileName, extension }: CheckedUpload,
): Promise<{ document: DocumentListItem; url: string }> {
  const title = fields.title || cleanFileName(fileName) || `Untitled.${extension}`;
  const [stored] = await storeUploads(ctx, room, founder, [
    { pending, fileName, extension, title, section: fields.section ?? '' },
  ]);
  if (!stored) throw new Error('unreachable: one upload stores one document');
  return stored;
}

/** One checked file to store: its pending object, its name, its title and the section that links it. */
export interface UploadToStore {
  pending: PendingObject;
  fileName: string;
  extension: UploadExtension;
  title: string;
  /** The section of the markdown to link it from ('' for none; created when missing). */
  section: string;
}

/**
 * Commits the files, then their rows, preview jobs, links and webhook events in one write, so that
 * several files (an unpacked zip) are stored all together or not at all: any failure removes every
 * file committed here. The room's upload limit is counted in the same write.
 */
export async function storeUploads(
  ctx: AppContext,
  room: DataRoom,
  founder: RoomUser,
  uploads: readonly UploadToStore[],
): Promise<{ document: DocumentListItem; url: string }[]> {
  const keys: string[] = [];
  const now = new Date();
  try {
    const documents: { document: StoredDocument; section: string; url: string }[] = [];
    for (const { pending, fileName, extension, title, section } of uploads) {
      const key = await pending.commit();
      keys.push(key);
      const document: StoredDocument = {
        id: crypto.randomUUID(),
        roomId: room.id,
        title,
        originalName: cleanFileName(fileName) || `upload.${extension}`,
        fileType: fileTypeFromName(fileName),
        mimeType: mimeTypeFor(extension),
        sizeBytes: pending.size,
        sha256: pending.sha256,
        storageKey: key,
        uploadedBy: founder.id,
        downloadPolicy: null,
        createdAt: now,
        updatedAt: now,
        currentVersion: 1,
      };
      documents.push({ document, section, url: uploadedDocumentPath(document.id) });
    }
    await writeWithSectionsEdit(
      ctx,
      room.id,
      async (current, saved) => {
        // One parse per section, whatever the number of its new links.
        const linksBySection = new Map<string, { title: string; url: string }[]>();
        for (const { document, section, url } of documents) {
          if (section)
            linksBySection.set(section, [
              ...(linksBySection.get(section) ?? []),
              { title: document.title, url },
            ]);
        }
        let markdown: string | undefined;
        for (const [section, links] of linksBySection) {
          markdown = await addDocumentsToSectionOffThread(
            markdown ?? sectionsMarkdownOf(current, saved),
            section,
            links,
            {
              timeoutMs: ctx.config.sectionsParseTimeoutMs,
            },
          );
        }
        return markdown;
      },
      async (trx) => {
        // Uploads at once into the last free slots: the room's lock makes them count one after the other.
        if ((await countRoomDocuments(trx, room.id)) + documents.length > UPLOADS_PER_ROOM)
          throw uploadLimitReached();
        for (const { document } of documents) {
          await insertDocument(trx, document);
          await insertVersion(trx, firstVersionOf(document));
          await startDocumentPreview(trx, document, now, ctx.config.previews.smallFileBytes);
          await emitWebhookEvent(
            trx,
            room.id,
            'document.uploaded',
            {
              roomId: room.id,
              documentId: document.id,
              title: document.title,
              fileType: document.fileType,
              sizeBytes: document.sizeBytes,
              uploadedAt: now.toISOString(),
            },
            now,
          );
        }
      },
      now,
    );
    ctx.jobs.wake();
    const previews = await findPreviews(
      ctx.db,
      documents.map(({ document }) => document.id),
    );
    return documents.map(({ document, section, url }) => ({
      document: toListItem(
        room,
        document,
        new Map(section ? [[document.id, section]] : []),
        previews.get(document.id),
      ),
      url,
    }));
  } catch (error) {
    for (const key of keys) await ctx.storage.remove(key);
    throw error;
  }
}

export function uploadLimitReached(): HttpError {
  return new HttpError(
    409,
    'upload_limit_reached',
    `Your plan allows ${UPLOADS_PER_ROOM} uploads per data room. Delete a file to upload another.`,
  );
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
export async function deleteDocument(ctx: AppContext, founder: RoomUser, documentId: string): Promise<void> {
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
      const versionKeys = await versionStorageKeysOf(trx, documentId);
      await deleteDocumentRow(trx, room.id, documentId);
      return { storageKeys: new Set([found.storageKey, ...versionKeys]), previewKeys };
    },
    new Date(),
  );
  await removeObjects(ctx, [...document.storageKeys]);
  await removeObjects(ctx, document.previewKeys);
}

/**
 * A document someone may read, whether they manage its room (its owner or an editor: their own reading
 * is not investor activity), whether they may download it (managers always; an investor unless it is
 * view-only, or cannot carry the watermark) and whether what they are served carries their watermark
 * (an investor in a room with it on).
 */
export type ReadableDocument = StoredDocument & {
  readerManagesRoom: boolean;
  readerMayDownload: boolean;
  downloadRefusal: DownloadRefusal | null;
  readerSeesWatermark: boolean;
};

/** A document someone may download, with the name its room shows it under. */
export type DownloadableDocument = ReadableDocument & {
  /**
   * The text of its first link in the room's sections (what the investor clicked, and what /admin's
   * Recent Documents shows), else the title it was uploaded with.
   */
  titleInRoom: string;
};

async function titleInRoom(ctx: AppContext, room: ReadableRoom, document: StoredDocument): Promise<string> {
  for (const section of (await parsedSectionsOf(ctx, room)).sections) {
    if (room.readerAccess.hiddenSectionKeys.has(sectionKeyOf(section.name))) continue;
    const link = section.documents.find((candidate) => candidate.documentId === document.id);
    if (link) return link.title;
  }
  return document.title;
}

/**
 * The document, if this user may download it: the room's owner always, an investor while they are a
 * member of the room and it is active. Anyone else learns nothing, not even that it exists (404).
 */
export async function findDownloadableDocument(
  ctx: AppContext,
  user: RoomUser,
  documentId: string,
): Promise<DownloadableDocument> {
  const { document, room } = await readableDocumentAndRoom(ctx, user, documentId);
  return { ...document, titleInRoom: await titleInRoom(ctx, room, document) };
}

/** The same rule as findDownloadableDocument, without the name in the room (a sections parse). */
export async function findReadableDocument(
  ctx: AppContext,
  user: RoomUser,
  documentId: string,
): Promise<ReadableDocument> {
  return (await readableDocumentAndRoom(ctx, user, documentId)).document;
}

/**
 * For a reading report: the highest page of a document the user can still read (owner, or member of its
 * active room), or undefined exactly where findReadableDocument answers 404. Read on every report: the
 * document, its preview and the room's readability come through the caches (documents.caches.ts).
 */
export async function findReadableLastPage(
  ctx: AppContext,
  user: RoomUser,
  documentId: string,
): Promise<number | undefined> {
  const document = await ctx.caches
    .get(documentsCache)
    .get(documentId, () => findDocumentById(ctx.db, documentId));
  const room = document && (await findReadableRoom(ctx, user, document.roomId));
  if (!document || !room || (await isHiddenFrom(ctx, room, document.id))) return undefined;
  const preview = await ctx.caches.get(previewsCache).get(documentId, () => findPreview(ctx.db, documentId));
  return preview?.status === 'ready' && preview.kind === 'pages' && preview.pageCount ? preview.pageCount : 1;
}

/** Whether the rule hides the document from this reader (then it answers as a missing one). */
async function isHiddenFrom(ctx: AppContext, room: ReadableRoom, documentId: string): Promise<boolean> {
  if (!hidesDocuments(room.readerAccess)) return false;
  return hiddenDocumentIdsOf(await parsedSectionsOf(ctx, room), room.readerAccess, [documentId]).has(
    documentId,
  );
}

async function readableDocumentAndRoom(ctx: AppContext, user: RoomUser, documentId: string) {
  // Read on every page image (documents.caches.ts: when an answer may be reused).
  const document = await ctx.caches
    .get(documentsCache)
    .get(documentId, () => findDocumentById(ctx.db, documentId));
  const room = document && (await findReadableRoom(ctx, user, document.roomId));
  if (!document || !room || (await isHiddenFrom(ctx, room, document.id)))
    throw new HttpError(404, 'not_found', 'That document does not exist, or you do not have access to it.');
  const { readerManagesRoom } = room;
  const downloadRefusal = readerManagesRoom
    ? null
    : // A view-only group narrows the document's own switch, never widens it (ADR 68).
      (downloadRefusalFor(room, document) ?? (room.readerAccess.isViewOnly ? 'view_only' : null));
  // The room's managers read its documents as they are: a watermark names who a copy leaked from.
  const readerSeesWatermark = !readerManagesRoom && room.isWatermarkEnabled;
  return {
    document: {
      ...document,
      readerManagesRoom,
      readerMayDownload: downloadRefusal === null,
      downloadRefusal,
      readerSeesWatermark,
    },
    room,
  };
}

/**
 * Refuses the original to a reader who may only read the document in the viewer: 403, saying so (they
 * may read it, so a 404 would be a lie). Page images, text and a video's stream stay theirs.
 */
export function requireDownloadAllowed(document: ReadableDocument): void {
  if (document.downloadRefusal === 'view_only') {
    throw new HttpError(
      403,
      'view_only',
      'This document can be read in the viewer only: its owner does not allow downloads.',
    );
  }
  if (document.downloadRefusal === 'watermark_unsupported') {
    throw new HttpError(
      403,
      'watermark_unsupported',
      'This file can be read in the viewer only: downloads in this room carry a watermark, and this kind of file cannot carry one.',
    );
  }
}

/**
 * Logs a download ('downloaded', docs/product-rules.md#documents-and-the-access-log) or an opening in the
 * viewer ('viewed', once per view: docs/decisions/0041-reading-analytics.md) for the access log the
 * founder reads: under the name the investor saw in the room, copied so that it outlives the document
 * and later edits. Inside the caller's transaction when given one. The room's own managers (its owner
 * and editors) are not investors: nothing of theirs is logged (docs/decisions/0047-room-editors.md).
 */
export async function recordAccess(
  db: Executor,
  user: RoomUser,
  document: DownloadableDocument,
  action: 'downloaded' | 'viewed',
  request: { ip: string; userAgent: string | undefined; at: Date; requestId?: string | undefined },
  webhookEvents?: ReadCache<RoomWebhookEvents>,
): Promise<void> {
  if (document.readerManagesRoom) return;
  await recordAccessEvent(
    db,
    {
      roomId: document.roomId,
      userId: user.id,
      invitationId: null,
      documentId: document.id,
      documentVersion: document.currentVersion,
      documentTitle: document.titleInRoom,
      url: uploadedDocumentPath(document.id),
      action,
      occurredAt: request.at,
      ip: request.ip,
      userAgent: request.userAgent ?? null,
      requestId: request.requestId,
    },
    webhookEvents,
  );
}

/**
 * Run at start, before any request: an upload commits its file before inserting its row, and a delete
 * removes the row before the file, so a crash between the two steps leaves a file no document refers
 * to (never a row without its file). Such files are set aside rather than deleted, so a server
 * started on the wrong database by mistake loses nothing: started on the right one again, it brings
 * them back. One server per DATA_DIR (as for the temporary files swept at start).
 */
export async function reconcileStoredFiles(ctx: Pick<AppContext, 'db' | 'storage' | 'log'>): Promise<void> {
  // Preview objects are committed before their rows too (preparation.service.ts): the same rule keeps them.
  // Every version's file is kept too, not only the current one's (docs/decisions/0069-document-versions.md).
  const referenced = new Set([
    ...(await allStorageKeys(ctx.db)),
    ...(await allVersionStorageKeys(ctx.db)),
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
