import type { ColumnType, Selectable } from 'kysely';
import type { EpochMs, Flag } from '#server/db/column-types';

export type RoomMemberRole = 'owner' | 'investor' | 'editor';

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

/** A section shown only to chosen groups (by its name); group_ids is a JSON array of group ids. */
export interface SectionVisibilityTable {
  room_id: string;
  section_name: string;
  group_ids: string;
  updated_at: EpochMs;
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

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface RoomsTables {
  data_rooms: DataRoomsTable;
  room_sections: RoomSectionsTable;
  room_members: RoomMembersTable;
  investor_groups: InvestorGroupsTable;
  investor_access: InvestorAccessTable;
  section_visibility: SectionVisibilityTable;
  nda_versions: NdaVersionsTable;
  nda_acceptances: NdaAcceptancesTable;
}

export type DataRoomRow = Selectable<DataRoomsTable>;
export type RoomSectionsRow = Selectable<RoomSectionsTable>;
export type RoomMemberRow = Selectable<RoomMembersTable>;
export type InvestorGroupRow = Selectable<InvestorGroupsTable>;
export type InvestorAccessRow = Selectable<InvestorAccessTable>;
export type NdaVersionRow = Selectable<NdaVersionsTable>;
export type NdaAcceptanceRow = Selectable<NdaAcceptancesTable>;
