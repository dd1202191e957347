import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { StorageConfig } from '#server/config';
import { createTestBucket, startS3Server, type TestS3Server } from '#tests/support/s3-server';
import { createLocalDiskStorage } from './local-disk-storage';
import { createS3Client, createS3Storage, type S3StorageOptions, writerMetadata } from './s3-storage';
import { ObjectTooLargeError, type Storage, StorageHeldError } from './storage';

/**
 * The contract every Storage driver keeps (storage.ts), run against the disk driver and against an S3
 * driver on a real S3-compatible server. Each driver's fixture looks at what it stored from outside.
 */
interface DriverFixture {
  storage: Storage;
  /** Names of the temporary objects (uploads written, not committed). */
  temporary(): Promise<string[]>;
  /** The bytes of an object set aside by reconcile, if it is there. */
  orphaned(key: string): Promise<string | undefined>;
  /** Whether a removed object is kept aside for a backup. */
  keptAside(key: string): Promise<boolean>;
  /** Every name the driver holds, apart from its empty temporary area. */
  everything(): Promise<string[]>;
  /** What a crash leaves: a temporary object, and a backup's hold whose process has died with an object it kept aside. */
  leaveCrashedTemporary(): Promise<void>;
  leaveDeadHold(): Promise<void>;
  holderPid(): Promise<number | undefined>;
  /** Another storage on the same place, as a second process or node sees it. */
  another(): Storage;
}

const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

function diskFixture(): DriverFixture & { cleanUp(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-storage-'));
  const names = (sub: string) =>
    fs.existsSync(path.join(dir, sub)) ? fs.readdirSync(path.join(dir, sub)) : [];
  return {
    storage: createLocalDiskStorage(dir),
    temporary: async () => names('tmp'),
    orphaned: async (key) =>
      fs.existsSync(path.join(dir, 'orphaned', key))
        ? fs.readFileSync(path.join(dir, 'orphaned', key), 'utf8')
        : undefined,
    keptAside: async (key) => fs.existsSync(path.join(dir, 'deleted', key)),
    everything: async () => fs.readdirSync(dir).filter((name) => name !== 'tmp' || names('tmp').length > 0),
    async leaveCrashedTemporary() {
      fs.writeFileSync(path.join(dir, 'tmp', 'crashed.part'), 'partial');
    },
    async leaveDeadHold() {
      const record = { pid: deadPid(), hostname: os.hostname(), startedAt: Date.now() };
      fs.writeFileSync(path.join(dir, 'backup.lock'), JSON.stringify(record));
      fs.mkdirSync(path.join(dir, 'deleted'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'deleted', crypto.randomUUID()), 'left by a killed backup');
    },
    async holderPid() {
      const lock = path.join(dir, 'backup.lock');
      return fs.existsSync(lock) ? JSON.parse(fs.readFileSync(lock, 'utf8')).pid : undefined;
    },
    another: () => createLocalDiskStorage(dir),
    cleanUp: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

function s3Settings(server: TestS3Server, bucket: string): Extract<StorageConfig, { driver: 's3' }> {
  return {
    driver: 's3',
    bucket,
    endpoint: server.endpoint,
    region: server.region,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    forcePathStyle: true,
  };
}

async function namesIn(client: S3Client, Bucket: string, Prefix = ''): Promise<string[]> {
  const names: string[] = [];
  for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix })) {
    for (const item of page.Contents ?? []) if (item.Key) names.push(item.Key.slice(Prefix.length));
  }
  return names;
}

async function s3Fixture(
  server: TestS3Server,
  options: S3StorageOptions = {},
): Promise<DriverFixture & { bucket: string }> {
  const bucket = await createTestBucket(server);
  const settings = s3Settings(server, bucket);
  const client = createS3Client(settings);
  const has = async (Key: string) => (await namesIn(client, bucket, Key)).includes('');
  const put = (Key: string, Body: string, Metadata?: Record<string, string>) =>
    client.send(
      new PutObjectCommand({ Bucket: bucket, Key, Body, ContentLength: Buffer.byteLength(Body), Metadata }),
    );
  // Settled at once: these tests start and stop "nodes" in milliseconds.
  const make = () => createS3Storage(settings, { settleMs: 0, ...options });
  return {
    bucket,
    storage: make(),
    temporary: () => namesIn(client, bucket, 'tmp/'),
    async orphaned(key) {
      if (!(await has(`orphaned/${key}`))) return undefined;
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `orphaned/${key}` }));
      return object.Body?.transformToString();
    },
    keptAside: (key) => has(`deleted/${key}`),
    everything: () => namesIn(client, bucket),
    async leaveCrashedTemporary() {
      await put(`tmp/${crypto.randomUUID()}`, 'partial');
    },
    async leaveDeadHold() {
      await put('backup.lock', '', {
        token: 'killed',
        pid: String(deadPid()),
        hostname: os.hostname(),
        startedat: String(Date.now()),
      });
      await put(`deleted/${crypto.randomUUID()}`, 'left by a killed backup');
    },
    async holderPid() {
      if (!(await has('backup.lock'))) return undefined;
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'backup.lock' }));
      return Number(object.Metadata?.pid);
    },
    another: make,
  };
}

