/**
 * The count of writes that may have changed what an epoch cache read. It moves whenever a statement that
 * can change the database runs through this process, whatever built it (the query builder, `sql`, a
 * precompiled query given to `executeQuery`, a migration): the counting sits in the connection
 * (statement-cache.ts on SQLite, postgres-write-counting.ts on PostgreSQL), below Kysely, so no path
 * around it exists. On PostgreSQL it also moves when another process commits such a write
 * (cluster-write-epoch.ts). A value read before a lookup and unchanged afterwards proves no write
 * happened in between, which is what makes the epoch caches exact (ADR 34, ADR 49).
 */
export class WriteEpoch {
  #value = 0;

  get value(): number {
    return this.#value;
  }

  /**
   * Whether what is read now may be kept and reused. Always on SQLite, where this process is the only
   * writer; on PostgreSQL only while other processes' writes are known to reach us (cluster-write-epoch.ts).
   */
  get isCaching(): boolean {
    return true;
  }

  /** Called around every statement that may write, and for every write another process commits. */
  moved(): void {
    this.#value++;
  }
}
