import type { Selectable } from 'kysely';
import type { EpochMs, Flag } from '#server/db/column-types';

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
  /**
   * Opened by an invitation's link or a share-link code: the session reads this one room and nothing
   * else of the account; null once the mailbox was proven (docs/decisions/0074-a-proof-of-one-room.md).
   */
  only_room_id: string | null;
  /**
   * Opened by a document link's code: the session reads that link's document, in only_room_id's room,
   * and nothing else (docs/decisions/0095-document-links.md); null otherwise.
   */
  only_share_link_id: string | null;
}

/**
 * When and from where a session was last used, for the sessions list: written at most once a minute per
 * session. Apart from `sessions` so that recording a use is no write to what every request's session
 * lookup reads (docs/decisions/0087-a-sessions-use-is-not-the-session.md).
 */
export interface SessionUsesTable {
  session_id: string;
  last_used_at: EpochMs;
  last_used_ip: string;
}

export interface WaitlistTable {
  id: string;
  company_name: string;
  contact_email: string;
  created_at: EpochMs;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface AccountsTables {
  users: UsersTable;
  sessions: SessionsTable;
  session_uses: SessionUsesTable;
  waitlist: WaitlistTable;
}

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type WaitlistRow = Selectable<WaitlistTable>;
