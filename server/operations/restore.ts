import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '#server/config';
import { createStorage, describeStorage } from '#server/storage/create-storage';
import type { PendingObject, Storage } from '#server/storage/storage';
import { describeDatabase, openTarget } from './database-targets';
import {
  type BackupManifest,
  dialectName,
  differenceFrom,
  digestOf,
  readManifest,
  type StoredFile,
} from './manifest';
import { errorCode, OperationError } from './operation-error';

/**
 * `npm run restore` (scripts/restore.ts): a backup made by backup.ts, verified against its manifest,
 * into the configured database and storage (DATA_DIR/uploads, or the S3 bucket).
 */

export interface RestoreResult {
  manifest: BackupManifest;
  /** Rows and stored files that were in the target before, replaced (only with --force). */
  replaced: { rows: number; files: number };
}

/**
 * Restores the backup in `directory` into the configured database and storage. Refuses a
 * target that holds data unless `force`, and a database a server has open. The backup is verified
 * against its manifest (the database snapshot and every file) before anything is changed.
 */
export async function restore(
  config: Config,
  directory: string,
  { force }: { force: boolean },
): Promise<RestoreResult> {
  const source = path.resolve(directory);
  const manifest = await readManifest(source);
  if (manifest.dialect !== config.database.dialect) {
    throw new OperationError(
      `This is a backup of a ${dialectName(manifest.dialect)} database, but the configuration points at ${dialectName(config.database.dialect)} (DATABASE_URL is ${config.database.dialect === 'postgres' ? 'set' : 'not set'}). Restore into the same kind of database; nothing was changed.`,
    );
  }
  const snapshot = path.join(source, manifest.database.file);
  const snapshotDigest = await digestOf(snapshot).catch((error: unknown) => {
    if (errorCode(error) === 'ENOENT')
      throw new OperationError(`${snapshot} is missing; nothing was changed.`);
    throw error;
  });
  if (snapshotDigest.size !== manifest.database.size || snapshotDigest.sha256 !== manifest.database.sha256) {
    throw new OperationError(
      `${snapshot} differs from its manifest entry: the backup is damaged. Nothing was changed.`,
    );
  }

  const target = openTarget(config.database);
  try {
    await target.requireNoServer();
    const storage = await createStorage(config.storage);
    const existingRows = Object.values(await target.existingRows()).reduce((sum, count) => sum + count, 0);
    const existingFiles = await storage.list();
    if ((existingRows > 0 || existingFiles.length > 0) && !force) {
      throw new OperationError(
        `The target already holds data (${existingRows} rows in ${describeDatabase(config)}, ${existingFiles.length} files in ${describeStorage(config.storage)}). Restoring replaces all of it: run again with --force if that is what you want. Nothing was changed.`,
      );
    }

    const staged = await stageFiles(manifest.files, source, storage);
    // Files first, then the database: a failure in between leaves files no row refers to (set aside
    // at the next start), never a row without its file.
    for (const [index, file] of manifest.files.entries()) await staged[index]?.commit(file.key);
    await target.replaceWith(snapshot);
    const wanted = new Set(manifest.files.map((file) => file.key));
    for (const key of existingFiles) if (!wanted.has(key)) await storage.remove(key);

    const difference = differenceFrom(manifest, await target.contents());
    if (difference) {
      throw new OperationError(
        `The restored database does not hold what the manifest lists: ${difference}. Do not start the server on it; restore again with --force.`,
      );
    }
    return { manifest, replaced: { rows: existingRows, files: existingFiles.length } };
  } finally {
    await target.close();
  }
}

/** Writes every file of the backup into the target's temporary area, checked against the manifest. */
async function stageFiles(files: StoredFile[], source: string, storage: Storage): Promise<PendingObject[]> {
  const staged: PendingObject[] = [];
  try {
    for (const file of files) {
      const from = path.join(source, 'uploads', file.key);
      const pending = await storage.write(fs.createReadStream(from), { maxBytes: Number.MAX_SAFE_INTEGER });
      staged.push(pending);
      if (pending.size !== file.size || pending.sha256 !== file.sha256) {
        throw new OperationError(
          `${from} differs from its manifest entry: the backup is damaged. Nothing was changed.`,
        );
      }
    }
    return staged;
  } catch (error) {
    await Promise.all(staged.map((pending) => pending.discard()));
    if (errorCode(error) === 'ENOENT') {
      throw new OperationError(
        `A file the manifest lists is missing from ${source}/uploads. Nothing was changed.`,
      );
    }
    throw error;
  }
}