const chunks = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.stop());

describe.each([
  ['local disk', 'disk'],
  ['S3', 's3'],
] as const)('%s storage', (_name, driver) => {
  let fixture: DriverFixture;
  let storage: Storage;
  let cleanUp = () => {};
  beforeEach(async () => {
    if (driver === 'disk') {
      const disk = diskFixture();
      cleanUp = disk.cleanUp;
      fixture = disk;
    } else {
      fixture = await s3Fixture(s3);
    }
    storage = fixture.storage;
  });
  afterEach(() => cleanUp());

  test('a write measures and hashes the stream, and a commit makes it readable under a random key', async () => {
    const pending = await storage.write(chunks('%PDF-1.7 ', 'hello'), { maxBytes: 100 });
    expect(pending.size).toBe(14);
    expect(pending.sha256).toBe(crypto.createHash('sha256').update('%PDF-1.7 hello').digest('hex'));
    expect(pending.head.toString()).toBe('%PDF-1.7 hello');
    expect(await fixture.temporary()).toHaveLength(1);
    expect(await storage.list()).toEqual([]);

    const key = await pending.commit();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await fixture.temporary()).toEqual([]);
    expect(await text(storage.read(key))).toBe('%PDF-1.7 hello');
    expect(await text(storage.read(key, { start: 9, end: 13 }))).toBe('hello');
    expect(await text(storage.read(key, { start: 0, end: 0 }))).toBe('%');
    expect(await text(storage.read(key, { start: 13, end: 13 }))).toBe('o');
    expect(await storage.size(key)).toBe(14);
    await expect(pending.commit()).rejects.toThrow('already committed');
  });

  test('a large upload streams whole, in several parts, and reads back byte for byte, ranges included', async () => {
    const bytes = crypto.randomBytes(12 * 1024 * 1024 + 7);
    const parts = Array.from({ length: 13 }, (_, i) =>
      bytes.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024),
    );
    const pending = await storage.write(Readable.from(parts), { maxBytes: 50 * 1024 * 1024 });
    expect(pending.sha256).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
    const key = await pending.commit();
    const read = await buffer(storage.read(key));
    expect(read.equals(bytes)).toBe(true);
    const start = 5 * 1024 * 1024 - 3;
    const range = await buffer(storage.read(key, { start, end: start + 9 }));
    expect(range.equals(bytes.subarray(start, start + 10))).toBe(true);
  });

  test('past maxBytes the write fails and leaves nothing behind', async () => {
    await expect(storage.write(chunks('12345', '67890', 'x'), { maxBytes: 10 })).rejects.toBeInstanceOf(
      ObjectTooLargeError,
    );
    expect(await fixture.temporary()).toEqual([]);
    expect(await fixture.everything()).toEqual([]);
  });

  test('a source that fails part way stores nothing', async () => {
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('%PDF-1.7 a beginning');
        throw new Error('the client went away');
      })(),
    );
    await expect(storage.write(failing, { maxBytes: 100 })).rejects.toThrow('the client went away');
    expect(await fixture.everything()).toEqual([]);
  });

  test('a discarded write leaves nothing; the sweep removes what a crash left', async () => {
    const pending = await storage.write(chunks('abc'), { maxBytes: 10 });
    await pending.discard();
    expect(await fixture.temporary()).toEqual([]);
    await fixture.leaveCrashedTemporary();
    expect(await storage.sweepTemporary()).toBe(1);
    expect(await fixture.temporary()).toEqual([]);
  });

  test('keys are only ever ours: a path in a key is refused', async () => {
    expect(() => storage.read('../../etc/passwd')).toThrow('invalid storage key');
    await expect(storage.size('objects/../x')).rejects.toThrow('invalid storage key');
  });

  test('a missing object reads as an ENOENT error, and has no size', async () => {
    const key = crypto.randomUUID();
    await expect(text(storage.read(key))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await storage.size(key)).toBeUndefined();
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
    expect(await fixture.orphaned(orphan)).toBe('orphan');
    expect(await text(storage.read(keep))).toBe('kept');
    expect(await fixture.temporary()).toHaveLength(1);
    await inFlight.discard();

    expect(await storage.reconcile(new Set([keep, orphan]))).toEqual({ setAside: [], restored: [orphan] });
    expect(await text(storage.read(orphan))).toBe('orphan');
    expect(await storage.reconcile(new Set([keep, orphan]))).toEqual({ setAside: [], restored: [] });
  });

  test('while a backup holds removals, a removed object is kept aside and readable until the hold is released', async () => {
    const key = await (await storage.write(chunks('held'), { maxBytes: 100 })).commit();
    const hold = await storage.holdRemovals();
    // Removed by another process (another node): the hold is seen across processes.
    await fixture.another().remove(key);
    expect(await storage.size(key)).toBeUndefined();
    expect(await fixture.keptAside(key)).toBe(true);
    expect(await text(await hold.read(key))).toBe('held');
    await expect(fixture.another().holdRemovals()).rejects.toBeInstanceOf(StorageHeldError);

    await hold.release();
    await expect(hold.read(key)).rejects.toMatchObject({ code: 'ENOENT' });
    const next = await (await storage.write(chunks('gone at once'), { maxBytes: 100 })).commit();
    await storage.remove(next);
    expect(await fixture.everything()).toEqual([]);
  });

  test('a hold whose process has died counts for nothing: removals delete, a new hold replaces it', async () => {
    await fixture.leaveDeadHold();
    const key = await (await storage.write(chunks('x'), { maxBytes: 100 })).commit();
    await storage.remove(key);
    expect(await fixture.keptAside(key)).toBe(false);
    expect(await storage.sweepTemporary()).toBe(1);
    const hold = await storage.holdRemovals();
    expect(await fixture.holderPid()).toBe(process.pid);
    await hold.release();
    expect(await fixture.everything()).toEqual([]);
  });
});

