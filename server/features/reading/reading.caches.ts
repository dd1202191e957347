import { defineCache, untilNextWrite } from '#server/caches/cache-registry';
import type { PreviewObject } from '#server/features/documents/index';
import { PreviewBytesCache } from './preview-bytes-cache';
import { WatermarkedImageCache } from './watermarked-image-cache';

/**
 * The reading module's caches, each built once per app (server/caches/cache-registry.ts, ADR 34). A
 * document and its preview come through the documents module's caches (documents.caches.ts).
 */

/**
 * Preview objects by document id and name (`${documentId}/${name}`), read on every page image and
 * thumbnail: until the next write, so a deletion, a new preparation or a retry is seen by the very next
 * request.
 */
export const previewObjectsCache = untilNextWrite<PreviewObject>('previewObjects');

/**
 * The bytes of small preview objects, by storage key, on both dialects: keys are never rewritten, and
 * callers authorise every request first (preview-bytes-cache.ts). Bounded by PREVIEW_OBJECT_CACHE_MB.
 */
export const previewBytesCache = defineCache(
  'previewBytes',
  ({ limits }) => new PreviewBytesCache(limits.previewObjectCacheBytes),
);

/**
 * Images with a reader's watermark, by reader, stored object and day, on both dialects: nothing they
 * are made from ever changes under that key (watermarked-image-cache.ts). Bounded by WATERMARK_CACHE_MB.
 */
export const watermarkedImagesCache = defineCache(
  'watermarkedImages',
  ({ limits }) => new WatermarkedImageCache(limits.watermarkCacheBytes),
);
