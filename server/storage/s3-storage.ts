import crypto from 'node:crypto';
import os from 'node:os';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from '#server/config';
import { S3_HOLD_LEASE_MS, S3_NEW_OBJECT_VISIBLE_WITHIN_MS, S3_SETTLE_MS } from '#server/durations';
import { isProcessAlive } from './removal-hold';
import { type PendingObject, type RemovalHold, type Storage, StorageHeldError } from './storage';
import { measuringStream, STORAGE_KEY_PATTERN } from './storage-stream';

type S3Settings = Extract<StorageConfig, { driver: 's3' }>;

export interface S3StorageOptions {
  /**
   * How old a temporary or unreferenced object must be before a start-up sweeps or sets it aside.
   * Several nodes share one bucket: a node starting must not take an upload another node is storing
   * (written, not yet committed) or has committed but not yet recorded in its row. What a process of
   * this host that has died wrote is taken at once, whatever its age (see writerMetadata).
   */
  settleMs?: number;
  /** How long a backup's hold counts without being renewed, when its process cannot be checked. */
  holdLeaseMs?: number;
}

const PREFIX = { objects: 'objects/', tmp: 'tmp/', orphaned: 'orphaned/', keptAside: 'deleted/' } as const;
const HOLD_KEY = 'backup.lock';
// lib-storage holds queueSize parts in memory at once: 10 MB for a 50 MB upload, never the whole file.
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
const REMOVALS_AT_ONCE = 16;
const READ_BUFFER_BYTES = 512 * 1024;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // The SDK's default checksums on streamed bodies (aws-chunked trailers) are stored corrupted by
    // some S3-compatible servers (s3rver among them, docs/decisions/0048): we hash every object
    // ourselves, and check its size after the upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isNotFound = (error: unknown) => {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const name = (error as { name?: string }).name;
  return status === 404 || name === 'NoSuchKey' || name === 'NotFound';
};

/**
 * Asks about an object just written until the service sees it: a 404 is retried, with a doubling
 * pause, for at most `withinMs` (see S3_NEW_OBJECT_VISIBLE_WITHIN_MS); any other error, or a 404 past
 * that, is thrown.
 */
