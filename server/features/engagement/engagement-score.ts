import { DAY_MS, MINUTE_MS } from '#server/durations';
import {
  DOWNLOADS_TARGET,
  ENGAGEMENT_WEIGHTS,
  type EngagementBand,
  type EngagementFactor,
  engagementBandOf,
  QUESTIONS_TARGET,
  READING_TARGET_MINUTES,
  RECENCY_GRACE_DAYS,
  RECENCY_HALF_LIFE_DAYS,
  RETURN_DAYS_TARGET,
} from '#shared/contracts/engagement';
import { type EngagementSummary, type ReaderHistory, summarizeHistory } from './engagement-trace';

/**
 * The engagement score (docs/decisions/0089-engagement-score.md): from 0 to 100, how much a reader has
 * engaged with a room lately, and why, in the words a founder reads. Pure: the same history and instant
 * always give the same score. The formula, with the weights of shared/contracts/engagement.ts:
 *
 *   reading_time   25 x min(1, reading time, each page counted up to PAGE_READ_CAP_MINUTES / 60 min)
 *   room_share     20 x the share of the room's readable pages read (40 when no key document is marked)
 *   key_documents  20 x the mean, over the key documents, of the share of each one's pages read
 *   return_days    15 x min(1, days active after the first / 4): a reload the same day adds nothing
 *   downloads      10 x min(1, distinct documents downloaded / 3)
 *   questions      10 x min(1, questions asked / 2)
 *   recency        the sum is kept whole for a day after the reader was last seen, then halves every 7 days
 *
 * A page counts as read for the shares after PAGE_READ_MIN_SECONDS on it. Only what the readability rule
 * lets the reader read now counts: the history's `documents` are those, and everything about another
 * document (or a question about a hidden section) counts for nothing (engagement-trace.ts).
 */

/** One of the things that moved a score, in points (recency's are negative) and in words. */
export interface EngagementReason {
  factor: EngagementFactor;
  points: number;
  text: string;
}

export interface EngagementScore {
  score: number;
  band: EngagementBand;
  /** The three things that moved the score most, the largest first (none when nothing did). */
  why: EngagementReason[];
}

const REASONS_SHOWN = 3;

/** The score of one reader's history at `now`. */
export function engagementScore(history: ReaderHistory, now: Date): EngagementScore {
  return scoreOfSummary(summarizeHistory(history), now);
}

const shareOf = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);
const percent = (share: number) => `${Math.round(share * 100)}%`;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "under a minute", "42 minutes", "1 h 5 min". */
export function readingTimeInWords(ms: number): string {
  const minutes = Math.floor(ms / MINUTE_MS);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return plural(minutes, 'minute', 'minutes');
  return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}

/** How much of the score is kept `days` after the reader was last seen. */
export function recencyFactor(days: number): number {
  return days <= RECENCY_GRACE_DAYS ? 1 : 0.5 ** ((days - RECENCY_GRACE_DAYS) / RECENCY_HALF_LIFE_DAYS);
}

function keyDocumentsInWords(keyDocuments: EngagementSummary['keyDocuments'], share: number): string {
  const shares = keyDocuments.map((document) => ({
    title: document.title,
    share: shareOf(document.pagesRead, document.pageCount),
  }));
  const [only] = shares;
  if (shares.length === 1 && only) return `Read ${percent(only.share)} of ${only.title} (a key document)`;
  const most = shares.reduce((best, each) => (each.share > best.share ? each : best));
  return `Read ${percent(share)} of the key documents, ${most.title} most (${percent(most.share)})`;
}

