import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Stands for "every table" in a set of tables read: a lookup whose reads could not be named depends on
 * any write at all.
 */
export const ANY_TABLE = '*';

/** The tables the statements of a cache's load read, gathered while it runs (ADR 53). */
const tablesBeingRead = new AsyncLocalStorage<Set<string>>();

/**
 * The writes that may have changed what an epoch cache read, by table (ADR 34, ADR 49, ADR 53). Every
 * statement that can change the database and runs through this process moves it, whatever built it (the
 * query builder, `sql`, a precompiled query given to `executeQuery`, a migration): the counting sits in
 * the connection (statement-cache.ts on SQLite, postgres-write-counting.ts on PostgreSQL), below Kysely,
 * so no path around it exists. On PostgreSQL it also moves when another process commits such a write
 * (cluster-write-epoch.ts).
 *
 * An INSERT or UPDATE moves only the table it writes; anything else that writes (a DELETE, whose
 * foreign keys cascade into other tables, or a statement whose table is not named where expected) moves
 * every table. A cached answer is reused only while none of the tables its load read has moved since it
 * was read: so a founder saving sections, or an investor's first visit being recorded, no longer sends
 * every session lookup back to the database.
 */
export class WriteEpoch {
  #sequence = 0;
  #anyTableMovedAt = 0;
  #everyTableMovedAt = 0;
  readonly #tableMovedAt = new Map<string, number>();
  /** Matches the name of any table of the schema as a word; unknown until the schema is (knowTables). */
  #tableNames: RegExp | undefined;
  readonly #tablesInStatement = new Map<string, readonly string[]>();

  /** Moves on every write: what was read before a lookup is the same after it when this has not moved. */
  get value(): number {
    return this.#sequence;
  }

  /**
   * Whether what is read now may be kept and reused. Always on SQLite, where this process is the only
   * writer; on PostgreSQL only while other processes' writes are known to reach us (cluster-write-epoch.ts).
   */
  get isCaching(): boolean {
    return true;
  }

  /**
   * Called around every statement that may write, and for every write another process commits: with the
   * one table an INSERT or UPDATE writes, or ANY_TABLE (the default) for a write that may touch any.
   */
  moved(table: string = ANY_TABLE): void {
    this.#sequence++;
    this.#anyTableMovedAt = this.#sequence;
    if (table === ANY_TABLE) this.#everyTableMovedAt = this.#sequence;
    else this.#tableMovedAt.set(table, this.#sequence);
  }

  /** Whether no write that could change a read of `tables` has happened since `value` was `since`. */
  unchangedSince(since: number, tables: ReadonlySet<string>): boolean {
    if (this.#everyTableMovedAt > since) return false;
    if (tables.size === 0 || tables.has(ANY_TABLE)) return this.#anyTableMovedAt <= since;
    for (const table of tables) if ((this.#tableMovedAt.get(table) ?? 0) > since) return false;
    return true;
  }

  /**
   * The schema's tables, once migrated (buildApp): until then no statement's reads can be named, and
   * every cached answer depends on every write, as before ADR 53.
   */
  knowTables(tables: readonly string[]): void {
    const names = tables.filter((table) => /^[a-z_][a-z0-9_]*$/i.test(table));
    this.#tableNames = names.length > 0 ? new RegExp(`\\b(${names.join('|')})\\b`, 'gi') : undefined;
    this.#tablesInStatement.clear();
  }

  /**
   * Runs a cache's load, gathering the tables its statements read (statementRuns), and any table the
   * lookups of other caches it made had read: an empty set when it ran none, or one could not be named.
   */
  async readingTables<V>(load: () => Promise<V>): Promise<{ value: V; tables: Set<string> }> {
    const tables = new Set<string>();
    const value = await tablesBeingRead.run(tables, load);
    if (tables.size === 0) tables.add(ANY_TABLE);
    this.tablesRead(tables);
    return { value, tables };
  }

  /** Tells the load running around this call, if any, that what it returns depends on `tables` too. */
  tablesRead(tables: ReadonlySet<string>): void {
    const reading = tablesBeingRead.getStore();
    if (reading) for (const table of tables) reading.add(table);
  }

  /** Called by the connection with the text of every statement it runs, read or write. */
  statementRuns(source: string): void {
    const reading = tablesBeingRead.getStore();
    if (!reading) return;
    let tables = this.#tablesInStatement.get(source);
    if (!tables) {
      tables = this.#tableNames
        ? [
            ...new Set(
              Array.from(source.matchAll(this.#tableNames), (match) => (match[1] ?? '').toLowerCase()),
            ),
          ]
        : [];
      // A statement naming no known table may read one under another name: depend on every table.
      if (tables.length === 0) tables = [ANY_TABLE];
      if (this.#tablesInStatement.size > 2_000) this.#tablesInStatement.clear();
      this.#tablesInStatement.set(source, tables);
    }
    for (const table of tables) reading.add(table);
  }
}
