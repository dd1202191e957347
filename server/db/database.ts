import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { migrationProvider } from './migrations/index';
import type { Database } from './schema';
import { type HeldLock, holdServerLock } from './server-lock';
import { WriteEpoch } from './write-epoch';

export type Dialect = Config['database']['dialect'];

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * On SQLite, where this process is the database's only writer, the count of writes made so far (see
   * write-epoch.ts). Undefined on PostgreSQL, where other servers write too.
   */
  writeEpoch: WriteEpoch | undefined;
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

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing is a large share of a fast request's cost on SQLite.
 * This wrapper reuses prepared statements by SQL text (least recently used ones are dropped).
 * Safe because Kysely runs each statement to completion (all/run) before the next.
 */
function withStatementCache(connection: SqliteDatabase.Database): SqliteDatabase.Database {
  const cache = new Map<string, SqliteDatabase.Statement>();
  const prepare = (source: string) => {
    const cached = cache.get(source);
    if (cached) {
      cache.delete(source);
      cache.set(source, cached);
      return cached;
    }
    const statement = connection.prepare(source);
    cache.set(source, statement);
    if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    return statement;
  };
  return new Proxy(connection, {
    get: (target, property, receiver) =>
      property === 'prepare' ? prepare : Reflect.get(target, property, receiver),
  });
}

function openSqlite(file: string, writeEpoch: WriteEpoch): Kysely<Database> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const connection = new SqliteDatabase(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  // FULL syncs the WAL at every commit, so a write is on disk before anyone is told it succeeded. NORMAL
  // would survive a crash of this process but not a power cut, which could bring a deleted document's
  // row back after its file was removed. It costs about a millisecond per write; reads are unaffected.
  connection.pragma('synchronous = FULL');
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(connection) }),
    plugins: [writeEpoch],
  });
}

function openPostgres(url: string): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID
          ? parsePgBigint
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection can be cut by the server (a restart, a failover, a dropped database). The pool
  // discards it and the next query opens another; without a listener the 'error' event would crash us.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export function openDatabase(database: Config['database']): DatabaseHandle {
  if (database.dialect === 'sqlite') {
    const writeEpoch = new WriteEpoch();
    return handleFor(openSqlite(database.file, writeEpoch), 'sqlite', writeEpoch, async () => undefined);
  }
  const { url } = database;
  return handleFor(openPostgres(url), 'postgres', undefined, () => holdServerLock(url));
}

function handleFor(
  db: Kysely<Database>,
  dialect: Dialect,
  writeEpoch: WriteEpoch | undefined,
  takeServerLock: () => Promise<HeldLock | undefined>,
): DatabaseHandle {
  let serverLock: HeldLock | undefined;
  return {
    db,
    dialect,
    writeEpoch,
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
