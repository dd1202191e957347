import type { AccountsTables } from '#server/features/accounts/accounts.tables';
import type { AlertsTables } from '#server/features/alerts/alerts.tables';
import type { ApiTokensTables } from '#server/features/api-tokens/api-tokens.tables';
import type { ArchivesTables } from '#server/features/archives/archives.tables';
import type { AuthTables } from '#server/features/auth/auth.tables';
import type { BrandTables } from '#server/features/brand/brand.tables';
import type { DocumentsTables } from '#server/features/documents/documents.tables';
import type { EngagementTables } from '#server/features/engagement/engagement.tables';
import type { InvitationsTables } from '#server/features/invitations/invitations.tables';
import type { McpTables } from '#server/features/mcp/mcp.tables';
import type { NotificationsTables } from '#server/features/notifications/notifications.tables';
import type { PasskeysTables } from '#server/features/passkeys/passkeys.tables';
import type { QuestionsTables } from '#server/features/questions/questions.tables';
import type { ReadingAnalyticsTables } from '#server/features/reading-analytics/reading-analytics.tables';
import type { RoomsTables } from '#server/features/rooms/rooms.tables';
import type { SearchTables } from '#server/features/search/search.tables';
import type { ShareLinksTables } from '#server/features/share-links/share-links.tables';
import type { VersionsTables } from '#server/features/versions/versions.tables';
import type { WebhooksTables } from '#server/features/webhooks/webhooks.tables';
import type { EpochMs, Flag } from './column-types';
import type { Executor } from './columns';
import type { JobsTables } from './jobs.tables';
import type { RateLimitTables } from './rate-limit.tables';

/**
 * The database as both dialects store it (column types: column-types.ts): the composition of the tables
 * each module declares it owns, in its own `<module>.tables.ts` (docs/decisions/0085-modules-own-their-tables.md).
 * A module's repositories are typed against its own map only; whole-database work (the connection,
 * backups, restores, consistency checks) uses this one.
 */
export interface Database
  extends AccountsTables,
    AlertsTables,
    ApiTokensTables,
    ArchivesTables,
    AuthTables,
    BrandTables,
    DocumentsTables,
    EngagementTables,
    InvitationsTables,
    JobsTables,
    McpTables,
    NotificationsTables,
    PasskeysTables,
    QuestionsTables,
    RateLimitTables,
    ReadingAnalyticsTables,
    RoomsTables,
    SearchTables,
    ShareLinksTables,
    VersionsTables,
    WebhooksTables {}

/** Each module's own tables, by the module's folder name: what its repositories' executor sees. */
export interface ModuleTables {
  /** Owns no table: a room's export composes the rows each owning module gives through its index.ts. */
  exports: Record<never, never>;
  accounts: AccountsTables;
  alerts: AlertsTables;
  'api-tokens': ApiTokensTables;
  archives: ArchivesTables;
  auth: AuthTables;
  brand: BrandTables;
  documents: DocumentsTables;
  engagement: EngagementTables;
  invitations: InvitationsTables;
  mcp: McpTables;
  notifications: NotificationsTables;
  passkeys: PasskeysTables;
  questions: QuestionsTables;
  'reading-analytics': ReadingAnalyticsTables;
  rooms: RoomsTables;
  search: SearchTables;
  'share-links': ShareLinksTables;
  versions: VersionsTables;
  webhooks: WebhooksTables;
}

/**
 * The executor a module's repositories take: its own tables and the platform's jobs, so that a module
 * enqueues a job in its own transaction. A query of any other table is a type error: a module borrows no
 * table, and what it needs of another's rows it asks through that module's index.ts or a port it declares
 * (docs/decisions/0085-modules-own-their-tables.md). The app's database and any transaction of it are one
 * as they are, so a transaction spanning modules hands each module's repository its narrowed view.
 */
export type ModuleExecutor<Module extends keyof ModuleTables> = Executor<ModuleTables[Module] & JobsTables>;

/**
 * The whole database or a transaction of it, for a service that hands one transaction to several modules'
 * functions (each narrows it to its ModuleExecutor). It runs no query itself: queries live in repositories.
 */
export type DatabaseExecutor = Executor<Database>;

/** Every table once; a table added to Database and not here (or the reverse) does not compile. */
const everyTable: Record<keyof Database, true> = {
  users: true,
  data_rooms: true,
  room_sections: true,
  room_members: true,
  invitations: true,
  magic_links: true,
  sessions: true,
  session_uses: true,
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
  room_passkey_requirements: true,
  investor_groups: true,
  investor_access: true,
  section_visibility: true,
  share_links: true,
  share_link_codes: true,
  share_link_readers: true,
  document_links: true,
  questions: true,
  question_answer_edits: true,
  question_settings: true,
  question_answer_mails: true,
  room_removals: true,
  code_failures: true,
  archive_upload_slots: true,
  search_documents: true,
  search_pages: true,
  room_searches: true,
  search_settings: true,
  alert_settings: true,
  alert_targets: true,
  alert_visits: true,
  alert_scores: true,
  alerts: true,
  alert_deliveries: true,
  engagement_key_documents: true,
  engagement_readers: true,
  engagement_rooms: true,
  mcp_tool_calls: true,
  room_brands: true,
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

/** The platform's auth plugin reads a session's user: the one row type it takes from a module. */
export type { UserRow } from '#server/features/accounts/accounts.tables';
