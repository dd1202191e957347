import { z } from 'zod';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '#server/durations';
import type { AlertTargetKind, AlertTrigger } from '#shared/contracts/alerts';

/**
 * What deserves an alert and how often (docs/decisions/0090-alerts-within-a-minute.md): one alert per
 * investor, trigger and window, whatever the reader does inside it; what an alert may say; how a failed
 * delivery is retried. The raising (alert-raising.ts) and the delivering (alert-deliveries.ts) ask here.
 */

/**
 * After an alert, the same investor's same trigger raises nothing for this long: a reader opening 100
 * pages in ten minutes, or downloading the whole room file by file, is one alert. A first visit is one
 * per investor ever (alert_visits' key), a score crossing one a day (it may dip and cross again).
 */
export const ALERT_WINDOW_MS: Record<AlertTrigger, number> = {
  first_visit: Number.POSITIVE_INFINITY,
  returned: DAY_MS,
  score_crossed: DAY_MS,
  key_document_opened: HOUR_MS,
  question_asked: HOUR_MS,
  downloaded: HOUR_MS,
  access_refused: HOUR_MS,
};

/**
 * A room is told of at most this many of a trigger in the hour before, whoever they are about: refusals
 * name any address typed into a share link, so a stranger typing many would otherwise flood the channel.
 */
export const ROOM_HOURLY_CAP: Partial<Record<AlertTrigger, number>> = { access_refused: 20 };

/** A visitor's latest visit is written at most this often (a member's every read costs nothing more). */
export const VISIT_TOUCH_INTERVAL_MS = 10 * MINUTE_MS;

/** The longest Retry-After honoured as it is; a longer one waits this long. */
const MAX_RETRY_AFTER_MS = HOUR_MS;
/** Backoff never waits longer than this between two attempts. */
const MAX_BACKOFF_MS = HOUR_MS;

/**
 * What an alert says besides who: never a document's text, a page, a snippet or a question's words. A
 * document's title is the room's own listing, which the founder wrote, so it is said (ADR 90).
 */
export const alertDetailsSchema = z.object({
  documentId: z.string().nullable().default(null),
  documentTitle: z.string().nullable().default(null),
  score: z.number().nullable().default(null),
  threshold: z.number().nullable().default(null),
  daysAway: z.number().nullable().default(null),
  refusal: z.string().nullable().default(null),
});
export type AlertDetails = z.infer<typeof alertDetailsSchema>;
export const noDetails = (): AlertDetails => alertDetailsSchema.parse({});

/** Who an alert is about: an investor of the room, or the address a share link refused. */
export interface AlertInvestor {
  email: string;
  name: string | null;
  /** The domain of a firm's address; null for webmail and unknown. */
  firm: string | null;
  userId: string | null;
}

/** An alert as the messages read it. */
export interface AlertFacts {
  id: string;
  roomId: string;
  companyName: string;
  trigger: AlertTrigger;
  investor: AlertInvestor;
  details: AlertDetails;
  occurredAt: Date;
  consoleUrl: string;
}

const who = (investor: AlertInvestor) => investor.name || investor.email;

/** The alert in one line, the same in mail, Slack, Teams and the webhook's summary. */
export function summaryOf(
  alert: Pick<AlertFacts, 'trigger' | 'investor' | 'details' | 'companyName'>,
): string {
  const name = who(alert.investor);
  const { details } = alert;
  const title = details.documentTitle ? `“${details.documentTitle}”` : 'a document';
  switch (alert.trigger) {
    case 'first_visit':
      return `${name} opened the ${alert.companyName} data room for the first time`;
    case 'returned':
      return `${name} came back to the ${alert.companyName} data room after ${details.daysAway ?? 'several'} days`;
    case 'score_crossed':
      return `${name}'s engagement score reached ${details.score ?? '?'} (your threshold: ${details.threshold ?? '?'})`;
    case 'key_document_opened':
      return `${name} opened the key document ${title}`;
    case 'question_asked':
      return `${name} asked a question in the ${alert.companyName} data room`;
    case 'downloaded':
      return `${name} downloaded ${title}`;
    case 'access_refused':
      return `${alert.investor.email} was refused entry to the ${alert.companyName} data room${details.refusal ? `: ${details.refusal}` : ''}`;
  }
}

/** A delivery's outcome, as the sender tells it. */
export interface PostOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
  retryAfterMs: number | null;
  /** Refused before anything was sent (the target is gone, its creator left): never worth another try. */
  isFinal?: boolean;
}

/**
 * Whether a failed post is worth trying again: the service was down or busy (5xx, 429, a timeout, a
 * connection cut), not told something it will refuse again (400 invalid_payload, 403 action_prohibited
 * or invalid_token, 404 no_service or channel_not_found, 410 channel_is_archived: Slack's documented
 * answers; Teams likewise).
 */
export function isRetryable(outcome: PostOutcome): boolean {
  if (outcome.ok || outcome.isFinal) return false;
  if (outcome.statusCode === null) return !/refused to connect|private, loopback/i.test(outcome.error ?? '');
  return outcome.statusCode >= 500 || outcome.statusCode === 429 || outcome.statusCode === 408;
}

/**
 * Reads what a service answered as Slack and Teams document it: Slack says `ok` with 200 and a word such
 * as `no_service` otherwise; a Teams connector says `1` with 200, and reports its own throttling inside a
 * 200 ("Microsoft Teams endpoint returned HTTP error 429"), which counts as the 429 it is; a Teams
 * workflow answers 202.
 */
export function readServiceAnswer(kind: AlertTargetKind, outcome: PostOutcome): PostOutcome {
  const excerpt = outcome.responseExcerpt ?? '';
  if (kind === 'teams' && outcome.ok && /HTTP error 429/i.test(excerpt))
    return {
      ...outcome,
      ok: false,
      statusCode: 429,
      error: `${SERVICE_NAMES.teams} is throttling this webhook (HTTP error 429).`,
    };
  if (outcome.ok || outcome.statusCode === null) return outcome;
  const word = excerpt.split(/\s/)[0]?.slice(0, 80) ?? '';
  return {
    ...outcome,
    error: `${SERVICE_NAMES[kind]} answered ${outcome.statusCode}${word ? ` ${word}` : ''}${hintOf(kind, outcome.statusCode, word)}.`,
  };
}

const SERVICE_NAMES: Record<AlertTargetKind, string> = { slack: 'Slack', teams: 'Microsoft Teams' };

function hintOf(kind: AlertTargetKind, status: number, word: string): string {
  if (kind === 'slack' && (word === 'no_service' || word === 'invalid_token'))
    return ': the webhook was removed or revoked in Slack, add a new one';
  if (kind === 'slack' && word === 'channel_is_archived') return ': the channel was archived';
  if (status === 404 || status === 410) return ': the webhook no longer exists, add a new one';
  return '';
}

/**
 * The wait before the next attempt: what Retry-After asks (429), else exponential from the base, with a
 * quarter of jitter so that deliveries failed together do not come back together.
 */
export function retryDelayMs(baseMs: number, attempt: number, outcome: PostOutcome): number {
  if (outcome.retryAfterMs !== null) return Math.min(Math.max(outcome.retryAfterMs, 0), MAX_RETRY_AFTER_MS);
  const exponential = Math.min(baseMs * 2 ** (attempt - 1), MAX_BACKOFF_MS);
  return Math.round(exponential * (1 + Math.random() * 0.25));
}

/** Retry-After, as seconds or an HTTP date (RFC 9110 section 10.2.3), in milliseconds from `now`. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * SECOND_MS;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
