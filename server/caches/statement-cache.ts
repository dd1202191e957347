import type SqliteDatabase from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type { WriteEpoch } from './write-epoch';

/** SQL texts whose prepared statements are kept per SQLite connection. */
const STATEMENTS_KEPT = 500;

const RUNNING_METHODS = new Set<PropertyKey>(['run', 'all', 'get', 'iterate']);

/**
 * A statement that can write moves the epoch before it runs and again after, so a lookup running around
 * it never keeps what it read. SQLite itself says which statements are read-only (`readonly`:
 * sqlite3_stmt_readonly), so a write cannot be mistaken for a read, however it was built.
 */
function countingWrites(statement: SqliteDatabase.Statement, epoch: WriteEpoch): SqliteDatabase.Statement {
  if (statement.readonly) return statement;
  return new Proxy(statement, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (!RUNNING_METHODS.has(property) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        epoch.moved();
        try {
          return value.apply(target, args);
        } finally {
          epoch.moved();
        }
      };
    },
  });
}

/**
 * The SQLite connection every query goes through. Kysely prepares every query anew, and preparing is a
 * large share of a fast request's cost, so prepared statements are kept by SQL text (never stale: the
 * same text is the same statement; least recently used ones are dropped). Safe because Kysely runs each
 * statement to completion (all/run) before the next. Every statement that can write moves `epoch`.
 */
export function withStatementCache(
  connection: SqliteDatabase.Database,
  epoch: WriteEpoch,
): { connection: SqliteDatabase.Database; statements: LRUCache<string, SqliteDatabase.Statement> } {
  const statements = new LRUCache<string, SqliteDatabase.Statement>({ max: STATEMENTS_KEPT });
  const prepare = (source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      statement = countingWrites(connection.prepare(source), epoch);
      statements.set(source, statement);
    }
    return statement;
  };
  const wrapped = new Proxy(connection, {
    get: (target, property, receiver) =>
      property === 'prepare' ? prepare : Reflect.get(target, property, receiver),
  });
  return { connection: wrapped, statements };
}
