import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import type { AppContext } from '#server/app-context';
import { ARCHIVE_UPLOAD_SLOT_LEASE_MS, ARCHIVE_UPLOAD_SLOT_RENEW_MS } from '#server/durations';
import {
  cleanFileName,
  contentMatchesExtension,
  MULTIPART_SHAPE,
  storeUploads,
  UPLOADS_PER_ROOM,
  type UploadPart,
  type UploadToStore,
  uploadLimitReached,
  type VersionFiles,
} from '#server/features/documents/index';
import { type DataRoom, type RoomUser, requireManagedRoom } from '#server/features/rooms/index';
import { HttpError, invalidInput } from '#server/plugins/errors';
import { HEAD_BYTES, ObjectTooLargeError, type PendingObject } from '#server/storage/storage';
import { type ArchiveUploadResult, archiveUploadFieldsSchema } from '#shared/contracts/documents';
import { replaceUnsafeCharacters } from '#shared/contracts/fields';
import { extensionOf } from '#shared/file-types';
import { folderSectionsOf, isSystemLeftover } from '#shared/folder-sections';
import { isAllowedUploadExtension, type UploadExtension } from '#shared/uploads';
import { ARCHIVE_LIMITS, NESTED_ARCHIVE_EXTENSIONS } from './archive-limits';
import {
  freeArchiveUploadSlot,
  renewArchiveUploadSlot,
  takeArchiveUploadSlot,
} from './archive-upload-slots.repository';

/** A refusal of the whole zip: nothing of it is stored. */
function archiveRefused(status: number, error: string, message: string): HttpError {
  return new HttpError(status, error, `${message} Nothing was uploaded.`, { field: 'file' });
}

/**
 * Unpacks an uploaded zip into the founder's room (docs/product-rules.md#folders-and-zips): each file goes
 * through the upload's own checks (its type by name, then by its first bytes, before its body is
 * written; not empty; the size limit) into the section named after its top folder, made when missing
 * (files at the top go to the section chosen in the form, or none). One result line per file: stored,
 * or refused and why. A zip breaking ARCHIVE_LIMITS (unpacking to more than ten times its own size
 * among them), damaged, or naming a path outside its folder, is refused whole and stores nothing; every
 * accepted file is stored in one write, or none is. One archive upload runs per room at a time, on every
 * server (409 archive_upload_running); `signal` says the client went away, which stops the unpacking.
 */
export async function uploadArchive(
  ctx: AppContext,
  founder: RoomUser,
  parts: AsyncIterable<UploadPart>,
  signal: AbortSignal,
  versionFiles: VersionFiles,
): Promise<ArchiveUploadResult> {
  const room = await requireManagedRoom(ctx, founder);
  return withArchiveUploadSlot(ctx, room.id, async () => {
    const workDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'roundroom-archive-'));
    try {
      const received = await receivedArchive(ctx, parts, path.join(workDir, 'upload.zip'));
      return await unpackArchive(ctx, room, founder, received, signal, versionFiles);
    } finally {
      await fsp.rm(workDir, { recursive: true, force: true });
    }
  });
}

/**
 * Runs `upload` holding the room's one archive upload slot, taken before a byte of the zip is read: two
 * zips unpacking at once would each pass the room's limits (its 500 uploads) counted without the other,
 * and double what one founder makes the server write. The slot's lease is renewed while `upload` runs
 * and the slot freed however it ends (done, refused, failed, or the client gone); a server that dies
 * holding one frees it when the lease lapses.
 */
async function withArchiveUploadSlot<T>(
  ctx: AppContext,
  roomId: string,
  upload: () => Promise<T>,
): Promise<T> {
  const holder = crypto.randomUUID();
  const leaseFrom = (now: Date) => new Date(now.getTime() + ARCHIVE_UPLOAD_SLOT_LEASE_MS);
  const now = new Date();
  if (!(await takeArchiveUploadSlot(ctx.db, roomId, holder, now, leaseFrom(now))))
    throw new HttpError(
      409,
      'archive_upload_running',
      'Another zip is being uploaded to this data room. Wait until it is done, then upload this one.',
      { field: 'file' },
    );
  const renewal = setInterval(() => {
    // A failed renewal only shortens the lease: the next one, or the release, still comes.
    renewArchiveUploadSlot(ctx.db, roomId, holder, leaseFrom(new Date())).catch(() => undefined);
  }, ARCHIVE_UPLOAD_SLOT_RENEW_MS);
  renewal.unref();
  try {
    return await upload();
  } finally {
    clearInterval(renewal);
    // A slot that could not be freed now frees itself when its lease lapses; the upload's own answer
    // (or error) is what the founder must see.
    await freeArchiveUploadSlot(ctx.db, roomId, holder).catch(() => undefined);
  }
}

