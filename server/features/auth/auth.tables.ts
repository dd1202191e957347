import type { Selectable } from 'kysely';
import type { EpochMs } from '#server/db/column-types';

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

/** A wrong code typed for an address (sign-in or share link): counted against its daily budget. */
export interface CodeFailuresTable {
  id: string;
  email: string;
  failed_at: EpochMs;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface AuthTables {
  magic_links: MagicLinksTable;
  code_failures: CodeFailuresTable;
}

export type MagicLinkRow = Selectable<MagicLinksTable>;
