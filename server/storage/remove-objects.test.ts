import { expect, test } from 'vitest';
import { REMOVALS_AT_ONCE, removeObjects } from './remove-objects';

test('objects are removed in parallel, never more than REMOVALS_AT_ONCE at a time, past a failed one', async () => {
  const keys = Array.from({ length: 200 }, (_, index) => `key-${index}`);
  const removed: string[] = [];
  const warnings: unknown[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const storage = {
    async remove(key: string) {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      if (key === 'key-7') throw new Error('disk said no');
      removed.push(key);
    },
  };
  await removeObjects({ storage, log: { warn: (object: unknown) => warnings.push(object) } }, keys);
  expect(mostInFlight).toBe(REMOVALS_AT_ONCE);
  expect(removed.sort()).toEqual(keys.filter((key) => key !== 'key-7').sort());
  expect(warnings).toHaveLength(1);
});
