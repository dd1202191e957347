import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  type ArchiveUploadResult,
  documentRoutes,
  type uploadResponseSchema,
} from '#shared/contracts/documents';
import { extensionOf } from '#shared/file-types';
import { folderSectionsOf, isSystemLeftover } from '#shared/folder-sections';
import { uploadedDocumentPath } from '#shared/sections-markdown';
import { MAX_UPLOAD_BYTES } from '#shared/uploads';
import type { FolderFile } from '#web/features/documents/folder-upload';
import { uploadRefusal } from '#web/features/documents/upload-rules';
import { useSiteInfo } from '#web/features/site/api/use-site-info';
import { apiUpload } from '#web/lib/api-client';
import { invalidate, invalidatedBy } from '#web/lib/query-keys';

export type UploadResponse = typeof uploadResponseSchema._output;

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  /** Fraction of the file sent, 0 to 1. */
  progress: number;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  /** Why it failed: the browser's check or the server's answer. */
  error?: string;
  /** A zip's lines once unpacked: each file stored (and where) or refused, and why. */
  lines?: ArchiveUploadResult['results'];
}

interface UploadQueueOptions {
  /** A section to link each file into (the server adds `- [title](link)` to it). */
  section?: string;
  /** After each successful upload, e.g. to add the link to an unsaved draft of the sections too. */
  onUploaded?: (uploaded: UploadResponse, section: string | undefined) => void;
}

/** One upload waiting its turn: a file, or a zip to unpack (docs/product-rules.md#folders-and-zips). */
interface UploadJob {
  key: string;
  file: File;
  kind: 'file' | 'archive';
  options: UploadQueueOptions;
}

/** At most this many files travel at once; the rest wait their turn. */
const PARALLEL_UPLOADS = 3;

type UpdateItem = (key: string, change: Partial<UploadItem>) => void;

/** Sends one file; its line and toast say how it went. */
function sendFile({ key, file, options }: UploadJob, update: UpdateItem) {
  const body = new FormData();
  if (options.section) body.append('section', options.section);
  body.append('file', file, file.name);
  return apiUpload(documentRoutes.upload, body, (progress) => update(key, { progress }))
    .then((uploaded) => {
      update(key, { status: 'done', progress: 1 });
      toast.success('File uploaded successfully', { id: key, description: uploaded.document.title });
      options.onUploaded?.(uploaded, options.section);
    })
    .catch((error: Error) => {
      update(key, { status: 'failed', error: error.message });
      toast.error('Failed to upload file', { id: key, description: `${file.name}: ${error.message}` });
    });
}

/** Sends one zip to be unpacked; its line lists each file stored or refused. */
function sendArchive({ key, file, options }: UploadJob, update: UpdateItem) {
  const body = new FormData();
  if (options.section) body.append('section', options.section);
  body.append('file', file, file.name);
  return apiUpload(documentRoutes.uploadArchive, body, (progress) => update(key, { progress }))
    .then((unpacked) => {
      update(key, { status: 'done', progress: 1, lines: unpacked.results });
      const summary = `${unpacked.stored} stored${unpacked.refused ? `, ${unpacked.refused} refused` : ''}`;
      if (unpacked.refused)
        toast.warning('Zip unpacked, with files refused', { id: key, description: summary });
      else toast.success('Zip unpacked', { id: key, description: summary });
      for (const line of unpacked.results) {
        if (line.status !== 'stored') continue;
        const section = line.document.sectionName ?? undefined;
        options.onUploaded?.(
          {
            message: 'File uploaded successfully',
            document: line.document,
            url: uploadedDocumentPath(line.document.id),
          },
          section,
        );
      }
    })
    .catch((error: Error) => {
      update(key, { status: 'failed', error: error.message });
      toast.error('Failed to upload zip', { id: key, description: `${file.name}: ${error.message}` });
    });
}