/** The form's section and the zip, written to a work file (a zip is read from its end: it needs seeking). */
async function receivedArchive(
  ctx: AppContext,
  parts: AsyncIterable<UploadPart>,
  zipPath: string,
): Promise<ReceivedArchive> {
  const fields: Record<string, string> = {};
  let received = false;
  for await (const part of parts) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value ?? '');
      continue;
    }
    if (part.fieldname !== 'file' || received) {
      part.file.resume();
      throw new HttpError(400, 'invalid_request', `Send one zip named "file". ${MULTIPART_SHAPE}`, {
        field: part.fieldname,
      });
    }
    if (extensionOf(part.filename) !== 'zip') {
      part.file.resume();
      throw new HttpError(415, 'not_a_zip', `"${cleanFileName(part.filename)}" is not a .zip file.`, {
        field: 'file',
      });
    }
    await pipeline(part.file, byteLimit(ctx.config.uploadMaxBytes), fs.createWriteStream(zipPath));
    if (part.file.truncated) throw new ObjectTooLargeError('truncated');
    received = true;
  }
  const checked = archiveUploadFieldsSchema.safeParse(fields);
  if (!checked.success) throw invalidInput(checked.error);
  if (!received)
    throw new HttpError(400, 'invalid_request', 'file: choose a zip to upload.', { field: 'file' });
  return { section: checked.data.section ?? '', zipPath, zipBytes: (await fsp.stat(zipPath)).size };
}

/** The zip as received: the form's section, its work file and its size. */
interface ReceivedArchive {
  section: string;
  zipPath: string;
  zipBytes: number;
}

function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > maxBytes ? new ObjectTooLargeError('archive') : null, chunk);
    },
  });
}

/** A file of the zip that passed the checks of its metadata, to be read. */
interface PlannedFile {
  entry: yauzl.Entry;
  path: string;
  extension: UploadExtension;
  section: string;
}

async function unpackArchive(
  ctx: AppContext,
  room: DataRoom,
  founder: RoomUser,
  { zipPath, zipBytes, section: rootSection }: ReceivedArchive,
  signal: AbortSignal,
  versionFiles: VersionFiles,
): Promise<ArchiveUploadResult> {
  const zip = await openZip(zipPath);
  const pending: PendingObject[] = [];
  try {
    const entries = await entriesOf(zip);
    const { planned, results } = planFiles(ctx, entries, rootSection, zipBytes);
    if (
      planned.length > 0 &&
      (await versionFiles.countRoomFiles(ctx.db, room.id)) + planned.length > UPLOADS_PER_ROOM
    )
      throw uploadLimitReached();
    const toStore: (UploadToStore & { path: string })[] = [];
    for (const file of planned) {
      if (signal.aborted) throw clientGone();
      const read = await readEntry(ctx, zip, file);
      if ('refusal' in read) {
        results.push({ path: file.path, status: 'refused', message: read.refusal });
        continue;
      }
      pending.push(read.object);
      const name = path.posix.basename(file.entry.fileName);
      toStore.push({
        pending: read.object,
        fileName: name,
        extension: file.extension,
        title: cleanFileName(name),
        section: file.section,
        path: file.path,
      });
    }
    if (signal.aborted) throw clientGone();
    const stored = await storeUploads(ctx, room, founder, toStore, versionFiles);
    stored.forEach(({ document }, index) => {
      results.push({ path: toStore[index]?.path ?? '', status: 'stored', document });
    });
    return {
      stored: stored.length,
      refused: results.length - stored.length,
      results: inZipOrder(results, entries),
    };
  } catch (error) {
    for (const object of pending) await object.discard().catch(() => undefined);
    throw error;
  } finally {
    zip.close();
  }
}

/** The client went away mid-upload: nothing of the zip is stored (nobody would read the answer). */
function clientGone(): HttpError {
  return archiveRefused(400, 'upload_cancelled', 'The upload was cancelled before the zip was unpacked.');
}

function openZip(zipPath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zip) => {
      if (error) reject(damaged(error));
      else resolve(zip);
    });
  });
}

