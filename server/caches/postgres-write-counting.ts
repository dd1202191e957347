import type pg from 'pg';
import { movesEpoch } from './statement-cache';
import type { WriteEpoch } from './write-epoch';

/** Statements that read, or only frame a transaction without ending it: they cannot change a cached answer. */
const READS_OR_FRAMES = /^\s*(?:select|show|begin|start\s+transaction|savepoint|release|set|listen)\b/i;
/** Statements that end a transaction: its writes become visible to others only now. */
const ENDS_TRANSACTION = /^\s*(?:commit|end|rollback|abort)\s*;?\s*$/i;

/**
 * Counts this process's writes to PostgreSQL on its write epoch, at the connection, as statement-cache.ts
 * does for SQLite: whatever built a statement, one that may write (anything but a read, judged by its
 * text, and not only on tables no cache reads: movesEpoch) moves the epoch before and after it runs, and
 * so does the commit or rollback of a transaction that ran one, since its writes become visible to other
 * connections of the pool only then. A lookup that overlapped either never keeps what it read, so this
 * process's next request sees its own write at once, before the notification of it comes back
 * (cluster-write-epoch.ts). Clients are wrapped once each, since Kysely keys its connections by client.
 */
export function countingWrites(pool: pg.Pool, epoch: WriteEpoch): pg.Pool {
  const wrapped = new WeakMap<pg.PoolClient, pg.PoolClient>();
  const wrap = (client: pg.PoolClient): pg.PoolClient => {
    let counted = wrapped.get(client);
    if (counted) return counted;
    let wroteInTransaction = false;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const counting = (...args: unknown[]): unknown => {
      const [first] = args;
      const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;
      if (typeof text !== 'string' || READS_OR_FRAMES.test(text)) return query(...args);
      const ending = ENDS_TRANSACTION.test(text);
      if (ending ? !wroteInTransaction : !movesEpoch({ readonly: false, source: text }))
        return query(...args);
      wroteInTransaction = !ending;
      epoch.moved();
      const settle = () => epoch.moved();
      const result = query(...args);
      if (result instanceof Promise) return result.finally(settle);
      // A cursor (streamed reads of a SELECT never get here) or a callback: counted when it is handed back.
      settle();
      return result;
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
