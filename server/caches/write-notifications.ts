import { type Kysely, sql } from 'kysely';
import { WRITES_CHANNEL } from './cluster-write-epoch';
import { TABLES_NO_CACHE_READS } from './statement-cache';

const NOTIFY_FUNCTION = 'roundroom_notify_write';
const TRIGGER = 'roundroom_notify_write';
/** Serialises the check-then-create below when several servers start at once. */
const ENSURE_LOCK_KEY = '5940095550514949410';

/** Kysely's own bookkeeping: no cache reads it. */
const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/**
 * On PostgreSQL, makes every table a cache may read notify WRITES_CHANNEL when a statement writes it
 * (ADR 49): a statement-level trigger, so a bulk write sends one notification, and NOTIFY, which
 * PostgreSQL delivers only when the transaction commits (never for a rollback) and folds repeats within
 * one transaction into one. Its payload names the table an INSERT or UPDATE wrote, so the other nodes
 * drop only what was read from it; it is empty for a DELETE or TRUNCATE, which may cascade into other
 * tables, and every cache is dropped (ADR 53). Every writer is covered, the servers and an operator's
 * SQL shell alike. The tables no cache reads (TABLES_NO_CACHE_READS: the access log, reading analytics,
 * the job queue, rate-limit counters, webhook deliveries) get no trigger, so their constant writes leave
 * every node's caches alone.
 *
 * Run at every start after the migrations, so a table added by a later migration gets its trigger
 * without that migration having to remember it; it creates only what is missing.
 */
export async function ensureWriteNotifications<DB>(db: Kysely<DB>): Promise<void> {
  const skipped = [...TABLES_NO_CACHE_READS, ...MIGRATOR_TABLES];
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${ENSURE_LOCK_KEY}::bigint)`.execute(trx);
    await sql
      .raw(
        `create or replace function ${NOTIFY_FUNCTION}() returns trigger language plpgsql as $$
         begin
           perform pg_notify('${WRITES_CHANNEL}',
             case when TG_OP in ('INSERT', 'UPDATE') then TG_TABLE_NAME::text else '' end);
           return null;
         end $$`,
      )
      .execute(trx);
    const { rows } = await sql<{ table: string }>`
      select c.relname as "table"
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relkind in ('r', 'p')
         and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = ${TRIGGER})
    `.execute(trx);
    for (const { table } of rows) {
      if (skipped.includes(table)) continue;
      await sql
        .raw(
          `create trigger ${TRIGGER} after insert or update or delete or truncate on "${table.replaceAll('"', '""')}"
             for each statement execute function ${NOTIFY_FUNCTION}()`,
        )
        .execute(trx);
    }
  });
}

/** The tables that notify, for tests. */
export async function tablesThatNotify<DB>(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ table: string }>`
    select c.relname as "table" from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where t.tgname = ${TRIGGER} order by 1
  `.execute(db);
  return rows.map((row) => row.table);
}
