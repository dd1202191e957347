import { MAGIC_LINK_TTL_MINUTES, SESSION_TTL_DAYS } from '#shared/contracts/auth';
import { INVITATION_TTL_DAYS } from '#shared/contracts/invitations';

/** Every lifetime, window and cache age of the server, in milliseconds, in one place. */

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

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

/** What a preview's job may take beyond its conversion's own limit: copying and storing its files (ADR 39). */
export const PREPARATION_STORING_ALLOWANCE_MS = 2 * MINUTE_MS;

/** How long after a preparation child's exit its outcome may still be on its way over the IPC channel. */
export const PREPARATION_OUTCOME_GRACE_MS = SECOND_MS;
