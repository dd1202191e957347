import type pg from 'pg';
import { tablesWritten } from './statement-cache';
import type { WriteEpoch } from './write-epoch';

/** Statements that read, or only frame a transaction without ending it: they cannot change a cached answer. */
const READS_OR_FRAMES = /^\s*(?:select|show|begin|start\s+transaction|savepoint|release|set|listen)\b/i;
/** Statements that end a transaction: its writes become visible to others only now. */
const ENDS_TRANSACTION = /^\s*(?:commit|end|rollback|abort)\s*;?\s*$/i;

/**
 * Counts this process's writes to PostgreSQL on its write epoch, at the connection, as statement-cache.ts
 * does for SQLite: whatever built a statement, one that may write (anything but a read, judged by its
 * text, and not only on tables no cache reads: tablesWritten) moves the table it writes (or every table)
 * before and after it runs, and so does the commit or rollback of a transaction that ran one, for every
 * table it wrote, since its writes become visible to other connections of the pool only then. A lookup
 * that overlapped either never keeps what it read, so this process's next request sees its own write at
 * once, before the notification of it comes back (cluster-write-epoch.ts). Every statement's text is also
 * shown to the epoch, which names the tables a cache's load reads (ADR 53). Clients are wrapped once
 * each, since Kysely keys its connections by client.
 */
export function countingWrites(pool: pg.Pool, epoch: WriteEpoch): pg.Pool {
  const wrapped = new WeakMap<pg.PoolClient, pg.PoolClient>();
  const wrap = (client: pg.PoolClient): pg.PoolClient => {
    let counted = wrapped.get(client);
    if (counted) return counted;
    /** The tables the open transaction has written, moved again when it ends. */
    const writtenInTransaction = new Set<string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const moving = (tables: Iterable<string>, args: unknown[]): unknown => {
      const move = () => {
        for (const table of tables) epoch.moved(table);
      };
      move();
      const result = query(...args);
      if (result instanceof Promise) return result.finally(move);
      // A cursor (streamed reads of a SELECT never get here) or a callback: counted when it is handed back.
      move();
      return result;
    };
    const counting = (...args: unknown[]): unknown => {
      const [first] = args;
      const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;
      if (typeof text !== 'string') return query(...args);
      epoch.statementRuns(text);
      if (READS_OR_FRAMES.test(text)) return query(...args);
      if (ENDS_TRANSACTION.test(text)) {
        if (writtenInTransaction.size === 0) return query(...args);
        const written = [...writtenInTransaction];
        writtenInTransaction.clear();
        return moving(written, args);
      }
      const table = tablesWritten({ readonly: false, source: text });
      if (table === null) return query(...args);
      writtenInTransaction.add(table);
      return moving([table], args);
    };
    counted = new Proxy(client, {
      get: (target, property, receiver) =>
        property === 'query' ? counting : Reflect.get(target, property, receiver),
    });
    wrapped.set(client, counted);
    return counted;
  };
  return new Proxy(pool, {
    get(target, property, receiver) {
      if (property !== 'connect') return Reflect.get(target, property, receiver);
      return async () => wrap(await target.connect());
    },
  });
}
