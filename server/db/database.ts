import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { LRUCache } from 'lru-cache';
import type pg from 'pg';
import { ClusterWriteEpoch } from '#server/caches/cluster-write-epoch';
import { countingWrites } from '#server/caches/postgres-write-counting';
import { SqliteWriteEpoch } from '#server/caches/sqlite-write-epoch';
import { withStatementCache } from '#server/caches/statement-cache';
import type { WriteEpoch } from '#server/caches/write-epoch';
import { ensureWriteNotifications } from '#server/caches/write-notifications';
import type { Config } from '#server/config';
import { migrationProvider } from './migrations/index';
import { pgDriver } from './pg-driver';
import type { Database } from './schema';
import { type HeldLock, holdServerLock } from './server-lock';

export type Dialect = Config['database']['dialect'];

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * The count of writes that may change a cached answer, counted by the connection
   * (server/caches/write-epoch.ts); on PostgreSQL also moved by other processes' commits once
   * watchOtherWriters() has started (server/caches/cluster-write-epoch.ts).
   */
  writeEpoch: WriteEpoch;
  /**
   * PostgreSQL: makes every table a cache reads notify its writes, and listens for them, so the caches
   * stay exact with several servers on one database (ADR 49). Idempotent. SQLite: nothing to do.
   */
  watchOtherWriters(log?: {
    warn(object: object, message: string): void;
    info(object: object, message: string): void;
  }): Promise<void>;
  /** SQLite's prepared statements by SQL text (server/caches/statement-cache.ts); undefined on PostgreSQL. */
  statements: LRUCache<string, SqliteDatabase.Statement> | undefined;
  /** True when a trivial query succeeds; used by /api/health. */
  isReachable(): Promise<boolean>;
  /**
   * Marks the database as in use by a running server until close(), so that `npm run restore` refuses
   * it (ADR 22). PostgreSQL: the shared server lock (server-lock.ts); throws while a restore runs.
   * SQLite: nothing more to do, the open connection is the mark.
   */
  markInUseByServer(): Promise<void>;
  close(): Promise<void>;
}

const PG_INT8_OID = 20;

/** bigint columns come back from pg as strings; ours (epoch ms, byte sizes) fit a JS number exactly. */
function parsePgBigint(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) {
    throw new Error(`bigint ${value} is beyond JavaScript's exact integer range`);
  }
  return parsed;
}

function openSqlite(
  file: string,
  writeEpoch: SqliteWriteEpoch,
): { db: Kysely<Database>; statements: LRUCache<string, SqliteDatabase.Statement> } {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const connection = new SqliteDatabase(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  // FULL syncs the WAL at every commit, so a write is on disk before anyone is told it succeeded. NORMAL
  // would survive a crash of this process but not a power cut, which could bring a deleted document's
  // row back after its file was removed. It costs about a millisecond per write; reads are unaffected.
  connection.pragma('synchronous = FULL');
  const { connection: counted, statements } = withStatementCache(connection, writeEpoch);
  writeEpoch.watch(connection);
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: counted }) }), statements };
}

function openPostgres(url: string, writeEpoch: WriteEpoch): Kysely<Database> {
  const driver = pgDriver();
  const pool = new driver.Pool({
    connectionString: url,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID
          ? parsePgBigint
          : driver.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection can be cut by the server (a restart, a failover, a dropped database). The pool
  // discards it and the next query opens another; without a listener the 'error' event would crash us.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: countingWrites(pool, writeEpoch) }) });
}

export function openDatabase(database: Config['database']): DatabaseHandle {
  if (database.dialect === 'sqlite') {
    const writeEpoch = new SqliteWriteEpoch();
    const { db, statements } = openSqlite(database.file, writeEpoch);
    return handleFor(
      db,
      'sqlite',
      { writeEpoch, statements, watchOtherWriters: async () => {} },
      async () => undefined,
    );
  }
  const { url } = database;
  const writeEpoch = new ClusterWriteEpoch(url, pgDriver);
  const db = openPostgres(url, writeEpoch);
  let watching: Promise<void> | undefined;
  const watchOtherWriters: DatabaseHandle['watchOtherWriters'] = (log) => {
    watching ??= ensureWriteNotifications(db).then(() => writeEpoch.start(log));
    return watching;
  };
  return handleFor(db, 'postgres', { writeEpoch, statements: undefined, watchOtherWriters }, () =>
    holdServerLock(url),
  );
}

function handleFor(
  db: Kysely<Database>,
  dialect: Dialect,
  counting: Pick<DatabaseHandle, 'writeEpoch' | 'statements' | 'watchOtherWriters'>,
  takeServerLock: () => Promise<HeldLock | undefined>,
): DatabaseHandle {
  let serverLock: HeldLock | undefined;
  return {
    db,
    dialect,
    ...counting,
    async isReachable() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async markInUseByServer() {
      serverLock ??= await takeServerLock();
    },
    async close() {
      if (counting.writeEpoch instanceof ClusterWriteEpoch) await counting.writeEpoch.stop();
      await db.destroy();
      // Last: a restore cannot begin while this server still has connections open.
      await serverLock?.release();
      serverLock = undefined;
    },
  };
}

/** Applies every pending migration. Throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const name = failed ? ` ${failed.migrationName}` : '';
    throw new Error(
      `Database migration${name} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
