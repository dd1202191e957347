import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import { FOREIGN_BACKUP_HOLD_MS } from '#server/durations';
import { StorageHeldError } from './storage';

/**
 * The lock a backup holds on DATA_DIR/uploads (Storage.holdRemovals): a small file naming its process.
 * The server's deletes read it, so it works between processes. A hold is live while its process runs;
 * one written on another host (a shared volume), whose process cannot be checked, counts for a day.
 */
interface HoldRecord {
  pid: number;
  hostname: string;
  startedAt: number;
}

/** Whether a process with this id runs on this host. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isLive(hold: HoldRecord): boolean {
  if (hold.hostname !== os.hostname()) return Date.now() - hold.startedAt < FOREIGN_BACKUP_HOLD_MS;
  return isProcessAlive(hold.pid);
}

export function removalHoldFile(lockFile: string) {
  const readHold = async (): Promise<HoldRecord | undefined> => {
    try {
      return JSON.parse(await fsp.readFile(lockFile, 'utf8')) as HoldRecord;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };

  return {
    /** Whether a live backup holds removals now. */
    async isHeld(): Promise<boolean> {
      const hold = await readHold();
      return hold !== undefined && isLive(hold);
    },

    /** Takes the hold, replacing a dead one; refuses while a live one exists. */
    async acquire(): Promise<void> {
      const record: HoldRecord = { pid: process.pid, hostname: os.hostname(), startedAt: Date.now() };
      // Written whole under another name, then linked into place: linking fails if the lock exists,
      // so two backups cannot both take it, and a reader never sees half a record.
      const draft = `${lockFile}.${crypto.randomUUID()}`;
      await fsp.writeFile(draft, JSON.stringify(record));
      try {
        for (;;) {
          try {
            await fsp.link(draft, lockFile);
            return;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          }
          const current = await readHold();
          if (current && isLive(current)) {
            throw new StorageHeldError(
              `another backup is running (process ${current.pid} on ${current.hostname}, since ${new Date(current.startedAt).toISOString()})`,
            );
          }
          await fsp.rm(lockFile, { force: true }); // its process is gone: the hold is dead
        }
      } finally {
        await fsp.rm(draft, { force: true });
      }
    },

    async release(): Promise<void> {
      await fsp.rm(lockFile, { force: true });
    },
  };
}
