import { expect, test } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '#server/durations';
import { courseWith, trendOf } from './engagement-ranking';
import type { EngagementSummary } from './engagement-trace';
import { decayCrossingAt, engagementChange } from './engagement-webhook';

const now = Date.parse('2026-11-25T18:00:00Z');

test('nothing told yet: the first move into warm is told, a few points of cold are not', () => {
  expect(engagementChange(null, 12, now)).toEqual({ kind: 'none' });
  expect(engagementChange(null, 31, now)).toEqual({ kind: 'tell', previous: { score: 0, band: 'cold' } });
});

test('a move to another band, or by 15 points, is told; a smaller move within the band is not', () => {
  const told = { score: 40, band: 'warm' as const, at: now - 2 * HOUR_MS };
  expect(engagementChange(told, 52, now)).toEqual({ kind: 'none' });
  expect(engagementChange(told, 55, now)).toEqual({ kind: 'tell', previous: { score: 40, band: 'warm' } });
  expect(engagementChange(told, 60, now).kind).toBe('tell');
  expect(engagementChange(told, 29, now).kind).toBe('tell');
});

test('at most once an hour: a move inside the hour waits for its end', () => {
  const told = { score: 40, band: 'warm' as const, at: now - 10 * MINUTE_MS };
  expect(engagementChange(told, 70, now)).toEqual({ kind: 'wait', until: told.at + HOUR_MS });
});

const summary = (lastSeenAt: number): EngagementSummary => ({
  cappedReadMs: 60 * MINUTE_MS,
  pagesRead: 10,
  pageCount: 10,
  keyDocuments: [],
  activeDays: 5,
  downloads: 3,
  questions: 2,
  lastSeenAt,
});

test('decay alone crosses the told band on the day the formula says, and the job is asked to look then', () => {
  // 100 points before recency, told hot at 100: 15 points down (85.5 and below rounds to 85) first.
  const reader = {
    summary: summary(now),
    lastSeenAt: new Date(now),
  } as Parameters<typeof decayCrossingAt>[0];
  const at = decayCrossingAt(reader, { score: 100, band: 'hot', at: now }) ?? 0;
  const days = (at - now) / DAY_MS;
  // 1 day's grace, then 7 x log2(100 / 85.5) = 1.58 days.
  expect(days).toBeCloseTo(1 + 7 * Math.log2(100 / 85.5), 3);
  expect(decayCrossingAt(reader, null)).toBeNull();
});

test("a reader's course keeps the trend's days and the last entry before them; the trend decays past days", () => {
  const today = Math.floor(now / DAY_MS);
  const course = courseWith(
    [
      [today - 20, 5000, (today - 20) * DAY_MS],
      [today - 10, 8000, (today - 10) * DAY_MS],
      [today - 3, 6000, (today - 3) * DAY_MS + HOUR_MS],
    ],
    [today, 7000, now],
  );
  expect(course.map(([day]) => day)).toEqual([today - 10, today - 3, today]);
  const trend = trendOf(course, 70, now);
  expect(trend).toHaveLength(7);
  expect(trend.at(-1)).toBe(70);
  // Six days ago: the entry of ten days ago, 80 points, seen 10 days before that day's end minus 6 days.
  expect(trend[0]).toBe(Math.round(80 * 0.5 ** ((10 - 6 - 1 + (DAY_MS - 1) / DAY_MS) / 7)));
  // Three days ago: 60 points, seen that day.
  expect(trend[3]).toBe(60);
});
