import crypto from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '#server/config';
import { openDatabase } from '#server/db/database';
import { createLocalDiskStorage } from '#server/storage/local-disk-storage';
import { createS3Storage } from '#server/storage/s3-storage';
import type { Storage } from '#server/storage/storage';
import { contentsOf, type StoredFile } from './manifest';
import { errorCode, OperationError } from './operation-error';

/**
 * `npm run migrate-storage -- --to s3|disk` (scripts/migrate-storage.ts): copies every stored file the
 * database names (originals and preview objects) from DATA_DIR/uploads into the S3_BUCKET bucket, or
 * back. Each copy is checked against the SHA-256 and size its row records, as it is written and read
 * back from the destination. Resumable: a file already in the destination with the recorded checksum
 * is not copied again, and the destination's two-phase writes mean an interrupted run leaves whole
 * objects or none (a temporary one at most, swept by the server). The source is deleted only with
 * --delete-source, and only once every file is verified in the destination.
 */

export type StorageDriver = 'disk' | 's3';

export interface MigrationReport {
  files: number;
  copied: number;
  alreadyThere: number;
  bytesCopied: number;
  deletedFromSource: number;
}

export interface MigrationOptions {
  to: StorageDriver;
  deleteSource: boolean;
  /** One line per file copied or found, for the operator (and the test that interrupts a run). */
  progress?: (line: string) => void;
}

async function sha256Of(stream: Readable): Promise<{ size: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Whether `storage` holds `file` byte for byte (read back and hashed). */
async function holds(storage: Storage, file: StoredFile): Promise<boolean> {
  if ((await storage.size(file.key)) !== file.size) return false;
  const digest = await sha256Of(storage.read(file.key));
  return digest.size === file.size && digest.sha256 === file.sha256;
}

function storagesFor(
  config: Config,
  to: StorageDriver,
): { source: Storage; destination: Storage; names: [string, string] } {
  if (config.storage.driver !== 's3') {
    throw new OperationError(
      'S3_BUCKET is not set: migrate-storage copies between DATA_DIR/uploads and the bucket S3_BUCKET names (with S3_ENDPOINT, S3_REGION and the credentials the server would use).',
    );
  }
  const uploadsDir = path.join(config.dataDir, 'uploads');
  const disk = createLocalDiskStorage(uploadsDir);
  const bucket = createS3Storage(config.storage);
  const bucketName = `bucket ${config.storage.bucket}`;
  return to === 's3'
    ? { source: disk, destination: bucket, names: [uploadsDir, bucketName] }
    : { source: bucket, destination: disk, names: [bucketName, uploadsDir] };
}

export async function migrateStorage(config: Config, options: MigrationOptions): Promise<MigrationReport> {
  const { source, destination, names } = storagesFor(config, options.to);
  const [sourceName, destinationName] = names;
  const progress = options.progress ?? (() => {});
  const database = openDatabase(config.database);
  let files: StoredFile[];
  try {
    files = (await contentsOf(database.db)).files;
  } finally {
    await database.close();
  }

  const report: MigrationReport = {
    files: files.length,
    copied: 0,
    alreadyThere: 0,
    bytesCopied: 0,
    deletedFromSource: 0,
  };
  for (const [index, file] of files.entries()) {
    const position = `${index + 1}/${files.length}`;
    if (await holds(destination, file)) {
      report.alreadyThere += 1;
      progress(`already there ${position} ${file.key}`);
      continue;
    }
    await copy(source, destination, file, sourceName);
    if (!(await holds(destination, file))) {
      throw new OperationError(
        `${file.key} read back from ${destinationName} differs from its row (${file.size} bytes, SHA-256 ${file.sha256}). Nothing was deleted; run again.`,
      );
    }
    report.copied += 1;
    report.bytesCopied += file.size;
    progress(`copied ${position} ${file.key}`);
  }

  if (options.deleteSource) {
    // Only now: every file the database names is verified in the destination.
    for (const file of files) {
      if ((await source.size(file.key)) === undefined) continue;
      await source.remove(file.key);
      report.deletedFromSource += 1;
    }
  }
  return report;
}

async function copy(source: Storage, destination: Storage, file: StoredFile, sourceName: string) {
  let pending: Awaited<ReturnType<Storage['write']>>;
  try {
    pending = await destination.write(source.read(file.key), { maxBytes: Number.MAX_SAFE_INTEGER });
  } catch (error) {
    if (errorCode(error) === 'ENOENT') {
      throw new OperationError(
        `${file.key} is missing from ${sourceName} although a row names it, and is not in the destination either. Nothing was deleted.`,
      );
    }
    throw error;
  }
  if (pending.size !== file.size || pending.sha256 !== file.sha256) {
    await pending.discard();
    throw new OperationError(
      `${file.key} in ${sourceName} differs from its row (${pending.size} bytes, SHA-256 ${pending.sha256}; recorded ${file.size} bytes, ${file.sha256}): the source is damaged. It was not copied; nothing was deleted.`,
    );
  }
  await pending.commit(file.key);
}
