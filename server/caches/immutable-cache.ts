import { LRUCache } from 'lru-cache';
import type { ReadCache } from './epoch-cache';

/**
 * A cache of rows, or parts of rows, that never change once written: exact on both dialects, since
 * there is nothing to go stale. A row deleted later is still answered from here, so a caller must not
 * take a hit as proof that the row exists: whatever it then writes finds the row gone (ADR 34).
 * Misses (undefined) are not cached.
 */
export class ImmutableCache<V extends object> implements ReadCache<V> {
  readonly #entries: LRUCache<string, V>;

  constructor(maxEntries: number) {
    // Bounded by count through maxSize, not max, which allocates every slot up front (epoch-cache.ts).
    this.#entries = new LRUCache({ maxSize: maxEntries, sizeCalculation: () => 1 });
  }

  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const hit = this.#entries.get(key);
    if (hit) return hit;
    const value = await load();
    if (value !== undefined) this.#entries.set(key, value);
    return value;
  }
}
