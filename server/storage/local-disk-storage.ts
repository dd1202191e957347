import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ObjectTooLargeError, type PendingObject, type Storage } from './storage';

const HEAD_BYTES = 64;

/**
 * Files under DATA_DIR/uploads: `tmp/` while being written, then `<key>` after commit, where the key
 * is a random UUID (a name from the request never reaches the disk).
 */
export function createLocalDiskStorage(uploadsDir: string): Storage {
  const tmpDir = path.join(uploadsDir, 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  const pathOf = (key: string) => {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(uploadsDir, key);
  };

  return {
    async write(source, { maxBytes }) {
      const tmpPath = path.join(tmpDir, `${crypto.randomUUID()}.part`);
      const hash = crypto.createHash('sha256');
      let size = 0;
      let head = Buffer.alloc(0);
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > maxBytes) return callback(new ObjectTooLargeError(`larger than ${maxBytes} bytes`));
          if (head.length < HEAD_BYTES)
            head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      const out = fs.createWriteStream(tmpPath, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(source, measure, out);
        // Durable before anyone is told it is stored.
        const handle = await fsp.open(tmpPath, 'r');
        await handle.sync();
        await handle.close();
      } catch (error) {
        await fsp.rm(tmpPath, { force: true });
        throw error;
      }
      let settled = false;
      return {
        size,
        sha256: hash.digest('hex'),
        head,
        async commit() {
          if (settled) throw new Error('already committed or discarded');
          settled = true;
          const key = crypto.randomUUID();
          await fsp.rename(tmpPath, pathOf(key));
          const dir = await fsp.open(uploadsDir, 'r');
          await dir.sync();
          await dir.close();
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

    async size(key) {
      try {
        return (await fsp.stat(pathOf(key))).size;
      } catch {
        return undefined;
      }
    },

    async remove(key) {
      await fsp.rm(pathOf(key), { force: true });
    },

    async sweepTemporary() {
      const names = await fsp.readdir(tmpDir);
      await Promise.all(names.map((name) => fsp.rm(path.join(tmpDir, name), { force: true })));
      return names.length;
    },
  };
}
