import type { Selectable } from 'kysely';
import type { EpochMs } from '#server/db/column-types';

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

/** An address a founder removed from a room: no way in lets it back until they invite it again. */
export interface RoomRemovalsTable {
  room_id: string;
  email: string;
  removed_by: string | null;
  removed_at: EpochMs;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface InvitationsTables {
  invitations: InvitationsTable;
  room_removals: RoomRemovalsTable;
}

export type InvitationRow = Selectable<InvitationsTable>;
