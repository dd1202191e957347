import fs from 'node:fs';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  type S3Client,
} from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import type { Config } from '#server/config';
import { createS3Client, writerMetadata } from '#server/storage/s3-storage';
import { unfinishedMultipartUploads } from './s3-server';

/**
 * What a test sees of the stored files from outside the app, whichever driver the run uses (TEST_STORAGE):
 * the files under DATA_DIR/uploads, or the objects in the bucket. Tests damage, remove and inspect
 * stored files through this, never through the app's own Storage.
 */

type Area = 'objects' | 'tmp' | 'orphaned' | 'deleted';

const clients = new Map<string, S3Client>();
function s3Of(config: Config): { client: S3Client; bucket: string } | undefined {
  const storage = config.storage;
  if (storage.driver !== 's3') return undefined;
  let client = clients.get(storage.bucket);
  if (!client) {
    client = createS3Client(storage);
    clients.set(storage.bucket, client);
  }
  return { client, bucket: storage.bucket };
}

const diskPath = (config: Config, area: Area, name = '') => {
  if (config.storage.driver !== 'disk') throw new Error('not on disk');
  const base = config.storage.uploadsDir;
  return area === 'objects' ? path.join(base, name) : path.join(base, area, name);
};

const isMissing = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404 ||
  (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Names in one area of the storage: committed keys ('objects'), temporary, set aside, kept for a backup. */
export async function storedNames(config: Config, area: Area = 'objects'): Promise<string[]> {
  const s3 = s3Of(config);
  if (!s3) {
    const directory = diskPath(config, area);
    if (!fs.existsSync(directory)) return [];
    return fs
      .readdirSync(directory, { withFileTypes: true })
      .filter((entry) => entry.isFile() && (area !== 'objects' || /^[0-9a-f-]{36}$/.test(entry.name)))
      .map((entry) => entry.name)
      .sort();
  }
  const names: string[] = [];
  const Prefix = `${area}/`;
  for await (const page of paginateListObjectsV2({ client: s3.client }, { Bucket: s3.bucket, Prefix })) {
    for (const item of page.Contents ?? []) if (item.Key) names.push(item.Key.slice(Prefix.length));
  }
  return names.sort();
}

/** Every name the storage holds, in every area, and the backup hold if one is there. */
export async function everyStoredName(config: Config): Promise<string[]> {
  const s3 = s3Of(config);
  if (!s3) {
    const base = diskPath(config, 'objects');
    return (fs.readdirSync(base, { recursive: true }) as string[]).filter((name) => name !== 'tmp').sort();
  }
  const names: string[] = [];
  for await (const page of paginateListObjectsV2({ client: s3.client }, { Bucket: s3.bucket })) {
    for (const item of page.Contents ?? []) if (item.Key) names.push(item.Key);
  }
  return names.sort();
}

/** The bytes stored under `name` in `area`, or undefined when there is none. */
export async function storedBytes(
  config: Config,
  name: string,
  area: Area = 'objects',
): Promise<Buffer | undefined> {
  const s3 = s3Of(config);
  if (!s3) {
    const file = diskPath(config, area, name);
    return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
  }
  try {
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `${area}/${name}` }));
    return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Replaces a committed object's bytes behind the app's back (damage, or a hostile file). */
export async function overwriteStored(config: Config, key: string, bytes: Buffer): Promise<void> {
  const s3 = s3Of(config);
  if (!s3) return fs.writeFileSync(diskPath(config, 'objects', key), bytes);
  await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `objects/${key}`, Body: bytes }));
}

/** Deletes a committed object behind the app's back. */
export async function deleteStored(config: Config, key: string): Promise<void> {
  const s3 = s3Of(config);
  if (!s3) return fs.rmSync(diskPath(config, 'objects', key), { force: true });
  await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `objects/${key}` }));
}

/** Whether a backup's removal hold is in place. */
export async function holdIsPresent(config: Config): Promise<boolean> {
  const s3 = s3Of(config);
  if (!s3) return fs.existsSync(diskPath(config, 'objects', 'backup.lock'));
  try {
    await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'backup.lock' }));
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/**
 * Writes cut short, each named with the bytes it got so far: on disk the files in uploads/tmp; on S3 the
 * multipart uploads begun and never completed nor aborted (no object exists until an upload completes;
 * a temporary object is a finished write: storedNames(config, 'tmp')). Read from the test's s3rver.
 */
export async function unfinishedWrites(config: Config): Promise<{ name: string; bytes: number }[]> {
  const s3 = s3Of(config);
  if (!s3) {
    return (await storedNames(config, 'tmp')).flatMap((name) => {
      try {
        return [{ name, bytes: fs.statSync(diskPath(config, 'tmp', name)).size }];
      } catch {
        return []; // removed between the listing and the stat
      }
    });
  }
  const target = inject('testStorage');
  if (target.driver !== 's3') throw new Error('the run has no S3-compatible server');
  return unfinishedMultipartUploads(target.directory, s3.bucket).map(({ id, bytes }) => ({
    name: id,
    bytes,
  }));
}

/**
 * A committed object with no row, as a process killed between storing a file and recording it leaves
 * one: on S3 with that process's id as its writer (what a start-up reads to take it at once).
 */
export async function leaveUnrecorded(config: Config, key: string, bytes: Buffer, writerPid: number) {
  const s3 = s3Of(config);
  if (!s3) return fs.writeFileSync(diskPath(config, 'objects', key), bytes);
  await s3.client.send(
    new PutObjectCommand({
      Bucket: s3.bucket,
      Key: `objects/${key}`,
      Body: bytes,
      Metadata: writerMetadata(writerPid),
    }),
  );
}
