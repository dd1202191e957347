import { expect, test } from 'vitest';
import { pageMostOnScreen, ReadingClock } from './reading-clock';

const IDLE_MS = 60_000;
const at = (seconds: number) => seconds * 1000;

test('the page on screen gathers the seconds the tab was visible and the reader active', () => {
  const clock = new ReadingClock(IDLE_MS, { now: at(0), isVisible: true });
  clock.activity(at(5));
  clock.showPage(2, at(8));
  clock.activity(at(12));
  expect(clock.takeReport(at(20))).toEqual({
    pages: [
      { page: 1, seconds: 8 },
      { page: 2, seconds: 12 },
    ],
  });
  // Reported once: the next report starts from zero.
  expect(clock.takeReport(at(20))).toBeNull();
  expect(clock.takeReport(at(25))).toEqual({ pages: [{ page: 2, seconds: 5 }] });
});

test('a reader idle for longer than the limit stops counting at the limit, and counts again once active', () => {
  const clock = new ReadingClock(IDLE_MS, { now: at(0), isVisible: true });
  clock.activity(at(10));
  // Ten minutes away from the keyboard: only a minute after the last act counts.
  expect(clock.takeReport(at(600))).toEqual({ pages: [{ page: 1, seconds: 70 }] });
  clock.activity(at(610));
  expect(clock.takeReport(at(620))).toEqual({ pages: [{ page: 1, seconds: 10 }] });
});

test('a hidden tab counts nothing, and coming back counts from then', () => {
  const clock = new ReadingClock(IDLE_MS, { now: at(0), isVisible: true });
  clock.setVisible(false, at(4));
  clock.activity(at(30));
  expect(clock.takeReport(at(50))).toEqual({ pages: [{ page: 1, seconds: 4 }] });
  clock.setVisible(true, at(100));
  expect(clock.takeReport(at(103.25))).toEqual({ pages: [{ page: 1, seconds: 3.3 }] });
});

test('a tab opened in the background counts nothing until it is shown', () => {
  const clock = new ReadingClock(IDLE_MS, { now: at(0), isVisible: false });
  expect(clock.takeReport(at(30))).toBeNull();
});

test('a report names at most 50 pages; the rest goes in the next', () => {
  const clock = new ReadingClock(IDLE_MS, { now: at(0), isVisible: true });
  for (let page = 1; page <= 60; page++) {
    clock.activity(at(page));
    clock.showPage(page + 1, at(page));
  }
  const first = clock.takeReport(at(61));
  expect(first?.pages).toHaveLength(50);
  const second = clock.takeReport(at(61));
  expect(second?.pages.map((entry) => entry.page)).toEqual([51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61]);
});

test('the page most on screen is the one with the most visible pixels, the first on a tie', () => {
  expect(pageMostOnScreen(new Map())).toBeUndefined();
  expect(pageMostOnScreen(new Map([[1, 0]]))).toBeUndefined();
  expect(
    pageMostOnScreen(
      new Map([
        [3, 200],
        [2, 500],
        [4, 500],
      ]),
    ),
  ).toBe(2);
});
