/**
 * The engagement score (docs/decisions/0089-engagement-score.md): what it weighs, shared by the server,
 * which computes it, and the console, which shows the formula beside "why this score".
 */

/** The things a score is made of, in the order the formula adds them. */
export const ENGAGEMENT_FACTORS = [
  'reading_time',
  'room_share',
  'key_documents',
  'return_days',
  'downloads',
  'questions',
  'recency',
] as const;
export type EngagementFactor = (typeof ENGAGEMENT_FACTORS)[number];

/**
 * Points each factor gives at its target (they add up to 100). Without key documents marked, their
 * points go to the share of the room read. Recency gives no points: it scales the sum down.
 */
export const ENGAGEMENT_WEIGHTS = {
  reading_time: 25,
  room_share: 20,
  key_documents: 20,
  return_days: 15,
  downloads: 10,
  questions: 10,
} as const satisfies Partial<Record<EngagementFactor, number>>;

/** Reading time counts at most this much per page: an idle tab on one page does not win. */
export const PAGE_READ_CAP_MINUTES = 5;
/** A page counts as read (for the shares) after this much time on it: a glance is not a read. */
export const PAGE_READ_MIN_SECONDS = 5;
/** Reading time (capped per page) that gives all of reading_time's points. */
export const READING_TARGET_MINUTES = 60;
/** Days on which the reader came back (after the first) that give all of return_days' points. */
export const RETURN_DAYS_TARGET = 4;
/** Distinct documents downloaded that give all of downloads' points. */
export const DOWNLOADS_TARGET = 3;
/** Questions asked that give all of questions' points. */
export const QUESTIONS_TARGET = 2;
/** The score keeps all its points this long after the reader was last seen, then halves every half-life. */
export const RECENCY_GRACE_DAYS = 1;
export const RECENCY_HALF_LIFE_DAYS = 7;

/** Bands a score falls in: `investor.engagement_changed` fires on a move between them (ADR 89). */
export const ENGAGEMENT_BANDS = ['cold', 'warm', 'hot'] as const;
export type EngagementBand = (typeof ENGAGEMENT_BANDS)[number];
/** The lowest score of each band above cold. */
export const WARM_FROM_SCORE = 30;
export const HOT_FROM_SCORE = 60;

export function engagementBandOf(score: number): EngagementBand {
  if (score >= HOT_FROM_SCORE) return 'hot';
  if (score >= WARM_FROM_SCORE) return 'warm';
  return 'cold';
}
