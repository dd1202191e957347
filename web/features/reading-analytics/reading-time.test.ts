import { expect, test } from 'vitest';
import { formatReadingTime, formatShare, versionsText } from './reading-time';

test('reading time reads as seconds, minutes and seconds, or hours and minutes', () => {
  expect(formatReadingTime(0)).toBe('0 s');
  expect(formatReadingTime(4.4)).toBe('4 s');
  expect(formatReadingTime(59.6)).toBe('1 min 00 s');
  expect(formatReadingTime(125)).toBe('2 min 05 s');
  expect(formatReadingTime(3599)).toBe('59 min 59 s');
  expect(formatReadingTime(3720)).toBe('1 h 02 min');
  expect(formatReadingTime(-3)).toBe('0 s');
});

test('a share is a whole percentage, or a dash when unknown', () => {
  expect(formatShare(0.755)).toBe('76%');
  expect(formatShare(1)).toBe('100%');
  expect(formatShare(null)).toBe('—');
});

test('the versions totals count are named as a sentence says them', () => {
  expect(versionsText([2])).toBe('version 2');
  expect(versionsText([1, 2])).toBe('versions 1 and 2');
  expect(versionsText([1, 2, 4])).toBe('versions 1, 2 and 4');
});
