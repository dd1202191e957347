import type { EpochMs, Flag } from '#server/db/column-types';

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
  /**
   * A document link's reader after its first: the first reader's row, whose link this address was
   * forwarded from (docs/decisions/0095-document-links.md); null for the first, and for a room's links.
   */
  forwarded_from: string | null;
}

/**
 * A share link scoped to one document (docs/decisions/0095-document-links.md): its version (null follows
 * the current one) and its own download, watermark and forward-approval switches.
 */
export interface DocumentLinksTable {
  share_link_id: string;
  room_id: string;
  document_id: string;
  version_number: number | null;
  is_download_allowed: Flag;
  is_watermarked: Flag;
  is_forward_approval_required: Flag;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface ShareLinksTables {
  share_links: ShareLinksTable;
  share_link_codes: ShareLinkCodesTable;
  share_link_readers: ShareLinkReadersTable;
  document_links: DocumentLinksTable;
}
