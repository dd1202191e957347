import { expect, test } from 'vitest';
import { formatDaysAgo, formatUpdated } from './format-updated';

const today = new Date(2026, 2, 20, 12);

test.each([
  [0, 'Today', 'Updated today'],
  [1, 'Yesterday', 'Updated yesterday'],
  [2, '2 days ago', 'Updated 2 days ago'],
  [6, '6 days ago', 'Updated 6 days ago'],
  [7, 'Mar 13, 2026', 'Updated Mar 13, 2026'],
  [140, 'Oct 31, 2025', 'Updated Oct 31, 2025'],
])('%i days ago reads %s', (daysAgo, when, updated) => {
  expect(formatDaysAgo(daysAgo, today)).toBe(when);
  expect(formatUpdated(daysAgo, today)).toBe(updated);
});
