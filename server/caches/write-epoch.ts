/**
 * The count of writes this process has made to its SQLite database. It moves whenever a statement that
 * can change the database runs, whatever built it (the query builder, `sql`, a precompiled query given
 * to `executeQuery`, a migration): the counting sits in the connection (statement-cache.ts), below
 * Kysely, so no path around it exists. A value read before a lookup and unchanged afterwards proves no
 * write happened through this process in between, which is what makes the epoch caches exact (ADR 34).
 */
export class WriteEpoch {
  #value = 0;

  get value(): number {
    return this.#value;
  }

  /** Called by the connection around every statement that is not read-only. */
  moved(): void {
    this.#value++;
  }
}
