import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Writing is two-phase so a crash never leaves a database row without its
 * file: `write` streams into a temporary object, the caller checks it, then `commit` makes it
 * permanent (a rename) before the row is inserted; anything left temporary is swept at start.
 */
/** How many first bytes of an object PendingObject.head keeps: enough for every content check. */
export const HEAD_BYTES = 128;

export interface PendingObject {
  size: number;
  sha256: string;
  /** The first bytes (HEAD_BYTES), for checking the content against its extension. */
  head: Buffer;
  /**
   * Makes the object permanent and returns its key: a new server-generated one, or the given key when a
   * backup or a restore copies an object that a database row already names.
   */
  commit(key?: string): Promise<string>;
  discard(): Promise<void>;
}

export class ObjectTooLargeError extends Error {}

/** Another backup holds removals already (one at a time). */
export class StorageHeldError extends Error {}

/** See Storage.holdRemovals. */
export interface RemovalHold {
  /** Like Storage.read, and also finds objects removed since the hold began. */
  read(key: string): Promise<Readable>;
  /** Deletes what removals kept aside meanwhile, then lets them delete at once again. */
  release(): Promise<void>;
}

export interface Storage {
  /** Streams `source` into a temporary object, never holding it in memory; rejects past maxBytes. */
  write(source: Readable, options: { maxBytes: number }): Promise<PendingObject>;
  /** A stream of the object's bytes, or of an inclusive byte range. */
  read(key: string, range?: { start: number; end: number }): Readable;
  /**
   * The object's own file on this machine, for a program that must read it in place (qpdf seeks in the
   * PDF it stamps, docs/decisions/0046-dynamic-watermark.md); absent where objects are not local files.
   */
  localPath?(key: string): string;
  size(key: string): Promise<number | undefined>;
  /** Deletes a committed object, or keeps it aside while a backup holds removals. */
  remove(key: string): Promise<void>;
  /**
   * For a backup, taken before its database snapshot: until released, `remove` keeps objects aside
   * instead of deleting them, so every object the snapshot refers to can still be read, even if its
   * document is deleted meanwhile. One hold at a time, across processes; a hold whose process has died
   * no longer counts. See docs/decisions/0022-consistent-backups.md.
   */
  holdRemovals(): Promise<RemovalHold>;
  /** The keys of every committed object, in no particular order (backups and restores). */
  list(): Promise<string[]>;
  /**
   * Moves every committed object whose key is not in `referenced` aside (out of reach of reads, but
   * kept), and brings back any object set aside earlier whose key is referenced again. Returns the keys
   * moved each way. See docs/decisions/0021-crash-recovery-of-stored-files.md.
   */
  reconcile(referenced: ReadonlySet<string>): Promise<{ setAside: string[]; restored: string[] }>;
  /** Removes temporary objects, and objects kept aside for a backup, that a crash left behind; returns how many. */
  sweepTemporary(): Promise<number>;
}
