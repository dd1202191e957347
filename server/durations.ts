import { MAGIC_LINK_TTL_MINUTES, SESSION_TTL_DAYS } from '#shared/contracts/auth';
import { INVITATION_TTL_DAYS } from '#shared/contracts/invitations';
import { INVESTOR_MESSAGE_INTERVAL_MINUTES } from '#shared/contracts/notifications';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '#shared/durations';

/**
 * Every lifetime, window and cache age of the server, in milliseconds, in one place (ADR 66). The units
 * come from shared/durations.ts and are exported again here, so server code imports durations from here.
 */
export { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS };

/** A session lasts 7 days (docs/product-rules.md#accounts-and-sessions). */
export const SESSION_TTL_MS = SESSION_TTL_DAYS * DAY_MS;
/** A session's last use is written at most this often, so the sessions list costs no write per request. */
export const SESSION_USE_INTERVAL_MS = MINUTE_MS;
/** A WebAuthn challenge must be answered within this long, once (ADR 62). */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * MINUTE_MS;
/** A sign-in link works once, for 15 minutes. */
export const MAGIC_LINK_TTL_MS = MAGIC_LINK_TTL_MINUTES * MINUTE_MS;
/** An invitation link works until first sign-in, for 7 days (docs/product-rules.md#invitations). */
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * DAY_MS;

/** Sign-in links sent to one address are counted over this window (MAGIC_LINKS_PER_EMAIL). */
export const MAGIC_LINKS_PER_EMAIL_WINDOW_MS = 15 * MINUTE_MS;
/** A share link's code (and the magic link in its mail) proves the address this long (ADR 71). */
export const SHARE_CODE_TTL_MS = 10 * MINUTE_MS;
/** Wrong codes typed for one address (sign-in and share-link codes) are counted over this window (ADR 74). */
export const CODE_FAILURES_WINDOW_MS = DAY_MS;
/** Codes sent per share link and per address are counted over this window (ADR 71). */
export const SHARE_CODES_WINDOW_MS = 15 * MINUTE_MS;
/** Per-IP limits of the routes anyone can call (AUTH_RATE_LIMIT_PER_IP). */
export const AUTH_RATE_LIMIT_WINDOW_MS = 15 * MINUTE_MS;
/** Invitations one room sends are counted over this window (INVITATIONS_PER_DAY). */
export const INVITATIONS_PER_ROOM_WINDOW_MS = DAY_MS;
/** What a room past its invitation limit is told to wait (Retry-After). */
export const INVITATIONS_RETRY_AFTER_MS = HOUR_MS;

/**
 * The longest a write-epoch cache entry is reused (ADR 34): a safety net only, since every writer moves
 * the epoch (another process's commit too: PRAGMA data_version on SQLite within half a second, NOTIFY on
 * PostgreSQL within one). Well above the viewer's 10 s between reading reports, so a reader's session
 * and room are read from the database once, not again for every report.
 */
export const EPOCH_CACHE_MAX_AGE_MS = 60 * SECOND_MS;

/** A notification mail's unsubscribe link works for 30 days after the mail was sent (ADR 61). */
export const UNSUBSCRIBE_LINK_TTL_MS = 30 * DAY_MS;

/** A digest goes this long after its window ends, so views opened late in it have reported their time (ADR 44). */
export const DIGEST_DELAY_MS = 5 * MINUTE_MS;
/** How long a process trusts what it last saw of a room's notification choice before reading it again. */
export const NOTIFICATION_CHOICE_MEMO_MS = MINUTE_MS;
/** "Notify investors" sends at most one message per room this often (ADR 44). */
export const INVESTOR_MESSAGE_INTERVAL_MS = INVESTOR_MESSAGE_INTERVAL_MINUTES * MINUTE_MS;

/** An API token's last use is written at most this often: a write on every API call would be the API's cost. */
export const API_TOKEN_USE_INTERVAL_MS = MINUTE_MS;

/** After a webhook secret is rotated, deliveries are signed with the old one too for this long (ADR 52). */
export const WEBHOOK_PREVIOUS_SECRET_OVERLAP_MS = DAY_MS;
/** Finished webhook deliveries are kept this long, then deleted. */
export const FINISHED_WEBHOOK_DELIVERIES_KEPT_MS = 30 * DAY_MS;
/** Finished jobs are kept this long (for inspection), then deleted (ADR 40). */
export const FINISHED_JOBS_KEPT_MS = 7 * DAY_MS;
/** What is past its keeping time (finished jobs, webhook deliveries) is deleted at most this often per process. */
export const PRUNE_FINISHED_EVERY_MS = HOUR_MS;

/** A backup's hold made on another host counts this long, since its process cannot be checked from here. */
export const FOREIGN_BACKUP_HOLD_MS = DAY_MS;
/** An archive upload's hold on its room's one slot lapses this long after its last renewal (its server died). */
export const ARCHIVE_UPLOAD_SLOT_LEASE_MS = 2 * MINUTE_MS;
/** How often a running archive upload renews its slot: well inside the lease. */
export const ARCHIVE_UPLOAD_SLOT_RENEW_MS = 30 * SECOND_MS;
/** S3 storage: how old an unfinished or unreferenced object must be before a start-up takes it (s3-storage.ts). */
export const S3_SETTLE_MS = HOUR_MS;
/** S3 storage: how long a backup's hold counts without being renewed, when its process cannot be checked. */
export const S3_HOLD_LEASE_MS = 2 * MINUTE_MS;
/**
 * How long a just-uploaded object may take to be seen: S3 itself reads after writes, but not every
 * S3-compatible service does (an eventually consistent gateway, a replica behind a balancer), and a
 * HEAD that answers 404 at once would fail an upload that is stored.
 */
export const S3_NEW_OBJECT_VISIBLE_WITHIN_MS = 3 * SECOND_MS;

/** A failing shared rate-limit store (Redis, PostgreSQL) is reported at most once per this long. */
export const RATE_LIMIT_STORE_REPORT_EVERY_MS = MINUTE_MS;
/** The sections parser's thread ends after this long without work: idle memory is a budget. */
export const SECTIONS_PARSER_IDLE_MS = MINUTE_MS;
/** What a preview's job may take beyond its conversion's own limit: copying and storing its files (ADR 39). */
export const PREPARATION_STORING_ALLOWANCE_MS = 2 * MINUTE_MS;

/** How long after a preparation child's exit its outcome may still be on its way over the IPC channel. */
export const PREPARATION_OUTCOME_GRACE_MS = SECOND_MS;
