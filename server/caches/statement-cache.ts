import type SqliteDatabase from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { ANY_TABLE, type WriteEpoch } from './write-epoch';

/** SQL texts whose prepared statements are kept per SQLite connection. */
const STATEMENTS_KEPT = 500;

const RUNNING_METHODS = new Set<PropertyKey>(['run', 'all', 'get', 'iterate']);

/**
 * Tables no epoch cache reads (the modules' *.caches.ts: sessions, rooms and their members, documents,
 * previews): the access log and the reading analytics' views and roll-ups, written on every download, click and reading
 * report, and the job queue, whose worker claims due jobs every second. A statement that writes only one
 * of them cannot make a cached answer stale, so it leaves the epoch alone, and a burst of reports or
 * downloads, or an idle worker's poll, does not send every next request back to the database. Their rows
 * are leaves: deleting or updating them cascades into no table a cache reads. (A job's own work, such as
 * a finished preview, writes other tables and moves the epoch as before.) The same list decides which
 * tables notify other servers on PostgreSQL (write-notifications.ts), with the rate limits' counters,
 * written by every limited request (ADR 49), and webhook deliveries, one per event and endpoint (ADR 52).
 * Passkeys, their challenges (one per options request, which anyone may make) and recovery codes are read
 * only by the passkey routes, never through a cache (ADR 62), and the rooms' archive upload slots only by
 * the archive upload that takes one, whose release (a DELETE) must not empty every cache. A session's
 * last use is read only by the sessions list, and written once a minute by every signed-in reader (ADR 87).
 * The search log is read only by Analytics, and written by every reader's search (ADR 88).
 */
export const TABLES_NO_CACHE_READS = new Set([
  'access_events',
  'jobs',
  'reading_views',
  'reading_view_pages',
  'reading_reader_pages',
  'reading_document_pages',
  'reading_document_readers',
  'reading_documents',
  'reading_room_readers',
  'rate_limit_counters',
  'webhook_deliveries',
  'passkeys',
  'webauthn_challenges',
  'recovery_codes',
  'archive_upload_slots',
  'session_uses',
  'room_searches',
]);

/** The table a statement that starts as a single-table INSERT or UPDATE writes. */
const INSERTED_OR_UPDATED_TABLE = /^\s*(?:insert\s+into|update)\s+"?([a-z_]+)"?[\s(]/i;
/** The table a statement that starts as a DELETE writes. */
const DELETED_FROM_TABLE = /^\s*delete\s+from\s+"?([a-z_]+)"?[\s(]/i;

/**
 * What a statement may change that an epoch cache could have read (ADR 34, ADR 53): nothing (null) for a
 * read, or for a write that names only a table no cache reads; the one table an INSERT or UPDATE writes
 * (no foreign key here cascades an update); ANY_TABLE for a DELETE, whose foreign keys may cascade into
 * other tables, and for any other write, whose tables are not named where this looks.
 */
export function tablesWritten(statement: { readonly: boolean; source: string }): string | null {
  if (statement.readonly) return null;
  const written = INSERTED_OR_UPDATED_TABLE.exec(statement.source)?.[1];
  if (written !== undefined) return TABLES_NO_CACHE_READS.has(written) ? null : written.toLowerCase();
  const deleted = DELETED_FROM_TABLE.exec(statement.source)?.[1];
  return deleted !== undefined && TABLES_NO_CACHE_READS.has(deleted) ? null : ANY_TABLE;
}

/**
 * A statement that can write moves the epoch before it runs and again after, so a lookup running around
 * it never keeps what it read. SQLite itself says which statements are read-only (`readonly`:
 * sqlite3_stmt_readonly), so a write cannot be mistaken for a read, however it was built; of the writes,
 * only those that name one table outside the caches' reads (TABLES_NO_CACHE_READS) are let through.
 */
function countingWrites(statement: SqliteDatabase.Statement, epoch: WriteEpoch): SqliteDatabase.Statement {
  const written = tablesWritten(statement);
  if (written === null) return statement;
  return new Proxy(statement, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (!RUNNING_METHODS.has(property) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        epoch.moved(written);
        try {
          return value.apply(target, args);
        } finally {
          epoch.moved(written);
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
    // Kysely prepares every statement it runs, so this sees each one, in the async context of its caller.
    epoch.statementRuns(source);
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
