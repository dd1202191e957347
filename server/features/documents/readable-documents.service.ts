import type { AppContext } from '#server/app-context';
import type { ReadCache } from '#server/caches/epoch-cache';
import type { ModuleExecutor } from '#server/db/schema';
import { invitationsOfRooms } from '#server/features/invitations/index';
import {
  type DataRoom,
  findReadableRoom,
  hiddenDocumentIdsOf,
  hidesDocuments,
  parsedSectionsOf,
  type ReadableRoom,
  type RoomUser,
} from '#server/features/rooms/index';
import { HttpError } from '#server/plugins/errors';
import type { RoomWebhookEvents } from '#server/webhooks/webhook-events';
import { extensionOf } from '#shared/file-types';
import { sectionKeyOf, uploadedDocumentPath } from '#shared/sections-markdown';
import { recordAccessEvent } from './access-events.repository';
import { documentsCache, previewsCache } from './documents.caches';
import { findDocumentById, type StoredDocument } from './documents.repository';
import { findPreview } from './previews.repository';
import { previewKindOf } from './previews.service';

/**
 * Reading and downloading a document: whether this reader may (the rooms module's readability rule, the
 * room's sections and groups), whether they may download it or only read it in the viewer, and the
 * access log's line for what they did.
 */

/**
 * Whether a download of this document can carry a watermark (docs/decisions/0046-dynamic-watermark.md):
 * a PDF, an Office document (as its converted PDF) or an image. Text, tables, video and archives cannot.
 */
function isWatermarkableDownload(document: Pick<StoredDocument, 'originalName'>): boolean {
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
  const room =
    document && (await findReadableRoom(ctx, invitationsOfRooms, user, document.roomId, document.id));
  if (!document || !room || (await isHiddenFrom(ctx, room, document.id))) return undefined;
  if (isPinnedAway(user, document)) return undefined;
  const preview = await ctx.caches.get(previewsCache).get(documentId, () => findPreview(ctx.db, documentId));
  return preview?.status === 'ready' && preview.kind === 'pages' && preview.pageCount ? preview.pageCount : 1;
}

/**
 * Whether a document link pinned to a version reads a document whose current version is another: the
 * reader is never served the newer file (docs/decisions/0095-document-links.md). Previews are kept for
 * the current version only (ADR 69), so the pinned version is read while it is current.
 */
function isPinnedAway(user: RoomUser, document: StoredDocument): boolean {
  const pinned = user.onlyDocument?.versionNumber ?? null;
  return pinned !== null && pinned !== document.currentVersion;
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
  const room =
    document && (await findReadableRoom(ctx, invitationsOfRooms, user, document.roomId, document.id));
  if (!document || !room || (await isHiddenFrom(ctx, room, document.id)))
    throw new HttpError(404, 'not_found', 'That document does not exist, or you do not have access to it.');
  if (isPinnedAway(user, document))
    // A 404 as for any document the reader may not read, with words that say why.
    throw new HttpError(
      404,
      'version_replaced',
      'The version of this document that this link shows was replaced. Ask the founder for a new link.',
    );
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
  db: ModuleExecutor<'documents'>,
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
