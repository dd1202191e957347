import type { EpochMs } from '#server/db/column-types';

/**
 * The documents a room's founders marked as key (docs/decisions/0089-engagement-score.md): the score
 * weighs the share of each one read. Kept here, not on the document's row: being key is the score's
 * business, and the documents module need not know of it. A row goes with its document.
 */
export interface EngagementKeyDocumentsTable {
  document_id: string;
  room_id: string;
  marked_by: string | null;
  marked_at: EpochMs;
}

/**
 * One investor's engagement in one room, as the refresh job last read it from the reading roll-ups, the
 * access log and the questions (ADR 89). The score itself is computed when it is read, from the trace and
 * what the reader may read then, so it decays and follows the readability rule with nothing written.
 */
export interface EngagementReadersTable {
  room_id: string;
  user_id: string;
  /** The reader's trace (engagement-trace.ts ReaderTrace) as JSON. */
  trace: string;
  /**
   * The score's course for the 7-day trend, as JSON: [day, points before recency x 100, last seen (ms)]
   * per day the job refreshed the reader, the last 8 days and the latest one before them.
   */
  course: string;
  refreshed_at: EpochMs;
  /** What `investor.engagement_changed` last told of this reader (null before it ever did). */
  notified_score: number | null;
  notified_band: string | null;
  notified_at: EpochMs | null;
}

/** Per room: up to when the refresh job has read its activity, and until when it follows the room. */
export interface EngagementRoomsTable {
  room_id: string;
  refreshed_at: EpochMs;
  /** The job refreshes the room every minute until then (its last activity and a quiet spell, ADR 89). */
  follow_until_at: EpochMs;
  /** How long the job's last run over the room took (wall clock, ms): what following a room costs. */
  last_run_ms: number;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface EngagementTables {
  engagement_key_documents: EngagementKeyDocumentsTable;
  engagement_readers: EngagementReadersTable;
  engagement_rooms: EngagementRoomsTable;
}