export async function whenVisible<T>(
  ask: () => Promise<T>,
  withinMs = S3_NEW_OBJECT_VISIBLE_WITHIN_MS,
): Promise<T> {
  const giveUpAt = Date.now() + withinMs;
  for (let pauseMs = 50; ; pauseMs *= 2) {
    try {
      return await ask();
    } catch (error) {
      if (!isNotFound(error) || Date.now() + pauseMs > giveUpAt) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

/**
 * Who wrote an object, in its metadata (a commit's copy keeps it): a start-up takes at once the
 * temporary and unrecorded objects of a process of this host that no longer runs (a crash between
 * writing and recording), as the backup hold and the preparation sweep judge their own processes.
 * Anything else, another host's or a live process's, waits for the settle period.
 */
export function writerMetadata(pid = process.pid): Record<string, string> {
  return { writerhost: os.hostname(), writerpid: String(pid) };
}

const missing = (key: string) => Object.assign(new Error(`no stored object ${key}`), { code: 'ENOENT' });

/**
 * Objects in an S3-compatible bucket, with the disk driver's guarantees (storage.ts, ADRs 17, 21, 22):
 * `tmp/<uuid>` while being written (a streamed multipart upload), then `objects/<key>` once committed by
 * a server-side copy, which S3 makes visible whole or not at all; `orphaned/` and `deleted/` as on disk;
 * `backup.lock` marks a backup's hold on removals, renewed while its process lives.
 */
export function createS3Storage(settings: S3Settings, options: S3StorageOptions = {}): Storage {
  const client = createS3Client(settings);
  const Bucket = settings.bucket;
  const settleMs = options.settleMs ?? S3_SETTLE_MS;
  const holdLeaseMs = options.holdLeaseMs ?? S3_HOLD_LEASE_MS;
  const objectKey = (key: string) => {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${key}`);
    return `${PREFIX.objects}${key}`;
  };

  const { deleteQuietly, move, listUnder, inTurn, leftBehind, openObject } = bucketOperations(
    client,
    Bucket,
    settleMs,
  );

  const hold = s3RemovalHold(client, Bucket, holdLeaseMs);

  return {
    write(source, { maxBytes }) {
      return writeTemporary({ client, Bucket, deleteQuietly, move, objectKey }, source, maxBytes);
    },

    read(key, range) {
      const Key = objectKey(key);
      // Room for a few socket reads between the bucket and the reader: a busy host schedules the two
      // connections apart, and a small buffer between them stalls one on the other.
      const out = new PassThrough({ highWaterMark: READ_BUFFER_BYTES });
      openObject(Key, range).then(
        (body) => {
          // pipeline: a reader that goes away (a cancelled download) ends the bucket's response too.
          pipeline(body, out).catch(() => {});
        },
        (error: unknown) => out.destroy(isNotFound(error) ? missing(key) : (error as Error)),
      );
      return out;
    },

    async size(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }))).ContentLength;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async remove(key) {
      const Key = objectKey(key);
      if (await hold.isHeld()) {
        try {
          await move(Key, `${PREFIX.keptAside}${key}`);
          return;
        } catch (error) {
          if (!isNotFound(error)) throw error;
        }
      }
      await deleteQuietly(Key);
    },

    async holdRemovals(): Promise<RemovalHold> {
      const held = await hold.acquire();
      return {
        async read(key) {
          for (const Key of [objectKey(key), `${PREFIX.keptAside}${key}`]) {
            try {
              return await openObject(Key);
            } catch (error) {
              if (!isNotFound(error)) throw error;
            }
          }
          throw missing(key);
        },
        async release() {
          const clear = async () =>
            inTurn(await listUnder(PREFIX.keptAside), ({ name }) =>
              deleteQuietly(`${PREFIX.keptAside}${name}`),
            );
          await clear();
          await held.release();
          // A removal that saw the hold just before it ended may have moved its object in since.
          await clear();
        },
      };
    },

    async list() {
      return (await listUnder(PREFIX.objects))
        .map(({ name }) => name)
        .filter((name) => STORAGE_KEY_PATTERN.test(name));
    },

    async reconcile(referenced) {
      const unreferenced = (await listUnder(PREFIX.objects)).filter(
        ({ name }) => STORAGE_KEY_PATTERN.test(name) && !referenced.has(name),
      );
      const setAside = (await leftBehind(PREFIX.objects, unreferenced)).map(({ name }) => name);
      const restored = (await listUnder(PREFIX.orphaned))
        .map(({ name }) => name)
        .filter((name) => STORAGE_KEY_PATTERN.test(name) && referenced.has(name));
      await inTurn(setAside, (key) => move(objectKey(key), `${PREFIX.orphaned}${key}`));
      await inTurn(restored, (key) => move(`${PREFIX.orphaned}${key}`, objectKey(key)));
      return { setAside, restored };
    },

    async sweepTemporary() {
      const stale = await leftBehind(PREFIX.tmp, await listUnder(PREFIX.tmp));
      await inTurn(stale, ({ name }) => deleteQuietly(`${PREFIX.tmp}${name}`));
      if (await hold.isHeld()) return stale.length;
      const keptAside = await listUnder(PREFIX.keptAside);
      await inTurn(keptAside, ({ name }) => deleteQuietly(`${PREFIX.keptAside}${name}`));
      return stale.length + keptAside.length;
    },
  };
}

/**
 * The bucket operations the driver is made of: quiet deletes, moves by copy, listings, removals a few
 * at a time, what a start-up may take, and reads of a byte range.
 */
function bucketOperations(client: S3Client, Bucket: string, settleMs: number) {
  const deleteQuietly = async (Key: string) => {
    try {
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  };
  const move = async (from: string, to: string) => {
    await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${from}` }));
    await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
  };
  const listUnder = async (Prefix: string) => {
    const found: { name: string; lastModified: number }[] = [];
    for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix })) {
      for (const item of page.Contents ?? []) {
        if (item.Key)
          found.push({
            name: item.Key.slice(Prefix.length),
            lastModified: item.LastModified?.getTime() ?? 0,
          });
      }
    }
    return found;
  };
  const inTurn = async <T>(items: readonly T[], work: (item: T) => Promise<void>) => {
    let next = 0;
    const worker = async () => {
      while (next < items.length) await work(items[next++] as T);
    };
    await Promise.all(Array.from({ length: Math.min(REMOVALS_AT_ONCE, items.length) }, worker));
  };
  /** Whether `Key` may be taken now: settled, or left by a dead process of this host. */
  const isLeftBehind = async (Key: string, lastModified: number, settledBefore: number) => {
    if (lastModified <= settledBefore) return true;
    try {
      const { Metadata = {} } = await client.send(new HeadObjectCommand({ Bucket, Key }));
      const pid = Number(Metadata.writerpid);
      return (
        Metadata.writerhost === os.hostname() && Number.isInteger(pid) && pid > 0 && !isProcessAlive(pid)
      );
    } catch (error) {
      // Taken by another node's start meanwhile (or committed, for a temporary object).
      if (isNotFound(error)) return false;
      throw error;
    }
  };
  const leftBehind = async <T extends { name: string; lastModified: number }>(
    Prefix: string,
    items: readonly T[],
  ) => {
    const settledBefore = Date.now() - settleMs;
    const taken = new Set<T>();
    await inTurn(items, async (item) => {
      if (await isLeftBehind(`${Prefix}${item.name}`, item.lastModified, settledBefore)) taken.add(item);
    });
    return items.filter((item) => taken.has(item));
  };
  const openObject = async (Key: string, range?: { start: number; end: number }) => {
    const response = await client.send(
      new GetObjectCommand({ Bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
    );
    const body = response.Body as Readable;
    const wanted = range ? range.end - range.start + 1 : undefined;
    if (!range || response.ContentLength === wanted) return body;
    // A service that serves more than the range asked (s3rver reads "bytes=0-0" as "bytes=0-"): cut it
    // to the range, or a download's Content-Length would promise fewer bytes than it sends.
    const servedFrom = Number(/^bytes (\d+)-/.exec(response.ContentRange ?? '')?.[1] ?? 0);
    if (servedFrom > range.start) {
      body.destroy();
      throw new Error(`the bucket answered bytes from ${servedFrom} to a range from ${range.start}`);
    }
    const window = byteWindow(range.start - servedFrom, wanted ?? 0);
    body.on('error', (error) => window.destroy(error));
    // The rest of what was sent is not wanted: stop reading it.
    window.on('close', () => body.destroy());
    return body.pipe(window);
  };
  return { deleteQuietly, move, listUnder, inTurn, leftBehind, openObject };
}

type BucketOperations = ReturnType<typeof bucketOperations>;

/**
 * Streams `source` into a temporary object (a multipart upload, hashed and measured on the way), checks
 * the bucket holds every byte, and returns it to be committed under its key or discarded.
 */
async function writeTemporary(
  {
    client,
    Bucket,
    deleteQuietly,
    move,
    objectKey,
  }: Pick<BucketOperations, 'deleteQuietly' | 'move'> & {
    client: S3Client;
    Bucket: string;
    objectKey: (key: string) => string;
  },
  source: Readable,
  maxBytes: number,
): Promise<PendingObject> {
  const tmpKey = `${PREFIX.tmp}${crypto.randomUUID()}`;
  const measure = measuringStream(maxBytes);
  const body = new PassThrough();
  const upload = new Upload({
    client,
    params: { Bucket, Key: tmpKey, Body: body, Metadata: writerMetadata() },
    partSize: PART_BYTES,
    queueSize: PARTS_IN_FLIGHT,
    leavePartsOnError: false,
  });
  const uploaded = upload.done();
  // A failed upload stops reading: the source must not wait forever on a full pipe.
  uploaded.catch((error: unknown) => body.destroy(error as Error));
  const [streamed, stored] = await Promise.allSettled([pipeline(source, measure.stream, body), uploaded]);
  const failure =
    streamed.status === 'rejected'
      ? streamed.reason
      : stored.status === 'rejected'
        ? stored.reason
        : undefined;
  if (failure !== undefined) {
    await upload.abort().catch(() => {});
    await deleteQuietly(tmpKey);
    throw failure;
  }
  const { size, sha256, head } = measure.result();
  // Checked before anyone is told it is stored: what S3 holds is what we hashed, to the byte count.
  const stat = await whenVisible(() => client.send(new HeadObjectCommand({ Bucket, Key: tmpKey })));
  if (stat.ContentLength !== size) {
    await deleteQuietly(tmpKey);
    throw new Error(`the bucket stored ${stat.ContentLength} bytes of a ${size}-byte upload`);
  }
  let settled = false;
  return {
    size,
    sha256,
    head,
    async commit(givenKey) {
      if (settled) throw new Error('already committed or discarded');
      settled = true;
      const key = givenKey ?? crypto.randomUUID();
      await move(tmpKey, objectKey(key));
      return key;
    },
    async discard() {
      settled = true;
      await deleteQuietly(tmpKey);
    },
  } satisfies PendingObject;
}

/** Passes `take` bytes after skipping `skip`, then ends. */
function byteWindow(skip: number, take: number): Transform {
  let position = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (position >= skip + take) return callback();
      const from = Math.max(0, skip - position);
      const to = Math.min(chunk.length, skip + take - position);
      position += chunk.length;
      if (to > from) this.push(chunk.subarray(from, to));
      if (position >= skip + take) this.push(null);
      callback();
    },
  });
}

