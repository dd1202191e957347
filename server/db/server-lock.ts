import type pg from 'pg';
import { pgDriver } from './pg-driver';

/**
 * How `npm run restore` knows a server is running on a PostgreSQL database (ADR 22). Every server holds
 * this session-level advisory lock in SHARED mode, on a connection of its own, from start until it
 * closes: several servers may share a database. Restore takes it in EXCLUSIVE mode, which it cannot get
 * while any server holds it, and keeps it until done, so no server starts on a half-restored database.
 * Counting open connections instead was wrong: the pool closes idle ones, so an idle server had none.
 * (On SQLite the server's open connection is the mark: see sqliteTarget in operations/sqlite-target.ts.)
 */
const SERVER_LOCK_KEY = '5940095550514949409'; // 0x526f756e64526d21, "RoundRm!" in ASCII
/** Names the lock's connection in pg_stat_activity. */
export const SERVER_LOCK_APPLICATION = 'roundroom server lock';

const RETAKE_DELAY_MS = 1000;

async function connectAndTry(url: string, take: string): Promise<pg.Client | undefined> {
  const client = new (pgDriver().Client)({
    connectionString: url,
    application_name: SERVER_LOCK_APPLICATION,
  });
  // Without a listener a connection cut by the server would crash the process.
  client.on('error', (error) =>
    console.warn(`PostgreSQL closed the server lock's connection: ${error.message}`),
  );
  await client.connect();
  try {
    const result = await client.query<{ taken: boolean }>(`select ${take}($1::bigint) as taken`, [
      SERVER_LOCK_KEY,
    ]);
    if (result.rows[0]?.taken) return client;
  } catch (error) {
    await client.end();
    throw error;
  }
  await client.end();
  return undefined;
}

export interface HeldLock {
  release(): Promise<void>;
}

/**
 * Takes the shared lock for a server's life. Refuses while a restore holds it. If its connection is cut
 * (a PostgreSQL restart), it is taken again on a new connection until release().
 */
export async function holdServerLock(url: string): Promise<HeldLock> {
  const refusal = () =>
    new Error(
      'A restore (npm run restore) is replacing this database: start the server once it has finished.',
    );
  let client = await connectAndTry(url, 'pg_try_advisory_lock_shared');
  if (!client) throw refusal();
  let released = false;
  let retake: NodeJS.Timeout | undefined;
  const watch = (held: pg.Client) =>
    held.once('end', () => {
      if (released) return;
      client = undefined;
      const attempt = async () => {
        retake = undefined;
        try {
          const next = await connectAndTry(url, 'pg_try_advisory_lock_shared');
          if (!next) throw refusal();
          if (released) return await next.end();
          client = next;
          watch(next);
          console.warn('Took the server lock again after its connection was cut.');
        } catch (error) {
          console.warn(`Could not take the server lock again, retrying: ${(error as Error).message}`);
          if (!released) retake = setTimeout(attempt, RETAKE_DELAY_MS);
        }
      };
      retake = setTimeout(attempt, RETAKE_DELAY_MS);
    });
  watch(client);
  return {
    async release() {
      released = true;
      clearTimeout(retake);
      await client?.end();
    },
  };
}

/**
 * Takes the exclusive lock, kept until release(); undefined when a server holds the shared one. A
 * backup does not take it: it reads beside running servers.
 */
export async function tryExclusiveServerLock(url: string): Promise<HeldLock | undefined> {
  const client = await connectAndTry(url, 'pg_try_advisory_lock');
  return client && { release: () => client.end() };
}
