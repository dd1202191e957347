import { LRUCache } from 'lru-cache';
import type { WriteEpoch } from './write-epoch';

/** A cache of database reads: `load` runs on a miss; what it gives back may be kept. */
export interface ReadCache<V extends object> {
  get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined>;
}

/**
 * A read cache that is exact (ADR 34, ADR 49): an entry is reused only while no write at all has gone
 * through this process, nor been committed by another (PostgreSQL), since it was read (the write epoch
 * is unchanged), for at most `maxAgeMs`, and never past its own expiry. Misses (undefined) are not
 * cached. While the epoch says it is not caching, every lookup loads and nothing is kept.
 */
export class EpochCache<V extends object> implements ReadCache<V> {
  readonly #entries: LRUCache<string, { epoch: number; value: V }>;

  constructor(
    private readonly epoch: WriteEpoch,
    private readonly options: { maxEntries: number; maxAgeMs: number; expiresAt?: (value: V) => Date },
  ) {
    this.#entries = new LRUCache({ max: options.maxEntries, ttl: options.maxAgeMs });
  }

  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    // Not caching (PostgreSQL, while other processes' writes may not reach us): the database answers.
    if (!this.epoch.isCaching) return load();
    const hit = this.#entries.get(key);
    if (hit && hit.epoch === this.epoch.value && this.#unexpired(hit.value)) return hit.value;
    const epochBefore = this.epoch.value;
    const value = await load();
    this.#entries.delete(key);
    // Only a result no write could have overtaken is kept.
    if (value !== undefined && this.epoch.value === epochBefore && this.epoch.isCaching) {
      this.#entries.set(key, { epoch: epochBefore, value });
    }
    return value;
  }

  #unexpired(value: V): boolean {
    const expiresAt = this.options.expiresAt?.(value);
    return expiresAt === undefined || expiresAt.getTime() > Date.now();
  }
}
