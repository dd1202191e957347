import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from './storage';

/** Removals in flight at once: a 500-page preview's 2,000 objects go in seconds, not one by one. */
export const REMOVALS_AT_ONCE = 16;

/**
 * Removes stored objects whose rows are already gone, at most REMOVALS_AT_ONCE at a time. One that cannot
 * be removed is logged and left: no row refers to it, so the start-up check sets it aside.
 */
export async function removeObjects(
  ctx: { storage: Pick<Storage, 'remove'>; log: Pick<FastifyBaseLogger, 'warn'> },
  keys: readonly string[],
): Promise<void> {
  let next = 0;
  const removeInTurn = async () => {
    while (next < keys.length) {
      const key = keys[next++] as string;
      try {
        await ctx.storage.remove(key);
      } catch (error) {
        ctx.log.warn({ err: error, key }, 'could not remove a stored object whose row is gone');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(REMOVALS_AT_ONCE, keys.length) }, removeInTurn));
}
