import { EPOCH_CACHE_MAX_AGE_MS } from '#server/durations';
import { EpochCache, type ReadCache } from './epoch-cache';
import { ImmutableCache } from './immutable-cache';
import type { WriteEpoch } from './write-epoch';

/** Entries kept by each epoch cache: a session or a (room, user) pair each. */
const EPOCH_CACHE_ENTRIES = 10_000;

/** What an app builds its caches from: its database's write epoch and the limits its configuration sets. */
export interface CacheMachinery {
  writeEpoch: WriteEpoch;
  limits: {
    /** PREVIEW_OBJECT_CACHE_MB, in bytes (0 keeps none). */
    previewObjectCacheBytes: number;
    /** WATERMARK_CACHE_MB, in bytes (0 keeps none). */
    watermarkCacheBytes: number;
    /** SECTIONS_PARSE_TIMEOUT_MS: how long a stored text's parse may run. */
    sectionsParseTimeoutMs: number;
  };
}

/**
 * One cache, described once, as a module-level constant, by the module that owns what it keeps (its
 * invalidation rule is written beside it, in code: ADR 34). It holds no state: each app builds its own
 * instance on first use (CacheRegistry), so two apps in one process never share an answer, and this
 * folder never imports a feature (docs/decisions/0063-room-content-as-four-modules.md).
 */
export interface CacheDefinition<C> {
  readonly name: string;
  create(machinery: CacheMachinery): C;
}

export function defineCache<C>(name: string, create: (machinery: CacheMachinery) => C): CacheDefinition<C> {
  return { name, create };
}

/**
 * A cache whose answers are kept until the next write to a table their load read (the write epoch, by
 * table: ADR 53), EPOCH_CACHE_MAX_AGE_MS at most, and never past `expiresAt` of the answer. On PostgreSQL
 * a write committed by another process moves the epoch when its notification arrives (within
 * milliseconds; one second at most, or the cache stops answering: cluster-write-epoch.ts, ADR 49).
 */
export function untilNextWrite<V extends object>(
  name: string,
  expiresAt?: (value: V) => Date | undefined,
): CacheDefinition<ReadCache<V>> {
  return defineCache(
    name,
    ({ writeEpoch }) =>
      new EpochCache<V>(writeEpoch, {
        maxEntries: EPOCH_CACHE_ENTRIES,
        maxAgeMs: EPOCH_CACHE_MAX_AGE_MS,
        expiresAt,
      }),
  );
}

/** A cache of answers that never change once written (immutable-cache.ts), exact on both dialects. */
export function keptForGood<V extends object>(name: string): CacheDefinition<ReadCache<V>> {
  return defineCache(name, () => new ImmutableCache<V>(EPOCH_CACHE_ENTRIES));
}

/**
 * Every cache of one app, reached through the AppContext (`ctx.caches.get(sectionsCache)`): built by
 * buildApp with the app's machinery, each cache made from its definition the first time it is asked for.
 */
export class CacheRegistry {
  readonly #instances = new Map<CacheDefinition<unknown>, unknown>();

  constructor(readonly machinery: CacheMachinery) {}

  get<C>(definition: CacheDefinition<C>): C {
    if (!this.#instances.has(definition)) this.#instances.set(definition, definition.create(this.machinery));
    return this.#instances.get(definition) as C;
  }
}
