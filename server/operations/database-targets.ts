import type { Config } from '#server/config';
import type { DatabaseContents } from './manifest';
import { describePostgres, openLivePostgres, postgresTarget } from './postgres-target';
import { openLiveSqlite, sqliteTarget } from './sqlite-target';

/** The database of a backup or a restore, one implementation per dialect (sqlite-target.ts, postgres-target.ts). */

export interface LiveDatabase {
  /** Writes a consistent snapshot to `file` and says what it holds, as of the same instant. */
  snapshot(file: string): Promise<DatabaseContents>;
  close(): Promise<void>;
}

export const openLive = (database: Config['database']): LiveDatabase =>
  database.dialect === 'sqlite' ? openLiveSqlite(database.file) : openLivePostgres(database.url);

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

export const openTarget = (database: Config['database']): TargetDatabase =>
  database.dialect === 'sqlite' ? sqliteTarget(database.file) : postgresTarget(database.url);

export function describeDatabase(config: Config): string {
  return config.database.dialect === 'sqlite' ? config.database.file : describePostgres(config.database.url);
}
