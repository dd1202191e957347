import { expect, test } from 'vitest';
import { requestedRange } from '#server/storage/download';
import { downloadVariant } from './load-scenario';

// The load generator counts the downloads the access log must hold on its own, from what it asks
// for. Its rule must stay the server's: the whole file, or a range from byte 0, is logged; a range
// that starts further on resumes a download already logged.
test.each([1, 100, 4096, 4097, 65_536, 65_537, 1_000_000])(
  'every way of fetching a %i-byte file is expected logged exactly when the server logs it',
  (size) => {
    for (const roll of [0.1, 0.2, 0.35, 0.9]) {
      const variant = downloadVariant(size, roll);
      const range = requestedRange({ range: variant.range }, size, '"etag"');
      expect(range.kind).not.toBe('unsatisfiable');
      const start = range.kind === 'range' ? range.start : 0;
      const end = range.kind === 'range' ? range.end : size - 1;
      expect(variant.logged).toBe(range.kind === 'whole' || start === 0);
      expect(variant.status).toBe(range.kind === 'whole' ? 200 : 206);
      expect(variant.bytes).toBe(end - start + 1);
      if (range.kind === 'range') expect(variant.contentRange).toBe(`bytes ${start}-${end}/${size}`);
    }
  },
);

test('the mix resumes some downloads, so the log check covers the rule that skips them', () => {
  const resumed = [0.1, 0.2, 0.35, 0.9].map((roll) => downloadVariant(1_000_000, roll));
  expect(resumed.filter((variant) => !variant.logged).length).toBeGreaterThan(0);
  expect(resumed.filter((variant) => variant.logged).length).toBeGreaterThan(0);
});