/** Each factor's points before recency, with its words. */
function factorsOf(summary: EngagementSummary): EngagementReason[] {
  const weights = ENGAGEMENT_WEIGHTS;
  const keyed = summary.keyDocuments.length > 0;
  const roomShare = shareOf(summary.pagesRead, summary.pageCount);
  const keyShare = keyed
    ? summary.keyDocuments.reduce(
        (sum, document) => sum + shareOf(document.pagesRead, document.pageCount),
        0,
      ) / summary.keyDocuments.length
    : 0;
  const returns = Math.max(0, summary.activeDays - 1);
  const factors: EngagementReason[] = [
    {
      factor: 'reading_time',
      points: weights.reading_time * shareOf(summary.cappedReadMs, READING_TARGET_MINUTES * MINUTE_MS),
      text: `Read for ${readingTimeInWords(summary.cappedReadMs)}`,
    },
    {
      factor: 'room_share',
      points: (keyed ? weights.room_share : weights.room_share + weights.key_documents) * roomShare,
      text: `Read ${percent(roomShare)} of the room`,
    },
    {
      factor: 'return_days',
      points: weights.return_days * shareOf(returns, RETURN_DAYS_TARGET),
      text: `Came back on ${plural(returns, 'other day', 'other days')}`,
    },
    {
      factor: 'downloads',
      points: weights.downloads * shareOf(summary.downloads, DOWNLOADS_TARGET),
      text: `Downloaded ${plural(summary.downloads, 'document', 'documents')}`,
    },
    {
      factor: 'questions',
      points: weights.questions * shareOf(summary.questions, QUESTIONS_TARGET),
      text: `Asked ${plural(summary.questions, 'question', 'questions')}`,
    },
  ];
  if (keyed)
    factors.splice(2, 0, {
      factor: 'key_documents',
      points: weights.key_documents * keyShare,
      text: keyDocumentsInWords(summary.keyDocuments, keyShare),
    });
  return factors;
}

/** The points of a summary before recency scales them down (at most 100). */
export function pointsBeforeRecency(summary: EngagementSummary): number {
  return Math.min(
    100,
    factorsOf(summary).reduce((total, factor) => total + factor.points, 0),
  );
}

/** The score of points before recency, `now`, for a reader last seen then (the trend's past days). */
export function decayedScore(points: number, lastSeenAt: number | null, now: number): number {
  const days = lastSeenAt === null ? 0 : Math.max(0, (now - lastSeenAt) / DAY_MS);
  return Math.round(points * recencyFactor(days));
}

/** The score of a summary at `now`: its factors' points, scaled down by recency. */
export function scoreOfSummary(summary: EngagementSummary, now: Date): EngagementScore {
  const factors = factorsOf(summary);
  const sum = Math.min(
    100,
    factors.reduce((total, factor) => total + factor.points, 0),
  );
  const days = summary.lastSeenAt === null ? 0 : Math.max(0, (now.getTime() - summary.lastSeenAt) / DAY_MS);
  const kept = sum * recencyFactor(days);
  const wholeDays = Math.floor(days);
  const reasons = [
    ...factors,
    {
      factor: 'recency' as const,
      points: kept - sum,
      text: `Last seen ${wholeDays < 1 ? 'today' : plural(wholeDays, 'day ago', 'days ago')}`,
    },
  ];
  const score = Math.round(kept);
  return {
    score,
    band: engagementBandOf(score),
    why: reasons
      .map((reason) => ({ ...reason, points: Math.round(reason.points) }))
      .filter((reason) => reason.points !== 0)
      .sort((a, b) => Math.abs(b.points) - Math.abs(a.points))
      .slice(0, REASONS_SHOWN),
  };
}

/**
 * A firm's readers as one reader (ADR 89): their reading time, downloads and questions added up; the
 * shares of the room and of each key document, and the days active, of whichever reader went furthest;
 * last seen, the latest of them.
 */
export function combineSummaries(summaries: readonly EngagementSummary[]): EngagementSummary {
  const maxOf = (pick: (summary: EngagementSummary) => number) => Math.max(0, ...summaries.map(pick));
  const sumOf = (pick: (summary: EngagementSummary) => number) =>
    summaries.reduce((total, summary) => total + pick(summary), 0);
  const keyDocuments = new Map<string, EngagementSummary['keyDocuments'][number]>();
  for (const summary of summaries)
    for (const document of summary.keyDocuments) {
      const kept = keyDocuments.get(document.documentId);
      if (!kept || document.pagesRead > kept.pagesRead) keyDocuments.set(document.documentId, document);
    }
  const furthest = summaries.reduce<EngagementSummary | undefined>(
    (best, summary) =>
      !best || shareOf(summary.pagesRead, summary.pageCount) > shareOf(best.pagesRead, best.pageCount)
        ? summary
        : best,
    undefined,
  );
  const seen = summaries.flatMap((summary) => (summary.lastSeenAt === null ? [] : [summary.lastSeenAt]));
  return {
    cappedReadMs: sumOf((summary) => summary.cappedReadMs),
    pagesRead: furthest?.pagesRead ?? 0,
    pageCount: furthest?.pageCount ?? 0,
    keyDocuments: [...keyDocuments.values()],
    activeDays: maxOf((summary) => summary.activeDays),
    downloads: sumOf((summary) => summary.downloads),
    questions: sumOf((summary) => summary.questions),
    lastSeenAt: seen.length > 0 ? Math.max(...seen) : null,
  };
}