/** Every entry of the central directory, refused whole past ARCHIVE_LIMITS.maxEntries before one is read. */
function entriesOf(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  if (zip.entryCount > ARCHIVE_LIMITS.maxEntries)
    return Promise.reject(
      archiveRefused(
        413,
        'archive_too_many_entries',
        `The zip holds ${zip.entryCount} entries; at most ${ARCHIVE_LIMITS.maxEntries} are unpacked.`,
      ),
    );
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (error: Error) => reject(damaged(error)));
    zip.readEntry();
  });
}

/** yauzl's refusal of a damaged zip or an unsafe name, in the API's words. */
function damaged(error: Error): HttpError {
  if (error instanceof HttpError) return error;
  // yauzl refuses names that leave the zip's folder (zip slip) as it reads them.
  const unsafe = /^(invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(
    error.message,
  );
  if (unsafe)
    return archiveRefused(
      400,
      'archive_unsafe_path',
      `The zip names a file outside its own folder ("${replaceUnsafeCharacters(unsafe[2] ?? '', '?').slice(0, 200)}").`,
    );
  // yauzl counts the bytes an entry unpacks to against what the zip declares (validateEntrySizes).
  if (error.message.startsWith('too many bytes in the stream'))
    return archiveRefused(
      413,
      'archive_compression_ratio',
      'A file of the zip unpacks to more than the size the zip declares, as a zip bomb does.',
    );
  return archiveRefused(400, 'archive_damaged', `The zip is damaged and cannot be read (${error.message}).`);
}

/**
 * Checks every entry's metadata before a byte is read: what is refused whole (too large in total, a
 * compression ratio of a zip bomb) and what is refused alone (encrypted, a nested archive, a type that
 * may not be uploaded, over the upload limit), and the section each file goes to.
 */
function planFiles(
  ctx: AppContext,
  entries: yauzl.Entry[],
  rootSection: string,
  zipBytes: number,
): { planned: PlannedFile[]; results: ArchiveUploadResult['results'] } {
  const files = entries.filter((entry) => !entry.fileName.endsWith('/') && !isSystemLeftover(entry.fileName));
  const total = files.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (total > ARCHIVE_LIMITS.maxTotalBytes)
    throw archiveRefused(
      413,
      'archive_too_large',
      `The zip unpacks to ${gigabytes(total)}; at most ${gigabytes(ARCHIVE_LIMITS.maxTotalBytes)} are unpacked.`,
    );
  const sections = folderSectionsOf(
    files.map((entry) => entry.fileName),
    rootSection || undefined,
  );
  const planned: PlannedFile[] = [];
  const results: ArchiveUploadResult['results'] = [];
  for (const [index, entry] of files.entries()) {
    const entryPath = shownPath(entry.fileName);
    if (entry.fileName.length > ARCHIVE_LIMITS.maxNameLength)
      throw archiveRefused(
        400,
        'archive_damaged',
        `The zip names a file with more than ${ARCHIVE_LIMITS.maxNameLength} characters ("${entryPath.slice(0, 80)}…").`,
      );
    if (
      entry.uncompressedSize > ARCHIVE_LIMITS.ratioCheckedAboveBytes &&
      entry.uncompressedSize > ARCHIVE_LIMITS.maxCompressionRatio * Math.max(entry.compressedSize, 1)
    )
      throw archiveRefused(
        413,
        'archive_compression_ratio',
        `"${entryPath}" unpacks to more than ${ARCHIVE_LIMITS.maxCompressionRatio} times its compressed size, as a zip bomb does.`,
      );
    const refusal = metadataRefusal(ctx, entry);
    if (refusal) {
      results.push({ path: entryPath, status: 'refused', message: refusal });
      continue;
    }
    const extension = extensionOf(entry.fileName) as UploadExtension;
    planned.push({ entry, path: entryPath, extension, section: sections[index] ?? '' });
  }
  refuseExpansionPastLimit(ctx, planned, zipBytes);
  return { planned, results };
}

/**
 * Refuses the whole zip when the files to be written unpack to more than ARCHIVE_LIMITS.maxExpansion
 * times the zip's own size (and more than one upload may be), before a byte is written: every entry
 * is then read up to its declared size and no further (readEntry), so what the zip makes the server
 * write stays under that. Names the file that expands the most, the one to upload on its own.
 */
function refuseExpansionPastLimit(ctx: AppContext, planned: PlannedFile[], zipBytes: number): void {
  const unpacked = planned.reduce((sum, file) => sum + file.entry.uncompressedSize, 0);
  const limit = Math.max(ARCHIVE_LIMITS.maxExpansion * zipBytes, ctx.config.uploadMaxBytes);
  if (unpacked <= limit) return;
  const growth = (file: PlannedFile) => file.entry.uncompressedSize - file.entry.compressedSize;
  const largest = planned.reduce((most, file) => (growth(file) > growth(most) ? file : most));
  throw archiveRefused(
    413,
    'archive_expands_too_much',
    `The zip unpacks to ${megabytes(unpacked)}, more than ${ARCHIVE_LIMITS.maxExpansion} times its own ${megabytes(zipBytes)}: documents compress far less. "${largest.path}" alone unpacks to ${megabytes(largest.entry.uncompressedSize)} from ${megabytes(largest.entry.compressedSize)}. Upload such files on their own, or zip them without compression.`,
  );
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function metadataRefusal(ctx: AppContext, entry: yauzl.Entry): string | null {
  const extension = extensionOf(entry.fileName);
  if (entry.isEncrypted()) return 'It is protected by a password, so it cannot be read.';
  if (NESTED_ARCHIVE_EXTENSIONS.has(extension))
    return 'It is an archive inside the zip: archives are not unpacked twice. Upload it on its own.';
  if (!isAllowedUploadExtension(extension))
    return `Files of type "${extension ? `.${extension}` : 'without an extension'}" cannot be uploaded.`;
  if (entry.uncompressedSize > ctx.config.uploadMaxBytes)
    return `It is larger than ${ctx.config.uploadMaxBytes / 1024 / 1024} MB, the most a single upload may be.`;
  if (entry.uncompressedSize === 0) return 'It is empty: there is nothing to upload.';
  return null;
}

/**
 * Streams one entry into a pending object, once its first bytes showed the content its extension
 * promises: a file that is not what it says is refused before its body is written. A size that differs
 * from the declared one is a damaged zip (yauzl counts it, and storage stops one byte past it).
 */
async function readEntry(
  ctx: AppContext,
  zip: yauzl.ZipFile,
  file: PlannedFile,
): Promise<{ object: PendingObject } | { refusal: string }> {
  const stream = await new Promise<Readable>((resolve, reject) => {
    zip.openReadStream(file.entry, (error, opened) => (error ? reject(damaged(error)) : resolve(opened)));
  });
  // Storage's write sees the stream's error and rejects; yauzl may raise its own size check's error once
  // the write has stopped listening, which must not become an unhandled one.
  stream.on('error', () => undefined);
  try {
    const { head, whole } = await peeked(stream, HEAD_BYTES);
    if (head.length === 0) {
      stream.destroy();
      return { refusal: 'It is empty: there is nothing to upload.' };
    }
    if (!contentMatchesExtension(file.extension, head)) {
      stream.destroy();
      return {
        refusal: `It is not a real .${file.extension} file: its content does not match its extension.`,
      };
    }
    return { object: await ctx.storage.write(whole, { maxBytes: file.entry.uncompressedSize }) };
  } catch (error) {
    stream.destroy();
    if (error instanceof ObjectTooLargeError)
      throw archiveRefused(
        413,
        'archive_compression_ratio',
        `"${file.path}" unpacks to more than the size its zip declares, as a zip bomb does.`,
      );
    throw error instanceof Error ? damaged(error) : error;
  }
}

/**
 * The stream's first `size` bytes (fewer when it is shorter), and the whole stream again, those bytes
 * first, to hand on unchanged (reading `whole` to its end, or ending it early, closes the stream).
 */
async function peeked(stream: Readable, size: number): Promise<{ head: Buffer; whole: Readable }> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first: Buffer[] = [];
  let length = 0;
  while (length < size) {
    const next = await chunks.next();
    if (next.done) break;
    first.push(next.value);
    length += next.value.length;
  }
  const read = Buffer.concat(first);
  async function* replayed(): AsyncGenerator<Buffer> {
    try {
      if (read.length > 0) yield read;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    } finally {
      await chunks.return?.();
    }
  }
  return { head: read.subarray(0, size), whole: Readable.from(replayed(), { objectMode: false }) };
}

/** An entry's name as a result line shows it: any text direction override or control made visible. */
function shownPath(name: string): string {
  return replaceUnsafeCharacters(name, '?').slice(0, ARCHIVE_LIMITS.maxNameLength);
}

function gigabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
}

/** Result lines in the order of the zip's entries (refusals are found before the files are read). */
function inZipOrder(
  results: ArchiveUploadResult['results'],
  entries: yauzl.Entry[],
): ArchiveUploadResult['results'] {
  const order = new Map(entries.map((entry, index) => [shownPath(entry.fileName), index]));
  return [...results].sort((a, b) => (order.get(a.path) ?? 0) - (order.get(b.path) ?? 0));
}
