import type { EpochMs } from '#server/db/column-types';

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

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface ApiTokensTables {
  api_tokens: ApiTokensTable;
}
