import type { DatabaseContents } from './manifest';

/**
 * What a backup reads from and a restore writes to, whatever the dialect: sqlite-target.ts and
 * postgres-target.ts implement these, database-targets.ts picks one by the configured dialect.
 */
export interface LiveDatabase {
  /** Writes a consistent snapshot to `file` and says what it holds, as of the same instant. */
  snapshot(file: string): Promise<DatabaseContents>;
  close(): Promise<void>;
}

export interface TargetDatabase {
  /**
   * Refuses when a server is running on the database. How it knows, per dialect: ADR 22. On PostgreSQL
   * it also keeps any server from starting until close().
   */
  requireNoServer(): Promise<void>;
  /** Rows in each of our tables that exist there (none in a new, never-migrated database). */
  existingRows(): Promise<Record<string, number>>;
  /** Replaces the whole database with the (verified) snapshot, all or nothing. */
  replaceWith(snapshot: string): Promise<void>;
  contents(): Promise<DatabaseContents>;
  close(): Promise<void>;
}
