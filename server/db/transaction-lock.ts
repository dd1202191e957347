import { sql } from 'kysely';
import type { Config } from '#server/config';
import type { Executor } from './columns';

/**
 * Makes the transaction `trx` the only one holding `key` until it ends, on every server of the
 * database: for a limit counted in a table and then written (count, then insert), which two servers,
 * or two connections of one, could otherwise both pass (ADR 49). PostgreSQL: a transaction-level
 * advisory lock on the key's hash (released at commit or rollback; a collision of two keys only makes
 * them wait for each other). SQLite: nothing to take, since its one server runs one transaction at a
 * time on its one connection.
 */
export async function lockForTransaction(
  trx: Pick<Executor<object>, 'getExecutor'>,
  dialect: Config['database']['dialect'],
  key: string,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}
