import { SECOND_MS } from '#server/durations';
import { REPORT_CLOCK_ALLOWANCE_SECONDS } from '#shared/contracts/reading';
import type { PageReading, ReadingView } from './reading-analytics.repository';

/**
 * What a report may be credited: no more than the wall-clock time since this view's previous report
 * (or its opening) that the reader's clock on the document has not already credited to one of their
 * views, plus REPORT_CLOCK_ALLOWANCE_SECONDS. The clock moves on by what is credited, so over all of a
 * reader's views of a document the total never exceeds the time that passed plus one allowance, however
 * often or in how many views they report.
 */
export function creditOnReaderClock(
  view: Pick<ReadingView, 'startedAt' | 'lastReportAt'>,
  clockAt: Date | null,
  now: Date,
  claimed: PageReading[],
): { pages: PageReading[]; readMs: number; clockAt: Date } {
  const sinceMs = Math.max((view.lastReportAt ?? view.startedAt).getTime(), clockAt?.getTime() ?? 0);
  const pages = clampToElapsed(claimed, now.getTime() + REPORT_CLOCK_ALLOWANCE_SECONDS * SECOND_MS - sinceMs);
  const readMs = pages.reduce((sum, page) => sum + page.readMs, 0);
  return { pages, readMs, clockAt: new Date(sinceMs + readMs) };
}

/** Scales every page down in proportion when the report claims more time than has passed. */
export function clampToElapsed(pages: PageReading[], elapsedMs: number): PageReading[] {
  const claimed = pages.reduce((sum, page) => sum + page.readMs, 0);
  if (claimed <= elapsedMs) return pages;
  const ratio = Math.max(0, elapsedMs) / claimed;
  return pages.map((page) => ({ page: page.page, readMs: Math.floor(page.readMs * ratio) }));
}