describe('S3 storage shared by several nodes', () => {
  test('a node starting leaves alone what another node is storing: fresh temporary and unrecorded objects', async () => {
    // The production settle period: an object younger than it may belong to another node's request.
    const fixture = await s3Fixture(s3, { settleMs: 60_000 });
    const uploading = await fixture.storage.write(chunks('being checked'), { maxBytes: 100 });
    const committed = await (
      await fixture.storage.write(chunks('row not yet inserted'), { maxBytes: 100 })
    ).commit();
    const starting = fixture.another();
    expect(await starting.sweepTemporary()).toBe(0);
    expect(await starting.reconcile(new Set())).toEqual({ setAside: [], restored: [] });
    expect(await fixture.temporary()).toHaveLength(1);
    expect(await text(fixture.storage.read(committed))).toBe('row not yet inserted');
    await uploading.discard();
  });

  test("a node starting takes at once what a dead process of this host left, however fresh; not another host's", async () => {
    const fixture = await s3Fixture(s3, { settleMs: 60_000 });
    const client = createS3Client(s3Settings(s3, fixture.bucket));
    const put = (Key: string, Metadata: Record<string, string>) =>
      client.send(
        new PutObjectCommand({ Bucket: fixture.bucket, Key, Body: 'x', ContentLength: 1, Metadata }),
      );
    const dead = writerMetadata(deadPid());
    const elsewhere = { ...dead, writerhost: 'another-host' };
    const crashedTemporary = crypto.randomUUID();
    const crashedCommitted = crypto.randomUUID();
    const otherTemporary = crypto.randomUUID();
    const otherCommitted = crypto.randomUUID();
    await put(`tmp/${crashedTemporary}`, dead);
    await put(`objects/${crashedCommitted}`, dead);
    await put(`tmp/${otherTemporary}`, elsewhere);
    await put(`objects/${otherCommitted}`, elsewhere);
    // A commit's copy keeps the writer, so what a killed process committed but never recorded is known too.
    const live = await (
      await fixture.storage.write(chunks('row not yet inserted'), { maxBytes: 100 })
    ).commit();
    const committed = await client.send(
      new HeadObjectCommand({ Bucket: fixture.bucket, Key: `objects/${live}` }),
    );
    expect(committed.Metadata).toEqual(writerMetadata());

    const starting = fixture.another();
    expect(await starting.sweepTemporary()).toBe(1);
    expect(await fixture.temporary()).toEqual([otherTemporary]);
    expect(await starting.reconcile(new Set())).toEqual({ setAside: [crashedCommitted], restored: [] });
    expect(await fixture.orphaned(crashedCommitted)).toBe('x');
    expect((await starting.list()).sort()).toEqual([live, otherCommitted].sort());
    client.destroy();
  });

  test('a hold from another host counts until its lease passes unrenewed; our own is renewed', async () => {
    const fixture = await s3Fixture(s3, { holdLeaseMs: 2_000 });
    const client = createS3Client(s3Settings(s3, fixture.bucket));
    await client.send(
      new PutObjectCommand({
        Bucket: fixture.bucket,
        Key: 'backup.lock',
        Body: '',
        ContentLength: 0,
        Metadata: { token: 'elsewhere', pid: '1', hostname: 'another-host', startedat: String(Date.now()) },
      }),
    );
    const first = await (await fixture.storage.write(chunks('a'), { maxBytes: 10 })).commit();
    await fixture.storage.remove(first);
    expect(await fixture.keptAside(first)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const second = await (await fixture.storage.write(chunks('b'), { maxBytes: 10 })).commit();
    await fixture.storage.remove(second);
    expect(await fixture.keptAside(second)).toBe(false);

    const hold = await fixture.storage.holdRemovals();
    const renewedAt = async () =>
      (await client.send(new HeadObjectCommand({ Bucket: fixture.bucket, Key: 'backup.lock' }))).LastModified;
    const taken = await renewedAt();
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await renewedAt())?.getTime()).toBeGreaterThan(taken?.getTime() ?? Number.POSITIVE_INFINITY);
    await hold.release();
    expect(await fixture.holderPid()).toBeUndefined();
    client.destroy();
  }, 15_000);
});
