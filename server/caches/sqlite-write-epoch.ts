import type SqliteDatabase from 'better-sqlite3';
import { ANY_TABLE, WriteEpoch } from './write-epoch';

/**
 * How stale SQLite's epoch may be about another process's commit (an operator's sqlite3 shell, a
 * script run beside the server): PRAGMA data_version is asked again once this long has passed.
 */
export const OTHER_PROCESS_CHECK_MS = 500;

/**
 * The write epoch of a SQLite file. This process's own writes move it at the connection
 * (statement-cache.ts); a commit by any other connection to the file moves it as soon as a lookup reads
 * the epoch more than OTHER_PROCESS_CHECK_MS after the previous check, told by PRAGMA data_version,
 * which SQLite changes on this connection when, and only when, another connection commits. So the epoch
 * caches no longer need a short age bound for those writers (ADR 34, amended).
 *
 * Asked lazily, not on a timer: an idle server runs nothing, and a lookup never trusts a check older
 * than the bound. A check that fails (the connection closed, or busy with an unfinished iteration)
 * moves the epoch, so nothing read before it is trusted.
 */
export class SqliteWriteEpoch extends WriteEpoch {
  #dataVersion: (() => unknown) | undefined;
  #seenVersion: unknown;
  #checkedAt = Number.NEGATIVE_INFINITY;

  /** Starts watching other connections' commits, on the connection whose own writes are counted. */
  watch(connection: SqliteDatabase.Database): void {
    const statement = connection.prepare('pragma data_version').pluck();
    this.#dataVersion = () => statement.get();
    this.#seenVersion = this.#dataVersion();
    this.#checkedAt = Date.now();
  }

  override get value(): number {
    this.#checkOtherWriters();
    return super.value;
  }

  override unchangedSince(since: number, tables: ReadonlySet<string>): boolean {
    this.#checkOtherWriters();
    return super.unchangedSince(since, tables);
  }

  #checkOtherWriters(): void {
    if (!this.#dataVersion) return;
    const now = Date.now();
    if (now - this.#checkedAt < OTHER_PROCESS_CHECK_MS) return;
    this.#checkedAt = now;
    try {
      const version = this.#dataVersion();
      if (version === this.#seenVersion) return;
      this.#seenVersion = version;
    } catch {
      // Unknown whether another process wrote: treated as if it did.
    }
    // Which tables another process wrote is unknown: every one may have changed.
    this.moved(ANY_TABLE);
  }
}
