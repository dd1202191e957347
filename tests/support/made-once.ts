import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Test fixtures that cost a real engine seconds of CPU to make (a WebP by sharp, an Office file by
 * LibreOffice) and come out the same for the same input: made once per checkout and kept on disk under
 * node_modules/.cache, where every test file's process finds them (each file runs in its own). The bytes
 * are the ones the engine made for that input (ADR 84). A fresh `npm ci` (every CI run) starts empty.
 */
const CACHE_ROOT = fileURLToPath(new URL('../../node_modules/.cache/roundroom/', import.meta.url));

/** Where a fixture of this kind and name is kept; `name` is a file name (see `cacheName`). */
const keptFile = (kind: string, name: string) => path.join(CACHE_ROOT, kind, name);

/** A file name for an input too long or too free to be one: its hash, with the extension given. */
export const cacheName = (input: string, extension: string) =>
  `${crypto.createHash('sha256').update(input).digest('hex').slice(0, 32)}.${extension}`;

/** The kept bytes, or undefined when none were kept yet. */
export function readKept(kind: string, name: string): Buffer | undefined {
  try {
    return fs.readFileSync(keptFile(kind, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Keeps these bytes: written beside the kept file, then renamed over it, so no process reads half a file. */
export function keep(kind: string, name: string, bytes: Buffer): Buffer {
  const file = keptFile(kind, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, bytes);
  fs.renameSync(partial, file);
  return bytes;
}
