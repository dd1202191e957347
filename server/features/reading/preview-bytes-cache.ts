import type { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';

/** The largest share of the cache one object may take: bigger objects are streamed, never held. */
const MAX_ENTRY_SHARE = 16;

/**
 * The bytes of small stored preview objects (page images, thumbnails, a resized image), by storage key.
 * Opening, reading and closing a file for a 30 KB page image cost more than the rest of the request
 * (bench/previews.ts), and readers page through the same few documents.
 *
 * Invalidation: none is needed, on both dialects. A preview object is never rewritten under its key
 * (a new preparation stores new keys; the key is the ETag), so the bytes kept are always the stored
 * bytes. Who may read them is decided before, on every request, exactly as for a download: this cache
 * is reached only with a key the caller was just authorised to read. Bounded by total bytes; least
 * recently used objects are dropped first. Concurrent misses of one key share one read.
 */
export class PreviewBytesCache {
  readonly #bytes: LRUCache<string, Buffer, () => Readable> | undefined;
  readonly maxEntryBytes: number;

  constructor(maxBytes: number) {
    this.maxEntryBytes = Math.floor(maxBytes / MAX_ENTRY_SHARE);
    this.#bytes =
      maxBytes > 0
        ? new LRUCache<string, Buffer, () => Readable>({
            maxSize: maxBytes,
            maxEntrySize: this.maxEntryBytes,
            sizeCalculation: (bytes) => Math.max(1, bytes.length),
            fetchMethod: async (_key, _stale, { context: open }) => readAll(open()),
          })
        : undefined;
  }

  /**
   * The object's bytes, from memory or read once with `open`; undefined when the object is too large to
   * keep (the caller streams it instead).
   */
  async bytes(storageKey: string, sizeBytes: number, open: () => Readable): Promise<Buffer | undefined> {
    if (!this.#bytes || sizeBytes > this.maxEntryBytes) return undefined;
    return this.#bytes.fetch(storageKey, { context: open });
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
