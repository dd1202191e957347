import { expect, test } from 'vitest';
import { CacheRegistry, defineCache } from './cache-registry';

test('a definition is made once per app, on first use, and two apps never share it', () => {
  let made = 0;
  const visitors = defineCache('visitors', () => {
    made += 1;
    return new Set<string>();
  });
  const first = new CacheRegistry();
  const second = new CacheRegistry();
  expect(made).toBe(0);
  first.get(visitors).add('ivy');
  expect(first.get(visitors).has('ivy')).toBe(true);
  expect(made).toBe(1);
  expect(second.get(visitors).has('ivy')).toBe(false);
  expect(made).toBe(2);
});

test('two definitions of the same name are two caches: a definition is known by itself, not by its name', () => {
  const registry = new CacheRegistry();
  const one = defineCache('memo', () => ({ at: 0 }));
  const other = defineCache('memo', () => ({ at: 0 }));
  registry.get(one).at = 5;
  expect(registry.get(other).at).toBe(0);
});
