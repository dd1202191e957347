import type { Selectable } from 'kysely';
import type { EpochMs } from '#server/db/column-types';
import type { FounderNotificationChoice } from '#shared/contracts/notifications';

/** The founder's notification choice for a room; a room without a row has the default (ADR 44). */
export interface RoomNotificationSettingsTable {
  room_id: string;
  founder_notifications: FounderNotificationChoice;
  /** When the founder last sent "Notify investors": at most one an hour. */
  investors_notified_at: EpochMs | null;
  updated_at: EpochMs;
}

/** An investor's first visit to a room, by e-mail (a member or the invited view). */
export interface RoomFirstVisitsTable {
  room_id: string;
  investor_email: string;
  investor_name: string;
  user_id: string | null;
  visited_at: EpochMs;
}

/** One mail to the founder: a first visit, or a digest of one window (ADR 44). */
export interface FounderNotificationsTable {
  id: string;
  room_id: string;
  /** 'question': a new question, told at once (docs/decisions/0073-questions-and-answers.md). */
  kind: 'first_visit' | 'hourly' | 'daily' | 'question';
  /** Unique: the same notification cannot be made twice. */
  notification_key: string;
  investor_email: string | null;
  window_start_at: EpochMs | null;
  window_end_at: EpochMs | null;
  unsubscribe_token_hash: string | null;
  created_at: EpochMs;
  /** Claimed before the send, released if the send fails. */
  sent_at: EpochMs | null;
  /**
   * The Message-IDs of the copies already handed to the mail server (JSON), for a notice sent to every
   * manager: a retry after one copy failed sends only the others (ADR 92). Null until one is sent.
   */
  sent_copies: string | null;
  /** Not sent: the founder turned it off, or the window had nothing to tell. */
  skipped_at: EpochMs | null;
}

/** A message the founder sent to investors ("Notify investors"). */
export interface InvestorMessagesTable {
  id: string;
  room_id: string;
  sent_by: string;
  body: string;
  created_at: EpochMs;
}

export interface InvestorMessageRecipientsTable {
  message_id: string;
  user_id: string;
  email: string;
  sent_at: EpochMs | null;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface NotificationsTables {
  room_notification_settings: RoomNotificationSettingsTable;
  room_first_visits: RoomFirstVisitsTable;
  founder_notifications: FounderNotificationsTable;
  investor_messages: InvestorMessagesTable;
  investor_message_recipients: InvestorMessageRecipientsTable;
}

export type RoomFirstVisitRow = Selectable<RoomFirstVisitsTable>;
export type FounderNotificationRow = Selectable<FounderNotificationsTable>;
export type InvestorMessageRow = Selectable<InvestorMessagesTable>;
