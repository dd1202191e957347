import { expect, test } from 'vitest';
import { cachedUntilRejected } from './entry-file';

test('a failed first attempt is not kept: the next caller tries again', async () => {
  let calls = 0;
  const entry = cachedUntilRejected(async () => {
    calls += 1;
    if (calls === 1) throw new Error('esbuild failed');
    return 'child.js';
  });
  await expect(entry()).rejects.toThrow('esbuild failed');
  await expect(entry()).resolves.toBe('child.js');
  await expect(entry()).resolves.toBe('child.js');
  expect(calls).toBe(2);
});
