import type { EpochMs, Flag } from '#server/db/column-types';

/**
 * A room's brand (docs/decisions/0094-the-founders-brand.md): its logo and banner as they are served
 * (sanitised, resized), their content hashes (which the assets' URLs carry, so they are cached for
 * good), the accent colour and whether Roundroom's footer line stays. A room without a row, or with
 * neither a logo nor a colour, has Roundroom's look. The images live in the row, not in Storage: they
 * are small (ROOM_LOGO_MAX_BYTES, the banner once resized), and a backup carries them with the room.
 */
export interface RoomBrandsTable {
  room_id: string;
  /** `#rrggbb`, accessible by shared/brand-colours.ts; null for none. */
  accent_color: string | null;
  logo_type: 'png' | 'svg' | null;
  logo_hash: string | null;
  logo_bytes: Buffer | null;
  /** Always JPEG once resized. */
  banner_hash: string | null;
  banner_bytes: Buffer | null;
  /** "Shared securely with Roundroom" under the brand's pages and mails; on until the founder turns it off. */
  is_roundroom_shown: Flag;
  updated_at: EpochMs;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface BrandTables {
  room_brands: RoomBrandsTable;
}
