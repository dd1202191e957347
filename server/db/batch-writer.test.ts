import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { BatchWriter, BatchWriterClosedError } from './batch-writer';

/** A writer whose writes are recorded, and which refuses any batch holding a refused item. */
function recordingWriter(
  options: { maxItems?: number; windowMs?: number; refuse?: (item: number) => boolean } = {},
) {
  const writes: number[][] = [];
  const writer = new BatchWriter<number, string>({
    maxItems: options.maxItems ?? 100,
    windowMs: options.windowMs ?? 0,
    async write(items) {
      writes.push([...items]);
      const refused = items.find((item) => options.refuse?.(item));
      if (refused !== undefined) throw new Error(`item ${refused} cannot be written`);
      return items.map((item) => `wrote ${item}`);
    },
  });
  return { writer, writes };
}

test('the items added in one turn of the event loop are written by one write, each answered with its outcome', async () => {
  const { writer, writes } = recordingWriter();
  const outcomes = await Promise.all([writer.add(1), writer.add(2), writer.add(3)]);
  expect(outcomes).toEqual(['wrote 1', 'wrote 2', 'wrote 3']);
  expect(writes).toEqual([[1, 2, 3]]);
});

test('items of a later turn go in a batch of their own', async () => {
  const { writer, writes } = recordingWriter();
  await writer.add(1);
  await writer.add(2);
  expect(writes).toEqual([[1], [2]]);
});

test('with a window, items added until it closes share a write', async () => {
  const { writer, writes } = recordingWriter({ windowMs: 50 });
  const first = writer.add(1);
  await sleep(10);
  const second = writer.add(2);
  expect(writes).toEqual([]);
  expect(await Promise.all([first, second])).toEqual(['wrote 1', 'wrote 2']);
  expect(writes).toEqual([[1, 2]]);
});

test('a full batch is written at once, without waiting for its window', async () => {
  const { writer, writes } = recordingWriter({ maxItems: 2, windowMs: 60_000 });
  const outcomes = await Promise.all([writer.add(1), writer.add(2)]);
  expect(outcomes).toEqual(['wrote 1', 'wrote 2']);
  expect(writes).toEqual([[1, 2]]);
  // The next item opens a new window of its own.
  const third = writer.add(3);
  await sleep(10);
  expect(writes).toEqual([[1, 2]]);
  await writer.close();
  expect(await third).toBe('wrote 3');
});

test('more items than a batch holds are written in batches of at most maxItems', async () => {
  const { writer, writes } = recordingWriter({ maxItems: 2 });
  await Promise.all([1, 2, 3, 4, 5].map((item) => writer.add(item)));
  expect(writes).toEqual([[1, 2], [3, 4], [5]]);
});

test('when a batch fails, its items are written one by one, so only the item that cannot be written fails', async () => {
  const { writer, writes } = recordingWriter({ refuse: (item) => item === 2 });
  const results = await Promise.allSettled([writer.add(1), writer.add(2), writer.add(3)]);
  expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(results[1]).toMatchObject({ reason: new Error('item 2 cannot be written') });
  expect(writes).toEqual([[1, 2, 3], [1], [2], [3]]);
});

test('a lone item whose write fails is refused at once, not written twice', async () => {
  const { writer, writes } = recordingWriter({ refuse: () => true });
  await expect(writer.add(7)).rejects.toThrow('item 7 cannot be written');
  expect(writes).toEqual([[7]]);
});

test('a write that answers for a different number of items refuses them all and writes nothing again', async () => {
  let writes = 0;
  const writer = new BatchWriter<number, string>({
    maxItems: 10,
    windowMs: 0,
    async write() {
      writes += 1;
      return ['only one'];
    },
  });
  const results = await Promise.allSettled([writer.add(1), writer.add(2)]);
  expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  expect(writes).toBe(1);
});

test('close writes what is waiting at once and resolves once every write has ended; later items are refused', async () => {
  let release: () => void = () => {};
  const written: number[] = [];
  const writer = new BatchWriter<number>({
    maxItems: 10,
    windowMs: 60_000,
    async write(items) {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      written.push(...items);
      return items.map(() => undefined);
    },
  });
  const waiting = writer.add(1);
  let closed = false;
  const closing = writer.close().then(() => {
    closed = true;
  });
  await sleep(10);
  expect(closed).toBe(false);
  release();
  await closing;
  expect(written).toEqual([1]);
  await expect(waiting).resolves.toBeUndefined();
  await expect(writer.add(2)).rejects.toBeInstanceOf(BatchWriterClosedError);
});

test('closing a writer with nothing waiting resolves at once', async () => {
  const { writer, writes } = recordingWriter();
  await writer.close();
  expect(writes).toEqual([]);
});
