import { untilNextWrite } from '#server/caches/cache-registry';
import { MINUTE_MS } from '#server/durations';
import type { ScoredReader } from './engagement-ranking';

/**
 * A room's investors scored (docs/decisions/0089-engagement-score.md), highest first, with each one's
 * group: kept until the next write to a table its load read (the traces, the room's investors, groups,
 * sections and documents, the key documents: ADR 53) and at most a minute, over which a score's decay is
 * less than a point. A request filters and slices it; the first after a write, or a minute, scores again.
 */
export interface ScoredRoom {
  readers: ScoredReader[];
  groupOf: ReadonlyMap<string, string>;
  hasKeyDocuments: boolean;
  computedAt: number;
}

export const SCORED_ROOM_KEPT_MS = MINUTE_MS;

export const scoredRoomsCache = untilNextWrite<ScoredRoom>(
  'engagement.scoredRooms',
  (room) => new Date(room.computedAt + SCORED_ROOM_KEPT_MS),
);
