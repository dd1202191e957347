import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { AppContext } from '#server/app-context';
import {
  type DataRoom,
  type RoomUser,
  requireManagedRoom,
  sectionsMarkdownOf,
  writeWithSectionsEdit,
} from '#server/features/rooms/index';
import { addDocumentsToSectionOffThread } from '#server/parsing/sections-parser';
import { HttpError, invalidInput } from '#server/plugins/errors';
import { ObjectTooLargeError, type PendingObject } from '#server/storage/storage';
import { emitWebhookEvent } from '#server/webhooks/webhook-events';
import {
  type DocumentListItem,
  MAX_DOCUMENT_TITLE_LENGTH,
  uploadFieldsSchema,
} from '#shared/contracts/documents';
import { replaceUnsafeCharacters } from '#shared/contracts/fields';
import { extensionOf, fileTypeFromName } from '#shared/file-types';
import { uploadedDocumentPath } from '#shared/sections-markdown';
import { isAllowedUploadExtension, UPLOAD_EXTENSIONS, type UploadExtension } from '#shared/uploads';
import { insertDocument, type StoredDocument } from './documents.repository';
import { toListItem } from './documents.service';
import { contentMatchesExtension, mimeTypeFor } from './file-signatures';
import { findPreviews } from './previews.repository';
import { startDocumentPreview } from './previews.service';
import { MULTIPART_SHAPE } from './upload-errors';
import type { VersionFiles } from './version-files';

/**
 * Uploads: a founder's file read from the request, checked (type, content, size, empty) and stored with
 * its row, its version 1, its preview's job, its link in the sections and its webhook event in one write
 * (a zip's files, from the archives module, all in one).
 */

/**
 * Every account has the Professional plan's 500 uploads (docs/product-rules.md#plans-and-limits): stored
 * files, so each version of a document is one (docs/decisions/0096-versions-count-as-uploads.md).
 */
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

/**
 * Stores one uploaded file for the founder's room: streamed to storage (never held in memory), at most
 * the upload limit (UPLOAD_MAX_MB, 50 MB by default), of an allowed type whose content matches its extension, not empty. With a section, a link to
 * it is added to that section of the markdown. Nothing is left behind when any check fails.
 */
export async function uploadDocument(
  ctx: AppContext,
  founder: RoomUser,
  parts: AsyncIterable<UploadPart>,
  versionFiles: VersionFiles,
): Promise<{ document: DocumentListItem; url: string }> {
  const room = await requireManagedRoom(ctx, founder);
  // Refuses early, before a byte is stored; counted again where it is decided, below.
  if ((await versionFiles.countRoomFiles(ctx.db, room.id)) >= UPLOADS_PER_ROOM) throw uploadLimitReached();
  const checked = await checkedUpload(await receivedUpload(ctx, parts), uploadFieldsSchema);
  return storeUpload(ctx, room, founder, checked, versionFiles);
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
  versionFiles: VersionFiles,
): Promise<{ document: DocumentListItem; url: string }> {
  const title = fields.title || cleanFileName(fileName) || `Untitled.${extension}`;
  const [stored] = await storeUploads(
    ctx,
    room,
    founder,
    [{ pending, fileName, extension, title, section: fields.section ?? '' }],
    versionFiles,
  );
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
  versionFiles: VersionFiles,
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
        if ((await versionFiles.countRoomFiles(trx, room.id)) + documents.length > UPLOADS_PER_ROOM)
          throw uploadLimitReached();
        for (const { document } of documents) {
          await insertDocument(trx, document);
          await versionFiles.recordFirstVersion(trx, document);
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
    `Your plan allows ${UPLOADS_PER_ROOM} uploads per data room, and each version of a file is one. Delete a file or an earlier version to upload another.`,
  );
}
