import { LRUCache } from 'lru-cache';

/**
 * Page images, thumbnails and images with one reader's watermark burned in
 * (docs/decisions/0046-dynamic-watermark.md), by reader, stored object (which names the document, the
 * page and the width) and day: `${userId}/${storageKey}/${day}`.
 *
 * Invalidation: none is needed. The stored object under a key never changes (preview-bytes-cache.ts),
 * the reader's e-mail is part of their account for good, and the day is in the key, so tomorrow's
 * reads make tomorrow's images. Who may read is decided before, on every request: the cache is reached
 * only with the caller's own id and a key they were just authorised to read, so one reader's image can
 * never be served to another. Bounded by WATERMARK_CACHE_MB; least recently used images go first.
 * Concurrent misses of one key share one stamping.
 */
export class WatermarkedImageCache {
  readonly #images: LRUCache<string, Buffer, () => Promise<Buffer>> | undefined;

  constructor(maxBytes: number) {
    this.#images =
      maxBytes > 0
        ? new LRUCache<string, Buffer, () => Promise<Buffer>>({
            maxSize: maxBytes,
            // One image may take at most a sixteenth, as in the preview bytes cache.
            maxEntrySize: Math.max(1, Math.floor(maxBytes / 16)),
            sizeCalculation: (bytes) => Math.max(1, bytes.length),
            fetchMethod: async (_key, _stale, { context: stamp }) => stamp(),
          })
        : undefined;
  }

  /** The reader's watermarked image, from memory or stamped once with `stamp`. */
  async image(
    key: { userId: string; storageKey: string; day: string },
    stamp: () => Promise<Buffer>,
  ): Promise<Buffer> {
    if (!this.#images) return stamp();
    const bytes = await this.#images.fetch(`${key.userId}/${key.storageKey}/${key.day}`, { context: stamp });
    // Too large to keep: stamped again, as with no cache.
    return bytes ?? stamp();
  }
}
