import type { EpochMs } from '#server/db/column-types';

/** A room's archive upload under way (one at a time, on every server: archive-upload-slots.repository.ts). */
export interface ArchiveUploadSlotsTable {
  room_id: string;
  /** The request holding the slot: only it renews or frees it. */
  holder: string;
  /** When the slot frees itself unless renewed (its server died mid-upload). */
  expires_at: EpochMs;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface ArchivesTables {
  archive_upload_slots: ArchiveUploadSlotsTable;
}
