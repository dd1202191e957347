import type { EpochMs, Flag } from '#server/db/column-types';

/** One investor's question (docs/decisions/0073-questions-and-answers.md). */
export interface QuestionsTable {
  id: string;
  room_id: string;
  asker_id: string;
  subject_kind: 'room' | 'section' | 'document';
  /** sectionKeyOf the section's name, as section_visibility keys sections (ADR 68). */
  section_key: string | null;
  section_name: string | null;
  document_id: string | null;
  page: number | null;
  text: string;
  state: 'open' | 'answered' | 'published';
  answer: string | null;
  /** The wording published to the room's FAQ; null unless published. */
  published_question: string | null;
  answered_by: string | null;
  created_at: EpochMs;
  answered_at: EpochMs | null;
  published_at: EpochMs | null;
  /** When the answer was given or last changed: the asker's badge compares it with asker_seen_at. */
  answer_changed_at: EpochMs | null;
  asker_seen_at: EpochMs | null;
  /**
   * The passages "Ask the room" showed the asker before they sent the question (JSON, SeenPassage[]),
   * for the founders; null for a question asked otherwise (docs/decisions/0088-search-inside-every-page.md).
   */
  passages: string | null;
}

/** What a published question and answer said before each edit or withdrawal, and who made it. */
export interface QuestionAnswerEditsTable {
  id: string;
  question_id: string;
  room_id: string;
  kind: 'edited' | 'withdrawn';
  edited_by: string | null;
  edited_at: EpochMs;
  question_before: string;
  answer_before: string;
}

/** A room's "Questions" switch; a room without a row takes questions. */
export interface QuestionSettingsTable {
  room_id: string;
  is_enabled: Flag;
  updated_at: EpochMs;
}

/**
 * Each answer mail to an asker: written with the answer (so the mail's own job changes no count of rows),
 * given the hash of its one-click unsubscribe token when it is sent; once a link is used
 * (unsubscribed_at), no more answer mails go to that asker about that room
 * (docs/decisions/0092-the-askers-answer-mails.md).
 */
export interface QuestionAnswerMailsTable {
  /** The answer's mail job's key: the question's id and when the answer was given. */
  id: string;
  room_id: string;
  user_id: string;
  token_hash: string | null;
  sent_at: EpochMs | null;
  unsubscribed_at: EpochMs | null;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface QuestionsTables {
  questions: QuestionsTable;
  question_answer_edits: QuestionAnswerEditsTable;
  question_settings: QuestionSettingsTable;
  question_answer_mails: QuestionAnswerMailsTable;
}
