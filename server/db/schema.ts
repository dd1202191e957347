import type { ColumnType, Selectable } from 'kysely';
import type { DocumentDownloadPolicy } from '#shared/contracts/documents';
import type { FounderNotificationChoice } from '#shared/contracts/notifications';
import type { PreviewFailureCode, PreviewKind, PreviewStatus } from '#shared/contracts/previews';

/**
 * The database as both dialects store it. One representation behaves the same on SQLite and
 * PostgreSQL (docs/decisions/0004-portable-column-types.md):
 * - timestamps: epoch milliseconds in a 64-bit integer (bigint), always UTC;
 * - booleans: integer 0 or 1 (Flag), converted at the repository boundary;
 * - sizes: bigint, read back as a JavaScript number (exact below 2^53 bytes);
 * - ids: random UUIDs as text.
 */
export type EpochMs = number;
export type RoomMemberRole = 'owner' | 'investor' | 'editor';
export type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  role: 'founder' | 'investor';
  is_active: Flag;
  plan: string;
  created_at: EpochMs;
  last_login_at: EpochMs | null;
}

export interface DataRoomsTable {
  id: string;
  owner_id: string;
  company_name: string;
  description: string;
  stage: string;
  founded_year: number | null;
  website: string;
  is_active: Flag;
  /** The room's default for its documents: investors may download them (1) or read them in the viewer only. */
  is_download_allowed: Flag;
  /** Investors must accept the room's NDA (nda_version_id, its current text) before reading it. */
  is_nda_required: Flag;
  nda_version_id: string | null;
  /** Whether investors read and download its documents with their e-mail and the date burned in. */
  is_watermark_enabled: Flag;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/**
 * The sections text a room's founder saved, and when (docs/decisions/0054-sections-in-their-own-table.md).
 * No row: the starter template made from the room's company columns (rooms.service.ts sectionsMarkdownOf).
 * Apart from data_rooms so that a section save or an upload's link leaves the room's row, and every
 * cached answer read from it, alone (ADR 53).
 */
export interface RoomSectionsTable {
  room_id: string;
  markdown: string;
  updated_at: EpochMs;
}

export interface RoomMembersTable {
  room_id: string;
  user_id: string;
  /** 'editor': a co-founder, who manages the room beside its owner (docs/decisions/0047-room-editors.md). */
  role: RoomMemberRole;
  created_at: EpochMs;
}

export interface InvitationsTable {
  id: string;
  room_id: string;
  email: string;
  name: string | null;
  token_hash: string;
  invited_by: string;
  created_at: EpochMs;
  expires_at: EpochMs;
  used_at: EpochMs | null;
  revoked_at: EpochMs | null;
  /** What accepting it makes the invitee: an investor of the room, or an editor (a co-founder). */
  role: 'investor' | 'editor';
  /** The founder's plain-text note shown in an investor's invitation e-mail (ADR 60), or null. */
  personal_message: string | null;
}

/**
 * A room's investor groups (docs/decisions/0068-investor-groups.md). Each room has one default group,
 * "All investors", whose id is the room's own and which cannot be removed; a view-only group narrows
 * every document's download switch for its people.
 */
export interface InvestorGroupsTable {
  id: string;
  room_id: string;
  name: string;
  is_default: Flag;
  is_view_only: Flag;
  created_at: EpochMs;
}

/**
 * An investor's place in a room, by address (an invitation and the member it becomes alike): the group
 * (null, like no row at all, is the default group) and when their access ends (null: never).
 */
export interface InvestorAccessTable {
  room_id: string;
  email: string;
  group_id: string | null;
  access_expires_at: EpochMs | null;
  updated_at: EpochMs;
  /** The share link that brought this investor, or null (invited by e-mail): ADR 71. Optional on insert. */
  share_link_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A group's share link (ADR 71): only its secret's SHA-256 is kept; allowed_domains is a JSON array or null. */
export interface ShareLinksTable {
  id: string;
  room_id: string;
  group_id: string;
  name: string;
  token_hash: string;
  allowed_domains: string | null;
  is_approval_required: Flag;
  expires_at: EpochMs | null;
  max_readers: number | null;
  disabled_at: EpochMs | null;
  created_by: string;
  created_at: EpochMs;
  /** Whether the link's page names whose room it is (company, founder's first name) before the proof. */
  is_room_named: Flag;
  /**
   * The token sealed with AES-256-GCM so the founder can copy the address again (ADR 76); null for links
   * made before migration 0032. token_hash stays the only lookup.
   */
  token_sealed: string | null;
  /** Which key sealed it (server/security/sealed-tokens.ts); null with token_sealed. */
  token_key_id: string | null;
  /** The name's key (shareLinkNameKey): unique in the room, so names are unique whatever their case (ADR 76). */
  name_key: string;
}

/** A six-digit code and its magic link proving one address for one share link, both stored hashed. */
export interface ShareLinkCodesTable {
  id: string;
  share_link_id: string;
  email: string;
  code_hash: string;
  proof_hash: string;
  attempts: number;
  created_at: EpochMs;
  expires_at: EpochMs;
  used_at: EpochMs | null;
  /** The mark of the browser that asked for the code: a typed code works only there (ADR 74). */
  browser_mark_hash: string | null;
}

/** An address a share link let in, or that waits for (or was refused) the founder's approval. */
export interface ShareLinkReadersTable {
  id: string;
  share_link_id: string;
  room_id: string;
  email: string;
  state: 'pending' | 'admitted' | 'refused';
  created_at: EpochMs;
  decided_at: EpochMs | null;
}

/** A section shown only to chosen groups (by its name); group_ids is a JSON array of group ids. */
export interface SectionVisibilityTable {
  room_id: string;
  section_name: string;
  group_ids: string;
  updated_at: EpochMs;
}

export interface MagicLinksTable {
  id: string;
  email: string;
  token_hash: string;
  created_at: EpochMs;
  expires_at: EpochMs;
  used_at: EpochMs | null;
  /** The short code mailed beside the link, salted with the row's id; null for links made before it. */
  code_hash: string | null;
  /** The mark of the browser that asked for the link (ADR 74): it alone types the code or auto-verifies. */
  browser_mark_hash: string | null;
}

/** A room's archive upload under way (one at a time, on every server: archive-upload-slots.repository.ts). */
export interface ArchiveUploadSlotsTable {
  room_id: string;
  /** The request holding the slot: only it renews or frees it. */
  holder: string;
  /** When the slot frees itself unless renewed (its server died mid-upload). */
  expires_at: EpochMs;
}

/** A wrong code typed for an address (sign-in or share link): counted against its daily budget. */
export interface CodeFailuresTable {
  id: string;
  email: string;
  failed_at: EpochMs;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: EpochMs;
  expires_at: EpochMs;
  revoked_at: EpochMs | null;
  user_agent: string | null;
  /** A manager holding a passkey signed in by mail and has not yet given it (ADR 62). */
  is_second_factor_pending: Flag;
  /** When and from where the session was last used, written at most once a minute. */
  last_used_at: EpochMs | null;
  last_used_ip: string | null;
  /**
   * Opened by an invitation's link or a share-link code: the session reads this one room and nothing
   * else of the account; null once the mailbox was proven (docs/decisions/0074-a-proof-of-one-room.md).
   */
  only_room_id: string | null;
}

/** An address a founder removed from a room: no way in lets it back until they invite it again. */
export interface RoomRemovalsTable {
  room_id: string;
  email: string;
  removed_by: string | null;
  removed_at: EpochMs;
}

/** A user's WebAuthn credential (docs/decisions/0062-passkeys-and-second-factor.md). */
export interface PasskeysTable {
  id: string;
  user_id: string;
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The signature counter the authenticator last reported. */
  counter: number;
  transports: string;
  name: string;
  created_at: EpochMs;
  last_used_at: EpochMs | null;
}

/** A WebAuthn challenge the server issued: short-lived and consumed once, on whichever node. */
export interface WebauthnChallengesTable {
  id: string;
  challenge: string;
  purpose: 'registration' | 'second_factor' | 'sign_in';
  user_id: string | null;
  session_id: string | null;
  created_at: EpochMs;
  expires_at: EpochMs;
  used_at: EpochMs | null;
}

/** A one-time recovery code of a user holding a passkey, stored hashed. */
export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: EpochMs;
  used_at: EpochMs | null;
}

export interface DocumentsTable {
  id: string;
  room_id: string;
  title: string;
  original_name: string;
  file_type: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  storage_key: string;
  uploaded_by: string;
  /** The document's own download rule; null follows its room's is_download_allowed. */
  download_policy: DocumentDownloadPolicy | null;
  created_at: EpochMs;
  updated_at: EpochMs;
  /** The version whose file the columns above hold (docs/decisions/0069-document-versions.md). */
  current_version: number;
}

/** 'current': what readers get; 'preparing': a new file being prepared; 'earlier': any other. */
export type DocumentVersionStatus = 'current' | 'preparing' | 'earlier';

/** One file a document has had, numbered from 1 (docs/decisions/0069-document-versions.md). */
export interface DocumentVersionsTable {
  document_id: string;
  number: number;
  room_id: string;
  original_name: string;
  file_type: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  storage_key: string;
  uploaded_by: string;
  created_at: EpochMs;
  status: DocumentVersionStatus;
  /** The founder asked to mail the earlier version's readers once this version is current. */
  is_readers_notified: Flag;
  /** The pages a founder reads of it (1 for a file read whole), recorded from its ready preview; null while unknown. */
  page_count: number | null;
}

export interface AccessEventsTable {
  id: string;
  room_id: string;
  user_id: string | null;
  invitation_id: string | null;
  document_id: string | null;
  document_title: string;
  url: string;
  /** 'asked', 'answered': an investor's question and its answer (docs/decisions/0073-questions-and-answers.md). */
  action: 'downloaded' | 'clicked' | 'viewed' | 'asked' | 'answered';
  occurred_at: EpochMs;
  ip: string | null;
  user_agent: string | null;
  /** The version downloaded or viewed; null for clicks and for events from before versions. */
  document_version: number | null;
}

/** A rate limit's count for one key in its current window, when no Redis is configured (ADR 49). */
export interface RateLimitCountersTable {
  key: string;
  count: number;
  expires_at: EpochMs;
}

/** One durable job (docs/decisions/0040-durable-job-queue.md); `payload` is JSON. */
export interface JobsTable {
  id: string;
  kind: string;
  payload: string;
  dedupe_key: string | null;
  /** What the kind's jobs are shared fairly between (a room's id for preparations); null: arrival order. */
  fair_key: string | null;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  attempts: number;
  run_at: EpochMs;
  lease_expires_at: EpochMs | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: EpochMs;
  updated_at: EpochMs;
  finished_at: EpochMs | null;
}

/** A document's preparation for the viewer (docs/decisions/0039-viewer-pipeline.md). */
export interface DocumentPreviewsTable {
  document_id: string;
  kind: PreviewKind;
  status: PreviewStatus;
  failure_code: PreviewFailureCode | null;
  page_count: number | null;
  is_text_available: Flag;
  created_at: EpochMs;
  updated_at: EpochMs;
  prepared_at: EpochMs | null;
  /** The preparation started last (1 on upload, one more on each retry): only its job writes. */
  generation: number;
  /** The version of the document the preview was made from. */
  version_number: number;
}

/** One stored object of a preview: a page image at one width, a thumbnail, a page's text, a resized image. */
export interface PreviewObjectsTable {
  document_id: string;
  name: string;
  storage_key: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  width: number | null;
  height: number | null;
}

/** One opening of one document by one reader, with its running totals (docs/decisions/0041-reading-analytics.md). */
export interface ReadingViewsTable {
  id: string;
  room_id: string;
  document_id: string;
  user_id: string;
  started_at: EpochMs;
  /** When its last accepted report arrived; null before the first. */
  last_report_at: EpochMs | null;
  read_ms: number;
  pages_seen: number;
  report_count: number;
  /** The version of the document opened; null for views from before versions. */
  document_version: number | null;
}

/** Per view and page. */
export interface ReadingViewPagesTable {
  view_id: string;
  page: number;
  read_ms: number;
}

/** Per document, version, reader and page, over all of that reader's views of the version. */
export interface ReadingReaderPagesTable {
  document_id: string;
  /** The version whose page this is (docs/decisions/0077-reading-analytics-by-version.md). */
  version_number: number;
  user_id: string;
  page: number;
  read_ms: number;
}

/** Per document, version and page, over every reader; reader_count: how many readers saw the page. */
export interface ReadingDocumentPagesTable {
  document_id: string;
  version_number: number;
  page: number;
  read_ms: number;
  reader_count: number;
}

/**
 * Per document and reader, over every version; pages_seen counts the distinct (version, page) pairs seen
 * over all their views (one version's pages are in reading_reader_pages).
 */
export interface ReadingDocumentReadersTable {
  document_id: string;
  user_id: string;
  room_id: string;
  view_count: number;
  read_ms: number;
  pages_seen: number;
  first_viewed_at: EpochMs;
  last_viewed_at: EpochMs;
  /** The reader's wall clock on the document: their reading is credited up to this instant (null before any report). */
  clock_at: EpochMs | null;
}

/** Per document. */
export interface ReadingDocumentsTable {
  document_id: string;
  room_id: string;
  view_count: number;
  reader_count: number;
  read_ms: number;
  last_viewed_at: EpochMs;
}

/** Per room and reader: last_seen_at is their last view opened or report sent. */
export interface ReadingRoomReadersTable {
  room_id: string;
  user_id: string;
  view_count: number;
  read_ms: number;
  first_viewed_at: EpochMs;
  last_seen_at: EpochMs;
}

/** Every text of a room's NDA, exactly as saved, with its SHA-256 (ADR 45). */
export interface NdaVersionsTable {
  id: string;
  room_id: string;
  text: string;
  sha256: string;
  created_by: string | null;
  created_at: EpochMs;
}

/** One acceptance of one version of a room's NDA, by an e-mail address (a user's or an invitation's). */
export interface NdaAcceptancesTable {
  id: string;
  room_id: string;
  version_id: string;
  user_id: string | null;
  invitation_id: string | null;
  email: string;
  signer_name: string;
  accepted_at: EpochMs;
  ip: string | null;
  user_agent: string | null;
}

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

/** A room's API token: only its hash is stored (ADR 51). `scopes` is space-separated. */
export interface ApiTokensTable {
  id: string;
  room_id: string;
  created_by: string;
  name: string;
  scopes: string;
  token_hash: string;
  token_hint: string;
  created_at: EpochMs;
  expires_at: EpochMs | null;
  last_used_at: EpochMs | null;
  revoked_at: EpochMs | null;
}

/** A room's webhook endpoint (docs/decisions/0052-webhooks.md). */
export interface WebhookEndpointsTable {
  id: string;
  room_id: string;
  url: string;
  /** A JSON array of event types. */
  events: string;
  /** whsec_ followed by 32 random bytes in base64: deliveries are signed with it. */
  secret: string;
  /** The secret before the last rotation, also signing deliveries until previous_secret_expires_at. */
  previous_secret: string | null;
  previous_secret_expires_at: EpochMs | null;
  is_enabled: Flag;
  disabled_at: EpochMs | null;
  disabled_reason: string | null;
  /** The first failed attempt since the last success; null while deliveries succeed. */
  failing_since_at: EpochMs | null;
  created_by: string | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** One event for one endpoint: the delivery log's row, with its last attempt's outcome. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  room_id: string;
  /** The webhook-id header, the same on every attempt. */
  message_id: string;
  event_type: string;
  /** The body, exactly as it is signed and sent. */
  payload: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  response_excerpt: string | null;
  duration_ms: number | null;
  created_at: EpochMs;
  first_attempt_at: EpochMs | null;
  last_attempt_at: EpochMs | null;
  next_attempt_at: EpochMs | null;
  finished_at: EpochMs | null;
}

export interface WaitlistTable {
  id: string;
  company_name: string;
  contact_email: string;
  created_at: EpochMs;
}

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

export interface Database {
  users: UsersTable;
  data_rooms: DataRoomsTable;
  room_sections: RoomSectionsTable;
  room_members: RoomMembersTable;
  invitations: InvitationsTable;
  magic_links: MagicLinksTable;
  sessions: SessionsTable;
  documents: DocumentsTable;
  document_versions: DocumentVersionsTable;
  access_events: AccessEventsTable;
  waitlist: WaitlistTable;
  jobs: JobsTable;
  document_previews: DocumentPreviewsTable;
  preview_objects: PreviewObjectsTable;
  reading_views: ReadingViewsTable;
  reading_view_pages: ReadingViewPagesTable;
  reading_reader_pages: ReadingReaderPagesTable;
  reading_document_pages: ReadingDocumentPagesTable;
  reading_document_readers: ReadingDocumentReadersTable;
  reading_documents: ReadingDocumentsTable;
  reading_room_readers: ReadingRoomReadersTable;
  nda_versions: NdaVersionsTable;
  nda_acceptances: NdaAcceptancesTable;
  room_notification_settings: RoomNotificationSettingsTable;
  room_first_visits: RoomFirstVisitsTable;
  founder_notifications: FounderNotificationsTable;
  investor_messages: InvestorMessagesTable;
  investor_message_recipients: InvestorMessageRecipientsTable;
  api_tokens: ApiTokensTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  rate_limit_counters: RateLimitCountersTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  recovery_codes: RecoveryCodesTable;
  investor_groups: InvestorGroupsTable;
  investor_access: InvestorAccessTable;
  section_visibility: SectionVisibilityTable;
  questions: QuestionsTable;
  question_answer_edits: QuestionAnswerEditsTable;
  question_settings: QuestionSettingsTable;
  room_removals: RoomRemovalsTable;
  code_failures: CodeFailuresTable;
  archive_upload_slots: ArchiveUploadSlotsTable;
  share_links: ShareLinksTable;
  share_link_codes: ShareLinkCodesTable;
  share_link_readers: ShareLinkReadersTable;
}

/** Every table once; a table added to Database and not here (or the reverse) does not compile. */
const everyTable: Record<keyof Database, true> = {
  users: true,
  data_rooms: true,
  room_sections: true,
  room_members: true,
  invitations: true,
  magic_links: true,
  sessions: true,
  documents: true,
  document_versions: true,
  access_events: true,
  waitlist: true,
  jobs: true,
  document_previews: true,
  preview_objects: true,
  reading_views: true,
  reading_view_pages: true,
  reading_reader_pages: true,
  reading_document_pages: true,
  reading_document_readers: true,
  reading_documents: true,
  reading_room_readers: true,
  nda_versions: true,
  nda_acceptances: true,
  room_notification_settings: true,
  room_first_visits: true,
  founder_notifications: true,
  investor_messages: true,
  investor_message_recipients: true,
  api_tokens: true,
  webhook_endpoints: true,
  webhook_deliveries: true,
  rate_limit_counters: true,
  passkeys: true,
  webauthn_challenges: true,
  recovery_codes: true,
  investor_groups: true,
  investor_access: true,
  section_visibility: true,
  share_links: true,
  share_link_codes: true,
  share_link_readers: true,
  questions: true,
  question_answer_edits: true,
  question_settings: true,
  room_removals: true,
  code_failures: true,
  archive_upload_slots: true,
};
/** Every table of the schema, for whole-database work: backups, restores, checks. */
export const TABLE_NAMES = Object.keys(everyTable) as (keyof Database)[];

/**
 * Repositories map rows by column name (columns.ts: `*_at` is a timestamp, `is_*` a flag). This fails to
 * compile when a column breaks that rule: a timestamp or flag named otherwise, or the reverse.
 */
type FollowsNamingRule<Table> = {
  [Column in keyof Table & string]: Column extends `${string}_at`
    ? Table[Column] extends EpochMs | null
      ? true
      : false
    : Column extends `is_${string}`
      ? Table[Column] extends Flag
        ? true
        : false
      : Table[Column] extends Flag | null
        ? false
        : true;
}[keyof Table & string];
type EveryColumnFollowsNamingRule = {
  [Table in keyof Database]: FollowsNamingRule<Database[Table]>;
}[keyof Database];
export const everyColumnFollowsNamingRule: EveryColumnFollowsNamingRule extends true ? true : never = true;

export type UserRow = Selectable<UsersTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type DocumentVersionRow = Selectable<DocumentVersionsTable>;
export type DataRoomRow = Selectable<DataRoomsTable>;
export type RoomSectionsRow = Selectable<RoomSectionsTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type AccessEventRow = Selectable<AccessEventsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PasskeyRow = Selectable<PasskeysTable>;
export type WebauthnChallengeRow = Selectable<WebauthnChallengesTable>;
export type RecoveryCodeRow = Selectable<RecoveryCodesTable>;
export type MagicLinkRow = Selectable<MagicLinksTable>;
export type RoomMemberRow = Selectable<RoomMembersTable>;
export type InvestorGroupRow = Selectable<InvestorGroupsTable>;
export type InvestorAccessRow = Selectable<InvestorAccessTable>;
export type WaitlistRow = Selectable<WaitlistTable>;
export type NdaVersionRow = Selectable<NdaVersionsTable>;
export type NdaAcceptanceRow = Selectable<NdaAcceptancesTable>;
export type JobRow = Selectable<JobsTable>;
export type DocumentPreviewRow = Selectable<DocumentPreviewsTable>;
export type PreviewObjectRow = Selectable<PreviewObjectsTable>;
export type ReadingViewRow = Selectable<ReadingViewsTable>;
export type ReadingDocumentReaderRow = Selectable<ReadingDocumentReadersTable>;
export type ReadingDocumentRow = Selectable<ReadingDocumentsTable>;
export type ReadingRoomReaderRow = Selectable<ReadingRoomReadersTable>;
export type FounderNotificationRow = Selectable<FounderNotificationsTable>;
export type RoomFirstVisitRow = Selectable<RoomFirstVisitsTable>;
export type InvestorMessageRow = Selectable<InvestorMessagesTable>;
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