/**
 * Several files at once, each with its own progress and outcome (docs/product-rules.md#uploads: 'Uploading
 * {file}...', then 'File uploaded successfully' or 'Failed to upload file' with the reason). A file the
 * browser can already tell is too large or of a type not allowed is refused before any byte is sent.
 */
export function useUploadQueue() {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const waiting = useRef<UploadJob[]>([]);
  const maxBytes = useSiteInfo().data?.uploadMaxBytes ?? MAX_UPLOAD_BYTES;
  const running = useRef(0);
  const archiveRunning = useRef(false);
  const nextKey = useRef(0);

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const pump = useCallback(() => {
    while (running.current < PARALLEL_UPLOADS) {
      // One zip at a time, as the server unpacks one per room at once (409 archive_upload_running): a
      // second zip waits for the first while files go on around it.
      const next = waiting.current.findIndex((job) => job.kind === 'file' || !archiveRunning.current);
      if (next === -1) return;
      const [job] = waiting.current.splice(next, 1);
      if (!job) return;
      running.current++;
      if (job.kind === 'archive') archiveRunning.current = true;
      const { key, file } = job;
      update(key, { status: 'uploading' });
      toast.loading(`Uploading ${file.name}...`, { id: key });
      const sent = job.kind === 'archive' ? sendArchive(job, update) : sendFile(job, update);
      sent.finally(() => {
        running.current--;
        if (job.kind === 'archive') archiveRunning.current = false;
        void invalidate(queryClient, invalidatedBy.documentUploaded());
        pump();
      });
    }
  }, [queryClient, update]);

  /** Queues files, each with the name its line shows (a folder's file: its path) and its options. */
  const enqueue = useCallback(
    (entries: readonly { file: File; name: string; options: UploadQueueOptions; unpack: boolean }[]) => {
      const added: UploadItem[] = [];
      for (const { file, name, options, unpack } of entries) {
        const key = `upload-${nextKey.current++}`;
        const refusal = uploadRefusal(file, maxBytes);
        added.push({
          key,
          name,
          size: file.size,
          progress: 0,
          status: refusal ? 'failed' : 'waiting',
          ...(refusal && { error: refusal }),
        });
        if (refusal) toast.error('Failed to upload file', { id: key, description: `${name}: ${refusal}` });
        else
          waiting.current.push({
            key,
            file,
            options,
            kind: unpack && extensionOf(file.name) === 'zip' ? 'archive' : 'file',
          });
      }
      setItems((current) => [...added, ...current]);
      pump();
    },
    [pump, maxBytes],
  );

  /** Files chosen or dropped: a .zip among them is unpacked into sections, every other file uploaded as it is. */
  const add = useCallback(
    (files: Iterable<File>, options: UploadQueueOptions = {}) =>
      enqueue([...files].map((file) => ({ file, name: file.name, options, unpack: true }))),
    [enqueue],
  );

  /**
   * A folder's files, each uploaded on its own into the section its top folder names (the same rule as
   * an unpacked zip: folderSectionsOf); the files at its top go to the section chosen for the upload.
   */
  const addFolder = useCallback(
    (folder: readonly FolderFile[], options: UploadQueueOptions = {}) => {
      const files = folder.filter(({ path }) => !isSystemLeftover(path));
      const sections = folderSectionsOf(
        files.map(({ path }) => path),
        options.section,
      );
      enqueue(
        files.map(({ file, path }, index) => ({
          file,
          name: path,
          options: { ...options, section: sections[index] },
          // A zip inside a folder is a file of it, stored as it is (archives are unpacked once).
          unpack: false,
        })),
      );
    },
    [enqueue],
  );

  /** Forgets finished uploads (done or failed); those still running stay. */
  const clearFinished = useCallback(() => {
    setItems((current) => current.filter((item) => item.status === 'waiting' || item.status === 'uploading'));
  }, []);

  const busy = items.some((item) => item.status === 'waiting' || item.status === 'uploading');
  return { items, add, addFolder, clearFinished, busy, maxBytes };
}
