import { DAY_MS } from '#server/durations';
import { ENGAGEMENT_TREND_DAYS, type EngagementBand, engagementBandOf } from '#shared/contracts/engagement';
import type { CourseEntry, StoredReader } from './engagement.repository';
import type { ReadableToReader } from './engagement-readability';
import {
  combineSummaries,
  decayedScore,
  type EngagementReason,
  pointsBeforeRecency,
  scoreOfSummary,
} from './engagement-score';
import { dayOf, type EngagementSummary, summaryOfTrace } from './engagement-trace';

/**
 * A room's stored readers scored now (docs/decisions/0089-engagement-score.md): each one's trace read
 * through what they may read now, its score and why, the trend over the last days from the course the
 * refresh job keeps, and the firms. Pure: the service reads the rows and the readability, this ranks.
 */

export interface ScoredReader {
  userId: string;
  name: string;
  email: string;
  firm: string | null;
  summary: EngagementSummary;
  score: number;
  band: EngagementBand;
  why: EngagementReason[];
  trend: number[];
  lastSeenAt: Date | null;
  documentsRead: { documentId: string; title: string }[];
}

export interface ScoredFirm {
  firm: string;
  score: number;
  band: EngagementBand;
  why: EngagementReason[];
  trend: number[];
  lastSeenAt: Date | null;
  investors: ScoredReader[];
}

/** Days of course kept: the trend's, and the one before them that the first of them decays from. */
export const COURSE_DAYS_KEPT = ENGAGEMENT_TREND_DAYS + 1;

/**
 * The course with today's entry set: entries of the trend's days, the latest before them (the first
 * day's score decays from it), and today's.
 */
export function courseWith(course: readonly CourseEntry[], today: CourseEntry): CourseEntry[] {
  const [day] = today;
  const earlier = course.filter((entry) => entry[0] < day).sort((a, b) => a[0] - b[0]);
  const recent = earlier.filter((entry) => entry[0] > day - COURSE_DAYS_KEPT);
  const before = earlier.filter((entry) => entry[0] <= day - COURSE_DAYS_KEPT).at(-1);
  return [...(before ? [before] : []), ...recent, today];
}

/**
 * The score at the end of each of the trend's days, the oldest first, today's (`score`) last: a past
 * day's is the latest course entry on or before it, decayed to that day's end (0 before the first).
 */
export function trendOf(course: readonly CourseEntry[], score: number, now: number): number[] {
  const today = dayOf(now);
  const sorted = [...course].sort((a, b) => a[0] - b[0]);
  const trend: number[] = [];
  for (let day = today - ENGAGEMENT_TREND_DAYS + 1; day < today; day++) {
    const entry = sorted.filter((each) => each[0] <= day).at(-1);
    trend.push(entry ? decayedScore(entry[1] / 100, entry[2] || null, (day + 1) * DAY_MS - 1) : 0);
  }
  trend.push(score);
  return trend;
}

/** Today's course entry of a summary: its points before recency, in hundredths, and when last seen. */
export function courseEntryOf(summary: EngagementSummary, now: number): CourseEntry {
  return [dayOf(now), Math.round(pointsBeforeRecency(summary) * 100), summary.lastSeenAt ?? 0];
}

/** One stored reader scored now, against what they may read now. */
export function scoreReader(
  stored: StoredReader,
  investor: { name: string; email: string; firm: string | null; readable: ReadableToReader },
  now: Date,
): ScoredReader {
  const summary = summaryOfTrace(stored.trace, investor.readable);
  const scored = scoreOfSummary(summary, now);
  const titleOf = new Map(
    investor.readable.documents.map((document) => [document.documentId, document.title]),
  );
  const documentsRead = stored.trace.documents
    .filter((document) => document.cappedReadMs > 0 && titleOf.has(document.documentId))
    .sort((a, b) => b.cappedReadMs - a.cappedReadMs)
    .map((document) => ({ documentId: document.documentId, title: titleOf.get(document.documentId) ?? '' }));
  return {
    userId: stored.userId,
    name: investor.name,
    email: investor.email,
    firm: investor.firm,
    summary,
    ...scored,
    trend: trendOf(stored.course, scored.score, now.getTime()),
    lastSeenAt: summary.lastSeenAt === null ? null : new Date(summary.lastSeenAt),
    documentsRead,
  };
}

/** Highest score first; then last seen latest first, then by address (a stable order). */
export function byEngagement(
  a: { score: number; lastSeenAt: Date | null },
  b: { score: number; lastSeenAt: Date | null },
) {
  return b.score - a.score || (b.lastSeenAt?.getTime() ?? 0) - (a.lastSeenAt?.getTime() ?? 0);
}

/**
 * The firms of these readers, each as one reader (combineSummaries), highest first; a firm's trend is,
 * each day, its best reader's (the combined past is not kept).
 */
export function firmsOf(readers: readonly ScoredReader[], now: Date): ScoredFirm[] {
  const byFirm = new Map<string, ScoredReader[]>();
  for (const reader of readers) {
    if (reader.firm === null) continue;
    byFirm.set(reader.firm, [...(byFirm.get(reader.firm) ?? []), reader]);
  }
  return [...byFirm]
    .map(([firm, investors]) => {
      const summary = combineSummaries(investors.map((investor) => investor.summary));
      const scored = scoreOfSummary(summary, now);
      const trend = investors[0]?.trend.map((_, day) =>
        Math.max(...investors.map((investor) => investor.trend[day] ?? 0)),
      );
      if (trend) trend[trend.length - 1] = scored.score;
      return {
        firm,
        ...scored,
        band: engagementBandOf(scored.score),
        trend: trend ?? [],
        lastSeenAt: summary.lastSeenAt === null ? null : new Date(summary.lastSeenAt),
        investors: [...investors].sort(byEngagement),
      };
    })
    .sort((a, b) => byEngagement(a, b) || a.firm.localeCompare(b.firm));
}
