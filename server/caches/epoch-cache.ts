import { LRUCache } from 'lru-cache';
import type { WriteEpoch } from './write-epoch';

/** A cache of database reads: `load` runs on a miss; what it gives back may be kept. */
export interface ReadCache<V extends object> {
  get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined>;
}

/**
 * A read cache that is exact (ADR 34, ADR 49, ADR 53): an entry is reused only while no write to a table
 * its load read has gone through this process, nor been committed by another (PostgreSQL), since it was
 * read, for at most `maxAgeMs`, and never past its own expiry. Misses (undefined) are not cached. While
 * the epoch says it is not caching, every lookup loads and nothing is kept.
 */
export class EpochCache<V extends object> implements ReadCache<V> {
  readonly #entries: LRUCache<string, { readAt: number; tables: ReadonlySet<string>; value: V }>;

  constructor(
    private readonly epoch: WriteEpoch,
    private readonly options: {
      maxEntries: number;
      maxAgeMs: number;
      expiresAt?: (value: V) => Date | undefined;
    },
  ) {
    // Bounded by count through maxSize, not max: lru-cache allocates `max` slots up front, and ten
    // caches of 10,000 slots were 3 MB of an idle server's heap (docs/decisions/0067).
    this.#entries = new LRUCache({
      maxSize: options.maxEntries,
      sizeCalculation: () => 1,
      ttl: options.maxAgeMs,
    });
  }

  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    // Not caching (PostgreSQL, while other processes' writes may not reach us): the database answers.
    if (!this.epoch.isCaching) return load();
    const hit = this.#entries.get(key);
    if (hit && this.epoch.unchangedSince(hit.readAt, hit.tables) && this.#unexpired(hit.value)) {
      // A cache whose load asked this one depends on what this entry was read from.
      this.epoch.tablesRead(hit.tables);
      return hit.value;
    }
    const readAt = this.epoch.value;
    const { value, tables } = await this.epoch.readingTables(load);
    this.#entries.delete(key);
    // Only a result no write to what it read could have overtaken is kept.
    if (value !== undefined && this.epoch.isCaching && this.epoch.unchangedSince(readAt, tables)) {
      this.#entries.set(key, { readAt, tables, value });
    }
    return value;
  }

  #unexpired(value: V): boolean {
    const expiresAt = this.options.expiresAt?.(value);
    return expiresAt === undefined || expiresAt.getTime() > Date.now();
  }
}
