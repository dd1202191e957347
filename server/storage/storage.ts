import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Writing is two-phase so a crash never leaves a database row without its
 * file: `write` streams into a temporary object, the caller checks it, then `commit` makes it
 * permanent (a rename) before the row is inserted; anything left temporary is swept at start.
 */
export interface PendingObject {
  size: number;
  sha256: string;
  /** The first bytes, for checking the content against its extension. */
  head: Buffer;
  /** Makes the object permanent under a new server-generated key and returns the key. */
  commit(): Promise<string>;
  discard(): Promise<void>;
}

export class ObjectTooLargeError extends Error {}

export interface Storage {
  /** Streams `source` into a temporary object, never holding it in memory; rejects past maxBytes. */
  write(source: Readable, options: { maxBytes: number }): Promise<PendingObject>;
  /** A stream of the object's bytes, or of an inclusive byte range. */
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number | undefined>;
  remove(key: string): Promise<void>;
  /** Removes temporary objects a crash left behind; returns how many. */
  sweepTemporary(): Promise<number>;
}
