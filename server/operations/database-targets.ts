import type { Config } from '#server/config';
import type { LiveDatabase, TargetDatabase } from './database-handles';
import { describePostgres, openLivePostgres, postgresTarget } from './postgres-target';
import { openLiveSqlite, sqliteTarget } from './sqlite-target';

/** The database of a backup or a restore, one implementation per dialect (sqlite-target.ts, postgres-target.ts). */
export type { LiveDatabase, TargetDatabase };

export const openLive = (database: Config['database']): LiveDatabase =>
  database.dialect === 'sqlite' ? openLiveSqlite(database.file) : openLivePostgres(database.url);

export const openTarget = (database: Config['database']): TargetDatabase =>
  database.dialect === 'sqlite' ? sqliteTarget(database.file) : postgresTarget(database.url);

export function describeDatabase(config: Config): string {
  return config.database.dialect === 'sqlite' ? config.database.file : describePostgres(config.database.url);
}
