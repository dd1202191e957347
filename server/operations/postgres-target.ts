import { sql } from 'kysely';
import { openDatabase } from '#server/db/database';
import { type HeldLock, tryExclusiveServerLock } from '#server/db/server-lock';
import type { LiveDatabase, TargetDatabase } from './database-handles';
import { contentsOf, countExistingTables } from './manifest';
import { OperationError } from './operation-error';
import { runPostgresTool } from './postgres-tools';

/** A PostgreSQL database as a backup reads it (pg_dump) and as a restore replaces it (pg_restore). */

export function openLivePostgres(url: string): LiveDatabase {
  const { db } = openDatabase({ dialect: 'postgres', url });
  return {
    snapshot: (target) =>
      db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (trx) => {
          // pg_dump reads through this transaction's snapshot, and so do the counts below: both see
          // the database as of the same instant, while the server goes on writing.
          const exported = await sql<{ snapshot: string }>`select pg_export_snapshot() as snapshot`.execute(
            trx,
          );
          const snapshot = exported.rows[0]?.snapshot ?? '';
          await runPostgresTool(
            'pg_dump',
            ['--format=custom', `--snapshot=${snapshot}`, `--file=${target}`],
            url,
          );
          return contentsOf(trx);
        }),
    close: () => db.destroy(),
  };
}

export function postgresTarget(url: string): TargetDatabase {
  const { db } = openDatabase({ dialect: 'postgres', url });
  let lock: HeldLock | undefined;
  return {
    async requireNoServer() {
      lock = await tryExclusiveServerLock(url);
      if (!lock) {
        throw new OperationError(
          `A Roundroom server is running on ${describePostgres(url)}: it holds the server lock (ADR 22). Stop every server using this database before restoring; nothing was changed.`,
        );
      }
    },
    existingRows: () => countExistingTables(db),
    replaceWith: (snapshot) =>
      // --clean drops the tables the dump recreates, and --single-transaction makes the drop and the
      // load one transaction: a failure leaves the database as it was.
      runPostgresTool(
        'pg_restore',
        [
          '--clean',
          '--if-exists',
          '--single-transaction',
          '--exit-on-error',
          '--no-owner',
          '--no-privileges',
          snapshot,
        ],
        url,
      ),
    contents: () => contentsOf(db),
    async close() {
      await db.destroy();
      await lock?.release();
    },
  };
}

export function describePostgres(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `PostgreSQL database ${url.pathname.slice(1)} on ${url.host}`; // never the password
}
