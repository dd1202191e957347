import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '#server/config';
import { createStorage, describeStorage } from '#server/storage/create-storage';
import { createLocalDiskStorage } from '#server/storage/local-disk-storage';
import {
  type PendingObject,
  type RemovalHold,
  type Storage,
  StorageHeldError,
} from '#server/storage/storage';
import { describeDatabase, type LiveDatabase, openLive } from './database-targets';
import {
  type BackupManifest,
  DATABASE_FILE,
  digestOf,
  type StoredFile,
  syncPath,
  writeManifest,
} from './manifest';
import { errorCode, OperationError } from './operation-error';

/**
 * `npm run backup` (scripts/backup.ts). A backup directory holds a snapshot of the database, the
 * uploaded files that snapshot refers to, and manifest.json, written last (manifest.ts). Why the pair
 * is consistent while the server runs: docs/decisions/0022-consistent-backups.md. Restoring it:
 * restore.ts.
 */

async function requireEmptyDirectory(directory: string): Promise<void> {
  let entries: string[];
  try {
    entries = await fsp.readdir(directory);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
    // A backup holds every e-mail address and document: readable by its owner only.
    await fsp.mkdir(directory, { recursive: true, mode: 0o700 });
    return;
  }
  if (entries.length > 0) {
    throw new OperationError(
      `${directory} is not empty. Back up into a new directory (for example one named after the date).`,
    );
  }
}

/**
 * Copies the files a snapshot refers to, each checked against the size and SHA-256 its row records.
 * Reading through the hold also finds files whose document was deleted after the snapshot.
 */
async function copyFiles(files: StoredFile[], live: RemovalHold, backup: Storage, liveStorage: string) {
  for (const file of files) {
    let pending: PendingObject;
    try {
      pending = await backup.write(await live.read(file.key), { maxBytes: Number.MAX_SAFE_INTEGER });
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
      throw new OperationError(
        `The stored file ${file.key} is missing from ${liveStorage} although a document refers to it. The live data is damaged; no backup was written.`,
      );
    }
    if (pending.size !== file.size || pending.sha256 !== file.sha256) {
      await pending.discard();
      throw new OperationError(
        `The stored file ${file.key} is not what its document records (${pending.size} bytes, SHA-256 ${pending.sha256}; recorded ${file.size} bytes, ${file.sha256}). The live data is damaged; no backup was written.`,
      );
    }
    await pending.commit(file.key);
  }
}

export interface BackupOptions {
  /**
   * Called after the database snapshot, before its files are copied: the moment a concurrent delete
   * matters, which tests use to delete a document exactly there.
   */
  afterSnapshot?: () => Promise<void>;
}

/** Backs up the configured database and storage (DATA_DIR/uploads or the bucket) into `directory` (new or empty), while the server runs. */
export async function backUp(
  config: Config,
  directory: string,
  options: BackupOptions = {},
): Promise<BackupManifest> {
  const target = path.resolve(directory);
  const live = openLive(config.database);
  try {
    await requireEmptyDirectory(target);
    try {
      return await backUpInto(config, target, live, options);
    } catch (error) {
      // An incomplete backup has no manifest, so restore would refuse it; leave nothing to confuse.
      await fsp.rm(target, { recursive: true, force: true });
      throw error;
    }
  } finally {
    await live.close();
  }
}

async function backUpInto(
  config: Config,
  target: string,
  live: LiveDatabase,
  { afterSnapshot }: BackupOptions,
): Promise<BackupManifest> {
  const copies = createLocalDiskStorage(path.join(target, 'uploads'));
  const databaseFile = path.join(target, DATABASE_FILE[config.database.dialect]);

  // Held from before the snapshot until every file is copied: a document deleted after the snapshot
  // keeps its file (aside, in uploads/deleted or the bucket's deleted/) until then. Files are stored before their row exists,
  // so every file the snapshot names is in one place or the other.
  let hold: RemovalHold;
  try {
    hold = await (await createStorage(config.storage)).holdRemovals();
  } catch (error) {
    if (error instanceof StorageHeldError) throw new OperationError(`Not now: ${error.message}.`);
    throw error;
  }
  try {
    const createdAt = new Date().toISOString();
    const contents = await live.snapshot(databaseFile);
    await afterSnapshot?.();
    await copyFiles(contents.files, hold, copies, describeStorage(config.storage));
    await fsp.rm(path.join(target, 'uploads', 'tmp'), { recursive: true, force: true });
    await fsp.chmod(databaseFile, 0o600);
    await syncPath(databaseFile);
    const manifest: BackupManifest = {
      format: 'roundroom-backup',
      version: 1,
      createdAt,
      dialect: config.database.dialect,
      database: { file: DATABASE_FILE[config.database.dialect], ...(await digestOf(databaseFile)) },
      rows: contents.rows,
      files: contents.files,
    };
    await writeManifest(target, manifest);
    return manifest;
  } finally {
    await hold.release();
  }
}

export function describeBackupSource(config: Config): string {
  return `${describeDatabase(config)} and ${describeStorage(config.storage)}`;
}
