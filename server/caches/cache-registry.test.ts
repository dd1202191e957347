import { expect, test } from 'vitest';
import { type CacheMachinery, CacheRegistry, defineCache, untilNextWrite } from './cache-registry';
import { EpochCache } from './epoch-cache';
import { WriteEpoch } from './write-epoch';

// Two caches as the modules define theirs (accounts' sessions, rooms' readable rooms): built per app.
const sessions = untilNextWrite<{ sessionId: string; expiresAt: Date }>(
  'sessions',
  (session) => session.expiresAt,
);
const readableRooms = untilNextWrite<{ roomId: string }>('readableRooms');

const value = (label: string) => ({ label, expiresAt: new Date(Date.now() + 60_000) });

test('while the epoch is not caching (PostgreSQL without its notifications) every lookup loads', async () => {
  const epoch = new (class extends WriteEpoch {
    override get isCaching() {
      return false;
    }
  })();
  const caches = new CacheRegistry({
    writeEpoch: epoch,
    limits: { previewObjectCacheBytes: 0, watermarkCacheBytes: 0, sectionsParseTimeoutMs: 4_000 },
  });
  let loads = 0;
  const load = async () => {
    loads++;
    return { sessionId: 's', expiresAt: new Date(Date.now() + 60_000) } as never;
  };
  await caches.get(sessions).get('token', load);
  await caches.get(sessions).get('token', load);
  await caches.get(readableRooms).get('room:user', load);
  await caches.get(readableRooms).get('room:user', load);
  expect(loads).toBe(4);
});

test('an epoch cache reuses an answer until the next write, and never keeps a miss', async () => {
  const epoch = new WriteEpoch();
  const cache = new EpochCache<{ label: string }>(epoch, { maxEntries: 10, maxAgeMs: 60_000 });
  let loads = 0;
  const load = async () => {
    loads++;
    return value(`v${loads}`);
  };
  expect((await cache.get('k', load))?.label).toBe('v1');
  expect((await cache.get('k', load))?.label).toBe('v1');
  epoch.moved();
  expect((await cache.get('k', load))?.label).toBe('v2');

  let misses = 0;
  const miss = async () => {
    misses++;
    return undefined;
  };
  await cache.get('missing', miss);
  await cache.get('missing', miss);
  expect(misses).toBe(2);
});

test('an answer overtaken by a write while it was loaded is not kept', async () => {
  const epoch = new WriteEpoch();
  const cache = new EpochCache<{ label: string }>(epoch, { maxEntries: 10, maxAgeMs: 60_000 });
  await cache.get('k', async () => {
    epoch.moved();
    return value('stale');
  });
  expect((await cache.get('k', async () => value('fresh')))?.label).toBe('fresh');
});

test('an epoch cache keeps at most maxEntries, dropping the least recently used, and nothing past its expiry', async () => {
  const epoch = new WriteEpoch();
  const cache = new EpochCache<{ label: string; expiresAt: Date }>(epoch, {
    maxEntries: 2,
    maxAgeMs: 60_000,
    expiresAt: (entry) => entry.expiresAt,
  });
  await cache.get('a', async () => value('a1'));
  await cache.get('b', async () => value('b1'));
  await cache.get('a', async () => value('a2'));
  await cache.get('c', async () => value('c1'));
  expect((await cache.get('a', async () => value('a3')))?.label).toBe('a1');
  expect((await cache.get('b', async () => value('b2')))?.label).toBe('b2');

  await cache.get('expired', async () => ({ label: 'e1', expiresAt: new Date(Date.now() - 1) }));
  expect((await cache.get('expired', async () => value('e2')))?.label).toBe('e2');
});

/** What an app builds its caches from, with nothing kept in the byte-bounded caches. */
function machinery(): CacheMachinery {
  return {
    writeEpoch: new WriteEpoch(),
    limits: { previewObjectCacheBytes: 0, watermarkCacheBytes: 0, sectionsParseTimeoutMs: 4_000 },
  };
}

test('a definition is made once per app, on first use, and two apps never share it', () => {
  let made = 0;
  const visitors = defineCache('visitors', () => {
    made += 1;
    return new Set<string>();
  });
  const first = new CacheRegistry(machinery());
  const second = new CacheRegistry(machinery());
  expect(made).toBe(0);
  first.get(visitors).add('ivy');
  expect(first.get(visitors).has('ivy')).toBe(true);
  expect(made).toBe(1);
  expect(second.get(visitors).has('ivy')).toBe(false);
  expect(made).toBe(2);
});

test('two definitions of the same name are two caches: a definition is known by itself, not by its name', () => {
  const registry = new CacheRegistry(machinery());
  const one = defineCache('memo', () => ({ at: 0 }));
  const other = defineCache('memo', () => ({ at: 0 }));
  registry.get(one).at = 5;
  expect(registry.get(other).at).toBe(0);
});
