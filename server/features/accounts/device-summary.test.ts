import { expect, test } from 'vitest';
import { describeDevice } from './device-summary';

test('a desktop Chrome on macOS is named by browser and system', () => {
  expect(
    describeDevice(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ),
  ).toBe('Chrome on macOS');
});

test('Safari on an iPhone is not taken for Chrome or macOS', () => {
  expect(
    describeDevice(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    ),
  ).toBe('Safari on iOS');
});

test('Edge on Windows is Edge, though its User-Agent also says Chrome', () => {
  expect(
    describeDevice(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    ),
  ).toBe('Edge on Windows');
});

test('Firefox on Android and an unknown or missing agent', () => {
  expect(describeDevice('Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0')).toBe(
    'Firefox on Android',
  );
  expect(describeDevice('something else')).toBe('Unknown device');
  expect(describeDevice(null)).toBe('Unknown device');
});
