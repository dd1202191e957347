import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { removalHoldFile } from './removal-hold';
import type { PendingObject, RemovalHold, Storage } from './storage';
import { STORAGE_KEY_PATTERN as KEY_PATTERN, measuringStream } from './storage-stream';

/** Makes a rename or an unlink in `directory` survive a power cut (the file's own fsync does not). */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await fsp.open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

async function readdirIfPresent(directory: string): Promise<string[]> {
  try {
    return await fsp.readdir(directory);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/**
 * Files under DATA_DIR/uploads: `tmp/` while being written, then `<key>` after commit, where the key
 * is a random UUID (a name from the request never reaches the disk). `orphaned/` holds committed files
 * that no document refers to, set aside at start (`reconcile`); `deleted/` holds removed files while a
 * backup holds removals (`backup.lock`).
 */
export function createLocalDiskStorage(uploadsDir: string): Storage {
  const tmpDir = path.join(uploadsDir, 'tmp');
  const orphanedDir = path.join(uploadsDir, 'orphaned');
  const keptAsideDir = path.join(uploadsDir, 'deleted');
  const hold = removalHoldFile(path.join(uploadsDir, 'backup.lock'));
  fs.mkdirSync(tmpDir, { recursive: true });
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(uploadsDir, key);
  };

  return {
    async write(source, { maxBytes }) {
      const tmpPath = path.join(tmpDir, `${crypto.randomUUID()}.part`);
      const measure = measuringStream(maxBytes);
      // Opened before any byte flows: a write stream that opens lazily could create the file after a
      // failed upload's clean-up had already run, leaving a temp file behind.
      const out = (await fsp.open(tmpPath, 'wx', 0o600)).createWriteStream();
      try {
        await pipeline(source, measure.stream, out);
        // Durable before anyone is told it is stored.
        const handle = await fsp.open(tmpPath, 'r');
        await handle.sync();
        await handle.close();
      } catch (error) {
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await fsp.rm(tmpPath, { force: true });
        throw error;
      }
      let settled = false;
      return {
        ...measure.result(),
        async commit(givenKey) {
          if (settled) throw new Error('already committed or discarded');
          settled = true;
          const key = givenKey ?? crypto.randomUUID();
          await fsp.rename(tmpPath, pathOf(key));
          await syncDirectory(uploadsDir);
          return key;
        },
        async discard() {
          settled = true;
          await fsp.rm(tmpPath, { force: true });
        },
      } satisfies PendingObject;
    },

    read(key, range) {
      return fs.createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
    },

    localPath: pathOf,

    async size(key) {
      const file = pathOf(key);
      try {
        return (await fsp.stat(file)).size;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async remove(key) {
      if (await hold.isHeld()) {
        try {
          await fsp.mkdir(keptAsideDir, { recursive: true });
          await fsp.rename(pathOf(key), path.join(keptAsideDir, key));
          return;
        } catch (error) {
          // Gone already, or the backup finished and cleared deleted/ in between: delete it after all.
          if (!isMissing(error)) throw error;
        }
      }
      await fsp.rm(pathOf(key), { force: true });
    },

    async holdRemovals(): Promise<RemovalHold> {
      await hold.acquire();
      return {
        async read(key) {
          for (const file of [pathOf(key), path.join(keptAsideDir, key)]) {
            try {
              return (await fsp.open(file, 'r')).createReadStream();
            } catch (error) {
              if (!isMissing(error)) throw error;
            }
          }
          throw Object.assign(new Error(`no stored object ${key}`), { code: 'ENOENT' });
        },
        async release() {
          // Cleared before the hold ends, so no removal can delete at once while its object is listed.
          // Removals still move objects in meanwhile: one arriving between the listing and the rmdir
          // makes it ENOTEMPTY, so clear again until it is gone.
          for (let attempt = 1; ; attempt++) {
            try {
              await fsp.rm(keptAsideDir, { recursive: true, force: true });
              break;
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY' || attempt === 10) throw error;
            }
          }
          await hold.release();
        },
      };
    },

    async list() {
      return (await fsp.readdir(uploadsDir)).filter((name) => KEY_PATTERN.test(name));
    },

    async reconcile(referenced) {
      const stored = await this.list();
      const setAside = stored.filter((key) => !referenced.has(key));
      const restored = (await readdirIfPresent(orphanedDir)).filter(
        (name) => KEY_PATTERN.test(name) && referenced.has(name),
      );
      if (setAside.length > 0) await fsp.mkdir(orphanedDir, { recursive: true });
      for (const key of setAside) await fsp.rename(pathOf(key), path.join(orphanedDir, key));
      for (const key of restored) await fsp.rename(path.join(orphanedDir, key), pathOf(key));
      if (setAside.length > 0 || restored.length > 0) {
        await syncDirectory(uploadsDir);
        await syncDirectory(orphanedDir);
      }
      return { setAside, restored };
    },

    async sweepTemporary() {
      const names = await fsp.readdir(tmpDir);
      await Promise.all(names.map((name) => fsp.rm(path.join(tmpDir, name), { force: true })));
      // Kept for a backup that was stopped before it could release its hold.
      if (await hold.isHeld()) return names.length;
      const keptAside = await readdirIfPresent(keptAsideDir);
      await fsp.rm(keptAsideDir, { recursive: true, force: true });
      return names.length + keptAside.length;
    },
  };
}
