import type { AppContext } from '#server/app-context';
import { DAY_MS, MINUTE_MS } from '#server/durations';
import { emitWebhookEvent } from '#server/webhooks/webhook-events';
import {
  ENGAGEMENT_CHANGE_POINTS,
  ENGAGEMENT_WEBHOOK_WINDOW_MINUTES,
  type EngagementBand,
  engagementBandOf,
  HOT_FROM_SCORE,
  RECENCY_GRACE_DAYS,
  RECENCY_HALF_LIFE_DAYS,
  WARM_FROM_SCORE,
} from '#shared/contracts/engagement';
import { recordNotified, type StoredReader } from './engagement.repository';
import type { ScoredReader } from './engagement-ranking';
import { pointsBeforeRecency } from './engagement-score';

/**
 * When `investor.engagement_changed` fires (docs/decisions/0089-engagement-score.md): not on every report,
 * but when an investor's score is in another band than the one last told (cold, warm, hot), or has moved
 * ENGAGEMENT_CHANGE_POINTS or more from the score last told; and at most once per investor in
 * ENGAGEMENT_WEBHOOK_WINDOW_MINUTES (a change inside the window is told when it ends, if it still holds).
 * Before anything was told, an investor is taken as cold at 0, so the first event is their first move
 * into warm (or 15 points). Decay moves scores too: the refresh job runs again when a score would cross.
 */

const WINDOW_MS = ENGAGEMENT_WEBHOOK_WINDOW_MINUTES * MINUTE_MS;

export type EngagementChange =
  | { kind: 'none' }
  | { kind: 'tell'; previous: { score: number; band: EngagementBand } }
  | { kind: 'wait'; until: number };

/** Whether to tell of this score now, given what was last told (null: nothing yet). */
export function engagementChange(
  notified: StoredReader['notified'],
  score: number,
  now: number,
): EngagementChange {
  const previous = notified ?? { score: 0, band: 'cold' as const, at: null };
  const moved =
    engagementBandOf(score) !== previous.band || Math.abs(score - previous.score) >= ENGAGEMENT_CHANGE_POINTS;
  if (!moved) return { kind: 'none' };
  if (previous.at !== null && now - previous.at < WINDOW_MS)
    return { kind: 'wait', until: previous.at + WINDOW_MS };
  return { kind: 'tell', previous: { score: previous.score, band: previous.band } };
}

/** The lowest score of a band. */
const floorOf = (band: EngagementBand) =>
  band === 'hot' ? HOT_FROM_SCORE : band === 'warm' ? WARM_FROM_SCORE : 0;

/**
 * When decay alone will make this reader's score tell again: when it falls below its told band's floor,
 * or ENGAGEMENT_CHANGE_POINTS below the score told, whichever comes first; null for never.
 */
export function decayCrossingAt(reader: ScoredReader, notified: StoredReader['notified']): number | null {
  if (!notified || reader.lastSeenAt === null) return null;
  const target = Math.max(floorOf(notified.band), notified.score - ENGAGEMENT_CHANGE_POINTS + 1);
  const points = pointsBeforeRecency(reader.summary);
  // The score rounds below `target` once points x factor < target - 0.5.
  if (target <= 0 || points < target - 0.5) return null;
  const days = RECENCY_GRACE_DAYS + RECENCY_HALF_LIFE_DAYS * Math.log2(points / (target - 0.5));
  return reader.lastSeenAt.getTime() + Math.ceil(days * DAY_MS);
}

/**
 * Tells the room's webhooks of every investor whose score moved enough (one event each, in the
 * transaction that records it as told); returns when the job should look again (a change waiting for
 * its window, or a decay crossing), or null.
 */
export async function tellChanges(
  ctx: AppContext,
  roomId: string,
  readers: readonly { stored: Pick<StoredReader, 'notified'>; scored: ScoredReader }[],
  now: Date,
): Promise<number | null> {
  let recheckAt: number | null = null;
  const later = (at: number | null) => {
    if (at !== null && at > now.getTime()) recheckAt = recheckAt === null ? at : Math.min(recheckAt, at);
  };
  for (const { stored, scored } of readers) {
    const change = engagementChange(stored.notified, scored.score, now.getTime());
    if (change.kind === 'wait') later(change.until);
    if (change.kind !== 'tell') {
      later(decayCrossingAt(scored, stored.notified));
      continue;
    }
    await ctx.db.transaction().execute(async (trx) => {
      const told = await recordNotified(trx, roomId, scored.userId, stored.notified?.at ?? null, {
        score: scored.score,
        band: scored.band,
        at: now,
      });
      if (!told) return;
      await emitWebhookEvent(
        trx,
        roomId,
        'investor.engagement_changed',
        {
          roomId,
          investor: { userId: scored.userId, email: scored.email, name: scored.name || null },
          firm: scored.firm,
          score: scored.score,
          band: scored.band,
          previousScore: change.previous.score,
          previousBand: change.previous.band,
          why: scored.why,
          lastSeenAt: scored.lastSeenAt?.toISOString() ?? null,
          documentsRead: scored.documentsRead.length,
          changedAt: now.toISOString(),
        },
        now,
      );
    });
    later(decayCrossingAt(scored, { score: scored.score, band: scored.band, at: now.getTime() }));
  }
  return recheckAt;
}
