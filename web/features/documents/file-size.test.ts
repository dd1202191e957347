import { expect, test } from 'vitest';
import { formatFileSize } from './file-size';

test.each([
  [0, '0 B'],
  [1023, '1023 B'],
  [1024, '1.0 KB'],
  [1536, '1.5 KB'],
  ['2048', '2.0 KB'],
  [1024 * 1024 - 1, '1024.0 KB'],
  [5 * 1024 * 1024, '5.0 MB'],
  [52_428_800, '50.0 MB'],
  [3.25 * 1024 ** 3, '3.3 GB'],
  [2048 * 1024 ** 3, '2048.0 GB'],
])('%s bytes is %s', (bytes, expected) => {
  expect(formatFileSize(bytes)).toBe(expected);
});

test.each([[null], [undefined], [''], ['  '], ['abc'], [-1], [Number.NaN]])('%j is Unknown size', (bytes) => {
  expect(formatFileSize(bytes)).toBe('Unknown size');
});