interface HoldRecord {
  token: string;
  pid: number;
  hostname: string;
  startedAt: number;
  /** When the bucket last saw the marker written (renewed while its process lives). */
  renewedAt: number;
}

/**
 * The hold marker in the bucket: every node's removals read it, so it works across machines. A hold on
 * this host is live while its process runs; one from another host while it is renewed (every third of
 * the lease), so a backup killed there stops counting once the lease has passed.
 */
function s3RemovalHold(client: S3Client, Bucket: string, leaseMs: number) {
  const read = async (): Promise<HoldRecord | undefined> => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: HOLD_KEY }));
      const meta = head.Metadata ?? {};
      return {
        token: meta.token ?? '',
        pid: Number(meta.pid),
        hostname: meta.hostname ?? '',
        startedAt: Number(meta.startedat),
        renewedAt: head.LastModified?.getTime() ?? 0,
      };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  };
  const isLive = (record: HoldRecord) =>
    record.hostname === os.hostname() ? isProcessAlive(record.pid) : Date.now() - record.renewedAt < leaseMs;
  const write = (record: Omit<HoldRecord, 'renewedAt'>, ifAbsent: boolean) =>
    client.send(
      new PutObjectCommand({
        Bucket,
        Key: HOLD_KEY,
        Body: '',
        ContentLength: 0,
        Metadata: {
          token: record.token,
          pid: String(record.pid),
          hostname: record.hostname,
          startedat: String(record.startedAt),
        },
        // Atomic where the service supports conditional writes (AWS S3 does); the read-back below
        // catches a race on one that ignores the header.
        IfNoneMatch: ifAbsent ? '*' : undefined,
      }),
    );

  return {
    async isHeld(): Promise<boolean> {
      const record = await read();
      return record !== undefined && isLive(record);
    },

    async acquire(): Promise<{ release(): Promise<void> }> {
      const current = await read();
      const refuse = (record: HoldRecord) =>
        new StorageHeldError(
          `another backup is running (process ${record.pid} on ${record.hostname}, since ${new Date(record.startedAt).toISOString()})`,
        );
      if (current && isLive(current)) throw refuse(current);
      const mine = {
        token: crypto.randomUUID(),
        pid: process.pid,
        hostname: os.hostname(),
        startedAt: Date.now(),
      };
      try {
        await write(mine, current === undefined);
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        const winner = status === 412 ? await read() : undefined;
        if (winner) throw refuse(winner);
        throw error;
      }
      const after = await read();
      if (after?.token !== mine.token) {
        if (after) throw refuse(after);
        throw new StorageHeldError('another backup took the hold and released it meanwhile');
      }
      let renewing: Promise<unknown> = Promise.resolve();
      const renewal = setInterval(
        () => {
          renewing = write(mine, false).catch(() => {});
        },
        Math.max(100, leaseMs / 3),
      );
      renewal.unref();
      return {
        async release() {
          clearInterval(renewal);
          // A renewal still on its way would write the marker back after it is deleted.
          await renewing;
          const record = await read();
          if (record?.token === mine.token)
            await client.send(new DeleteObjectCommand({ Bucket, Key: HOLD_KEY }));
        },
      };
    },
  };
}
