import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { documentRoutes, type uploadResponseSchema } from '#shared/contracts/documents';
import { uploadRefusal } from '#web/features/documents/upload-rules';
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
}

interface UploadQueueOptions {
  /** A section to link each file into (the server adds `- [title](link)` to it). */
  section?: string;
  /** After each successful upload, e.g. to add the link to an unsaved draft of the sections too. */
  onUploaded?: (uploaded: UploadResponse, section: string | undefined) => void;
}

/** At most this many files travel at once; the rest wait their turn. */
const PARALLEL_UPLOADS = 3;

/**
 * Several files at once, each with its own progress and outcome (docs/product-rules.md#uploads: 'Uploading
 * {file}...', then 'File uploaded successfully' or 'Failed to upload file' with the reason). A file the
 * browser can already tell is too large or of a type not allowed is refused before any byte is sent.
 */
export function useUploadQueue() {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const waiting = useRef<{ key: string; file: File; options: UploadQueueOptions }[]>([]);
  const running = useRef(0);
  const nextKey = useRef(0);

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const pump = useCallback(() => {
    while (running.current < PARALLEL_UPLOADS) {
      const job = waiting.current.shift();
      if (!job) return;
      running.current++;
      const { key, file, options } = job;
      update(key, { status: 'uploading' });
      toast.loading(`Uploading ${file.name}...`, { id: key });
      const body = new FormData();
      if (options.section) body.append('section', options.section);
      body.append('file', file, file.name);
      apiUpload(documentRoutes.upload, body, (progress) => update(key, { progress }))
        .then((uploaded) => {
          update(key, { status: 'done', progress: 1 });
          toast.success('File uploaded successfully', { id: key, description: uploaded.document.title });
          options.onUploaded?.(uploaded, options.section);
        })
        .catch((error: Error) => {
          update(key, { status: 'failed', error: error.message });
          toast.error('Failed to upload file', { id: key, description: `${file.name}: ${error.message}` });
        })
        .finally(() => {
          running.current--;
          void invalidate(queryClient, invalidatedBy.documentUploaded());
          pump();
        });
    }
  }, [queryClient, update]);

  const add = useCallback(
    (files: Iterable<File>, options: UploadQueueOptions = {}) => {
      const added: UploadItem[] = [];
      for (const file of files) {
        const key = `upload-${nextKey.current++}`;
        const refusal = uploadRefusal(file);
        added.push({
          key,
          name: file.name,
          size: file.size,
          progress: 0,
          status: refusal ? 'failed' : 'waiting',
          ...(refusal && { error: refusal }),
        });
        if (refusal)
          toast.error('Failed to upload file', { id: key, description: `${file.name}: ${refusal}` });
        else waiting.current.push({ key, file, options });
      }
      setItems((current) => [...added, ...current]);
      pump();
    },
    [pump],
  );

  /** Forgets finished uploads (done or failed); those still running stay. */
  const clearFinished = useCallback(() => {
    setItems((current) => current.filter((item) => item.status === 'waiting' || item.status === 'uploading'));
  }, []);

  const busy = items.some((item) => item.status === 'waiting' || item.status === 'uploading');
  return { items, add, clearFinished, busy };
}
