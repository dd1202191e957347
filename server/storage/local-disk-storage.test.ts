import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage';
import { ObjectTooLargeError, type Storage, StorageHeldError } from './storage';

let dir: string;
let storage: Storage;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-storage-'));
  storage = createLocalDiskStorage(dir);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const chunks = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));
const tmpFiles = () => fs.readdirSync(path.join(dir, 'tmp'));

test('a write measures and hashes the stream, and a commit makes it readable under a random key', async () => {
  const pending = await storage.write(chunks('%PDF-1.7 ', 'hello'), { maxBytes: 100 });
  expect(pending.size).toBe(14);
  expect(pending.sha256).toBe(crypto.createHash('sha256').update('%PDF-1.7 hello').digest('hex'));
  expect(pending.head.toString()).toBe('%PDF-1.7 hello');
  expect(tmpFiles()).toHaveLength(1);

  const key = await pending.commit();
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
  expect(tmpFiles()).toEqual([]);
  expect(await text(storage.read(key))).toBe('%PDF-1.7 hello');
  expect(await text(storage.read(key, { start: 9, end: 13 }))).toBe('hello');
  expect(await storage.size(key)).toBe(14);
});

test('past maxBytes the write fails and leaves nothing behind', async () => {
  await expect(storage.write(chunks('12345', '67890', 'x'), { maxBytes: 10 })).rejects.toBeInstanceOf(
    ObjectTooLargeError,
  );
  expect(tmpFiles()).toEqual([]);
});

test('a discarded write leaves nothing; the sweep removes what a crash left', async () => {
  const pending = await storage.write(chunks('abc'), { maxBytes: 10 });
  await pending.discard();
  expect(tmpFiles()).toEqual([]);
  fs.writeFileSync(path.join(dir, 'tmp', 'crashed.part'), 'partial');
  expect(await storage.sweepTemporary()).toBe(1);
  expect(tmpFiles()).toEqual([]);
});

test('keys are only ever ours: a path in a key is refused', () => {
  expect(() => storage.read('../../etc/passwd')).toThrow('invalid storage key');
});

test('a commit may keep a given key, as a backup or a restore does', async () => {
  const key = crypto.randomUUID();
  const pending = await storage.write(chunks('%PDF-1.7'), { maxBytes: 100 });
  expect(await pending.commit(key)).toBe(key);
  expect(await text(storage.read(key))).toBe('%PDF-1.7');
  expect(await storage.list()).toEqual([key]);
});

test('reconcile sets unreferenced files aside and brings them back once they are referenced again', async () => {
  const keep = await (await storage.write(chunks('kept'), { maxBytes: 100 })).commit();
  const orphan = await (await storage.write(chunks('orphan'), { maxBytes: 100 })).commit();
  const inFlight = await storage.write(chunks('not committed'), { maxBytes: 100 });

  expect(await storage.reconcile(new Set([keep]))).toEqual({ setAside: [orphan], restored: [] });
  expect(await storage.size(orphan)).toBeUndefined();
  expect(fs.readFileSync(path.join(dir, 'orphaned', orphan), 'utf8')).toBe('orphan');
  expect(await text(storage.read(keep))).toBe('kept');
  expect(tmpFiles()).toHaveLength(1);
  await inFlight.discard();

  expect(await storage.reconcile(new Set([keep, orphan]))).toEqual({ setAside: [], restored: [orphan] });
  expect(await text(storage.read(orphan))).toBe('orphan');
  expect(await storage.reconcile(new Set([keep, orphan]))).toEqual({ setAside: [], restored: [] });
});

test('while a backup holds removals, a removed object is kept aside and readable until the hold is released', async () => {
  const key = await (await storage.write(chunks('held'), { maxBytes: 100 })).commit();
  const hold = await storage.holdRemovals();
  await storage.remove(key);
  expect(await storage.size(key)).toBeUndefined();
  expect(await text(await hold.read(key))).toBe('held');
  await expect(storage.holdRemovals()).rejects.toBeInstanceOf(StorageHeldError);

  await hold.release();
  await expect(hold.read(key)).rejects.toMatchObject({ code: 'ENOENT' });
  const next = await (await storage.write(chunks('gone at once'), { maxBytes: 100 })).commit();
  await storage.remove(next);
  expect(fs.readdirSync(dir).sort()).toEqual(['tmp']);
});

test('a hold whose process has died counts for nothing: removals delete, a new hold replaces it', async () => {
  const dead = spawnSync(process.execPath, ['-e', '']).pid;
  const record = { pid: dead, hostname: os.hostname(), startedAt: Date.now() };
  fs.writeFileSync(path.join(dir, 'backup.lock'), JSON.stringify(record));
  fs.mkdirSync(path.join(dir, 'deleted'));
  fs.writeFileSync(path.join(dir, 'deleted', crypto.randomUUID()), 'left by a killed backup');

  const key = await (await storage.write(chunks('x'), { maxBytes: 100 })).commit();
  await storage.remove(key);
  expect(fs.existsSync(path.join(dir, 'deleted', key))).toBe(false);
  expect(await storage.sweepTemporary()).toBe(1);
  expect(fs.existsSync(path.join(dir, 'deleted'))).toBe(false);
  const hold = await storage.holdRemovals();
  expect(JSON.parse(fs.readFileSync(path.join(dir, 'backup.lock'), 'utf8')).pid).toBe(process.pid);
  await hold.release();
});
