import { Readable } from 'node:stream';
import { expect, test } from 'vitest';
import { PreviewBytesCache } from './preview-bytes-cache';

/** A storage read of `size` bytes that counts how often it was opened. */
function storedObject(size: number, fill = 1) {
  const object = { opened: 0, open: () => Readable.from([Buffer.alloc(size, fill)]) };
  const counted = () => {
    object.opened++;
    return object.open();
  };
  return { object, counted };
}

test('an object is read once, and concurrent misses share that read', async () => {
  const cache = new PreviewBytesCache(1024 * 1024);
  const { object, counted } = storedObject(30_000);
  const [a, b] = await Promise.all([cache.bytes('k', 30_000, counted), cache.bytes('k', 30_000, counted)]);
  expect(await cache.bytes('k', 30_000, counted)).toBe(a);
  expect(b).toBe(a);
  expect(a?.length).toBe(30_000);
  expect(object.opened).toBe(1);
});

test('the cache holds at most its size in bytes, dropping the least recently used objects', async () => {
  const cache = new PreviewBytesCache(160_000);
  const objects = ['a', 'b', 'c', 'd', 'e'].map((key) => ({ key, ...storedObject(10_000) }));
  for (const { key, counted } of objects) await cache.bytes(key, 10_000, counted);
  // 17 more objects of 10 KB: 220 KB asked of a 160 KB cache, so the first ones are dropped.
  for (let i = 0; i < 17; i++) await cache.bytes(`other-${i}`, 10_000, storedObject(10_000).counted);
  const first = objects[0];
  await cache.bytes(first?.key ?? '', 10_000, first?.counted ?? (() => Readable.from([])));
  expect(first?.object.opened).toBe(2);
});

test('an object larger than a sixteenth of the cache is never held: the caller streams it', async () => {
  const cache = new PreviewBytesCache(160_000);
  const { object, counted } = storedObject(10_001);
  expect(await cache.bytes('big', 10_001, counted)).toBeUndefined();
  expect(object.opened).toBe(0);
  expect(await new PreviewBytesCache(0).bytes('k', 1, counted)).toBeUndefined();
});
