/**
 * What a module keeps in memory for one app (a cache, or a memo of what it last did), defined once by
 * the module as a constant and made for each app on first use: `ctx.caches.get(definition)`. So no
 * feature holds state at module level or in a closure, and this machinery imports no feature (ADR 66).
 */
export interface CacheDefinition<T> {
  /** What it holds, for whoever reads a heap snapshot or a test. */
  readonly name: string;
  create(): T;
}

export function defineCache<T>(name: string, create: () => T): CacheDefinition<T> {
  return { name, create };
}

/** One app's instances of the definitions asked of it. */
export class CacheRegistry {
  readonly #made = new Map<CacheDefinition<unknown>, unknown>();

  get<T>(definition: CacheDefinition<T>): T {
    if (!this.#made.has(definition)) this.#made.set(definition, definition.create());
    return this.#made.get(definition) as T;
  }
}
