import type { Selectable } from 'kysely';
import type { EpochMs, Flag } from '#server/db/column-types';
import type { AlertTargetKind } from '#shared/contracts/alerts';

/** A room's alert choices; a room without a row has the defaults (docs/decisions/0090-alerts-within-a-minute.md). */
export interface AlertSettingsTable {
  room_id: string;
  return_after_days: number;
  score_threshold: number;
  /** A JSON array of the triggers mailed to the room's founders by alerts. */
  mail_triggers: string;
  updated_at: EpochMs;
}

/** A Slack or Teams incoming webhook of the room. */
export interface AlertTargetsTable {
  id: string;
  room_id: string;
  kind: AlertTargetKind;
  /** The incoming webhook's URL: a credential, never answered in full. */
  url: string;
  /** A JSON array of alert triggers. */
  triggers: string;
  is_enabled: Flag;
  /** Who answers for it: it falls silent once they no longer manage the room. */
  created_by: string | null;
  created_at: EpochMs;
  updated_at: EpochMs;
  /** The first failed delivery since the last success; null while deliveries succeed. */
  failing_since_at: EpochMs | null;
}

/** An investor's first and latest visit to a room, by address: a first visit, and a return after N days. */
export interface AlertVisitsTable {
  room_id: string;
  investor_email: string;
  first_visit_at: EpochMs;
  latest_visit_at: EpochMs;
}

/** An investor's engagement score as alerts last read it: a crossing of the threshold is told once. */
export interface AlertScoresTable {
  room_id: string;
  investor_email: string;
  score: number;
  updated_at: EpochMs;
}

/** One alert raised: who and what, never what a document or a question says. */
export interface AlertsTable {
  id: string;
  room_id: string;
  trigger: string;
  investor_email: string;
  investor_name: string | null;
  user_id: string | null;
  /** JSON: the document's id and title, the score, the days away, the refusal (alert-rules.ts). */
  details: string;
  occurred_at: EpochMs;
}

/** One alert to one channel: a mail to one founder, or a post to a Slack or Teams target. */
export interface AlertDeliveriesTable {
  id: string;
  /** Null for "Send a test alert". */
  alert_id: string | null;
  room_id: string;
  channel: 'mail' | AlertTargetKind;
  /** The target's id, or the founder's user id for a mail. */
  target_id: string;
  /** The alert's trigger, or 'test'. */
  trigger: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: EpochMs;
  last_attempt_at: EpochMs | null;
  next_attempt_at: EpochMs | null;
  finished_at: EpochMs | null;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface AlertsTables {
  alert_settings: AlertSettingsTable;
  alert_targets: AlertTargetsTable;
  alert_visits: AlertVisitsTable;
  alert_scores: AlertScoresTable;
  alerts: AlertsTable;
  alert_deliveries: AlertDeliveriesTable;
}

export type AlertTargetRow = Selectable<AlertTargetsTable>;
export type AlertRow = Selectable<AlertsTable>;
export type AlertDeliveryRow = Selectable<AlertDeliveriesTable>;
