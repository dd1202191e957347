import { Readable } from 'node:stream';
import type { AppContext } from '#server/app-context';
import {
  type DownloadableDocument,
  type DownloadWatermarks,
  findDownloadableDocument,
  listUploadedDocuments,
  recordAccess,
} from '#server/features/documents/index';
import { invitationsOfRooms } from '#server/features/invitations/index';
import {
  findReadableRoom,
  parsedSectionsOf,
  type ReadableRoom,
  type RoomActivity,
  type RoomUser,
  readerSectionsOf,
  requireReadableRoom,
} from '#server/features/rooms/index';
import { HttpError } from '#server/plugins/errors';
import { webhookEventsCache } from '#server/webhooks/webhook-events';
import { replaceUnsafeCharacters } from '#shared/contracts/fields';
import { extensionOf } from '#shared/file-types';
import { type StoredZipEntry, storedZip } from './stored-zip';

/** One file of a "Download all": the document, and the folder it goes in (its section's name, or none). */
interface ArchiveFile {
  document: DownloadableDocument;
  folder: string;
}

/** What a "Download all" answers with: the archive's name and its files, decided before a byte is sent. */
export interface RoomArchive {
  fileName: string;
  files: ArchiveFile[];
}

/** A name safe as one path segment inside a zip on every system: no separators, controls or dots alone. */
function archiveSegment(value: string, fallback: string): string {
  const cleaned = replaceUnsafeCharacters(value, ' ')
    .replace(/[/\\:*?"<>|]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 180)
    .trim();
  return cleaned || fallback;
}

/** The document's file name in the archive: its title in the room, with its file's extension. */
function fileNameOf(document: DownloadableDocument, sentName?: string): string {
  if (sentName) return archiveSegment(sentName, 'document');
  const extension = extensionOf(document.originalName);
  const title = document.titleInRoom;
  const named = extension && extensionOf(title) !== extension ? `${title}.${extension}` : title;
  return archiveSegment(named, `document.${extension || 'bin'}`);
}

/**
 * The files of a room, or of one of its sections (ids 1..n, as the room's URLs name them), that this
 * reader may download, in the order the room lists them: each document is asked of the readability
 * rule (findDownloadableDocument, through roomReadingOf) and of its download rule, so a view-only
 * document, or one whose file cannot carry the room's watermark, is left out for investors
 * (docs/product-rules.md#download-all). A section the reader cannot read answers like a missing one.
 */
export async function roomArchiveFor(
  ctx: AppContext,
  user: RoomUser,
  roomId: string,
  sectionId: number | undefined,
): Promise<RoomArchive> {
  const room = await requireReadableRoom(ctx, invitationsOfRooms, user, roomId);
  const sections = await sectionsReadBy(ctx, room);
  const chosen = sectionId === undefined ? sections : sections.filter((section) => section.id === sectionId);
  // A section the reader may not read answers exactly as a missing one, and as one with nothing to
  // download (whose documents the rule may be hiding from them).
  const sectionRefusal = () =>
    new HttpError(
      404,
      'nothing_to_download',
      'That section does not exist, or has no document you may download.',
    );
  if (chosen.length === 0) throw sectionRefusal();
  const seen = new Set<string>();
  const files: ArchiveFile[] = [];
  for (const section of chosen) {
    for (const link of section.documents) {
      if (!link.documentId || seen.has(link.documentId)) continue;
      seen.add(link.documentId);
      const document = await downloadableOrNothing(ctx, user, link.documentId);
      if (!document?.readerMayDownload) continue;
      files.push({
        document,
        folder: sectionId === undefined ? archiveSegment(section.name, 'Section') : '',
      });
    }
  }
  // The room's managers also get what no section links yet (an investor never sees those in the room).
  if (sectionId === undefined && room.readerManagesRoom) {
    for (const document of await listUploadedDocuments(ctx, room.id)) {
      if (seen.has(document.id)) continue;
      const downloadable = await downloadableOrNothing(ctx, user, document.id);
      if (downloadable) files.push({ document: downloadable, folder: 'Not in a section' });
    }
  }
  if (files.length === 0 && sectionId !== undefined) throw sectionRefusal();
  if (files.length === 0)
    throw new HttpError(404, 'nothing_to_download', 'This data room has no document you may download.');
  const sectionName = chosen.length === 1 && sectionId !== undefined ? chosen[0]?.name : undefined;
  return { fileName: `${archiveSegment(sectionName ?? roomTitle(room), 'Data room')}.zip`, files };
}

/** The sections this reader reads, numbered as their own sections text numbers them (readerSectionsOf). */
async function sectionsReadBy(ctx: AppContext, room: ReadableRoom) {
  return readerSectionsOf(await parsedSectionsOf(ctx, room), room.readerAccess);
}

function roomTitle(room: ReadableRoom): string {
  return room.companyName ? `${room.companyName} data room` : 'Data room';
}

async function downloadableOrNothing(
  ctx: AppContext,
  user: RoomUser,
  documentId: string,
): Promise<DownloadableDocument | undefined> {
  try {
    return await findDownloadableDocument(ctx, user, documentId);
  } catch (error) {
    // A link to a document since deleted, or one the rule keeps from this reader: not in the archive.
    if (error instanceof HttpError && error.statusCode === 404) return undefined;
    throw error;
  }
}

/** Who asks, for the access log: each file of the archive is logged as the download it is. */
export interface ArchiveRequest {
  ip: string;
  userAgent: string | undefined;
  requestId: string | undefined;
}

/**
 * Streams the archive as it is built, one file at a time, stored without compression (the files are
 * mostly compressed already, and storing keeps the rate of a plain download; ADR 72). The next file is
 * opened only once the previous one has gone into the archive and the reader has taken it, so memory
 * stays flat whatever the room's size and the reader's connection. Each file is the reader's own
 * watermarked copy where the room says so (the reading module's port, ADR 46) and is logged as a
 * download before its bytes go out. A file whose watermarked copy cannot be made now (still being
 * prepared, or refused) is left out and named in "Not included.txt", with why. `signal` ends the work
 * when the reader goes away.
 */
export function streamRoomArchive(
  ctx: AppContext,
  user: RoomUser & { email: string },
  archive: RoomArchive,
  deps: ArchiveDeps,
): Readable {
  // A file that fails mid-way ends the stream with its error; Fastify logs it and cuts the response.
  return Readable.from(storedZip(archiveEntries(ctx, user, archive, deps)), { objectMode: false });
}

interface ArchiveDeps {
  watermarks: DownloadWatermarks;
  activity: RoomActivity;
  request: ArchiveRequest;
  signal: AbortSignal;
}

/** The archive's entries, each logged as a download as it is reached, then what was left out and why. */
async function* archiveEntries(
  ctx: AppContext,
  user: RoomUser & { email: string },
  archive: RoomArchive,
  deps: ArchiveDeps,
): AsyncGenerator<StoredZipEntry> {
  const uniqueName = uniqueNames();
  const leftOut: string[] = [];
  for (const { document, folder } of archive.files) {
    // Decided again before each file (ADR 74): a reader removed, closed out or moved to a group that no
    // longer sees the file while a long zip streams gets no further file, and the zip is cut off.
    const stillDownloadable = await downloadableOrNothing(ctx, user, document.id);
    if (!stillDownloadable?.readerMayDownload) {
      if (!(await findReadableRoom(ctx, invitationsOfRooms, user, document.roomId)))
        throw new HttpError(404, 'access_ended', 'Your access to this data room has ended.');
      continue; // Deleted, hidden from them or made view-only since: left out, the rest still comes.
    }
    const copy = await deps.watermarks.copyFor(user, document).catch((error: unknown) => {
      // Still being prepared (409), unstampable (403), or too many stamped at once (429): left out, named.
      if (error instanceof HttpError) return { reason: error.message };
      throw error;
    });
    if (deps.signal.aborted) {
      if (copy && 'stamped' in copy) await copy.stamped.close();
      return;
    }
    if (copy && 'reason' in copy) {
      leftOut.push(`${fileNameOf(document)}: ${copy.reason}`);
      continue;
    }
    await recordAccess(
      ctx.db,
      user,
      document,
      'downloaded',
      { ...deps.request, at: new Date() },
      ctx.caches.get(webhookEventsCache),
    );
    await deps.activity.record({
      roomId: document.roomId,
      visitor: { userId: user.id },
      isAction: true,
      event: { kind: 'downloaded', documentId: document.id, documentTitle: document.titleInRoom },
    });
    const name = uniqueName(folder, fileNameOf(document, copy?.fileName));
    if (copy?.kind === 'image') {
      yield { name, modifiedAt: document.updatedAt, bytes: copy.bytes };
      continue;
    }
    try {
      const bytes = copy ? copy.stamped.stream : ctx.storage.read(document.storageKey);
      yield { name, modifiedAt: document.updatedAt, bytes };
    } finally {
      if (copy) await copy.stamped.close();
    }
  }
  if (leftOut.length > 0)
    yield {
      name: uniqueName('', 'Not included.txt'),
      modifiedAt: new Date(),
      bytes: Buffer.from(
        `These files could not carry your watermark now, so they are not in this zip:\r\n\r\n${leftOut.join('\r\n')}\r\n`,
      ),
    };
}

/** Paths unique inside the archive whatever the case: a second "Deck.pdf" becomes "Deck (2).pdf". */
function uniqueNames(): (folder: string, name: string) => string {
  const names = new Set<string>();
  return (folder, name) => {
    const dot = name.lastIndexOf('.');
    const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    const inFolder = (fileName: string) => (folder ? `${folder}/${fileName}` : fileName);
    let candidate = inFolder(name);
    for (let copy = 2; names.has(candidate.toLowerCase()); copy++)
      candidate = inFolder(`${base} (${copy})${extension}`);
    names.add(candidate.toLowerCase());
    return candidate;
  };
}
