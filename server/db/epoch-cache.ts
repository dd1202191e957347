import type { WriteEpoch } from './write-epoch';

/**
 * A read cache that is exact on SQLite (ADR 16): an entry is reused only while no write at all has
 * gone through this process since it was read, for at most `maxAgeMs` (writes made outside the
 * process), and never past its own expiry. Misses (undefined) are not cached.
 */
export class EpochCache<V> {
  readonly #entries = new Map<string, { epoch: number; cachedAt: number; value: V }>();

  constructor(
    private readonly epoch: WriteEpoch,
    private readonly options: { maxEntries: number; maxAgeMs: number; expiresAt?: (value: V) => number },
  ) {}

  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (
      hit &&
      hit.epoch === this.epoch.value &&
      now - hit.cachedAt < this.options.maxAgeMs &&
      (this.options.expiresAt?.(hit.value) ?? Number.POSITIVE_INFINITY) > now
    ) {
      return hit.value;
    }
    const epochBefore = this.epoch.value;
    const value = await load();
    this.#entries.delete(key);
    // Only a result no write could have overtaken is kept.
    if (value !== undefined && this.epoch.value === epochBefore) {
      if (this.#entries.size >= this.options.maxEntries)
        this.#entries.delete(this.#entries.keys().next().value as string);
      this.#entries.set(key, { epoch: epochBefore, cachedAt: now, value });
    }
    return value;
  }
}
