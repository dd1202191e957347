import type { ModuleExecutor } from '#server/db/schema';
import type { RoomBrandsTable } from './brand.tables';

/** A room's brand without its images' bytes: what every page and mail reads. */
export interface StoredBrand {
  accentColor: string | null;
  logoType: 'png' | 'svg' | null;
  logoHash: string | null;
  bannerHash: string | null;
  isRoundroomShown: boolean;
}

export async function findBrand(
  db: ModuleExecutor<'brand'>,
  roomId: string,
): Promise<StoredBrand | undefined> {
  const row = await db
    .selectFrom('room_brands')
    .select(['accent_color', 'logo_type', 'logo_hash', 'banner_hash', 'is_roundroom_shown'])
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  return (
    row && {
      accentColor: row.accent_color,
      logoType: row.logo_type,
      logoHash: row.logo_hash,
      bannerHash: row.banner_hash,
      isRoundroomShown: row.is_roundroom_shown === 1,
    }
  );
}

/** An image's bytes when `hash` is the room's current one of that kind. */
export async function findBrandImage(
  db: ModuleExecutor<'brand'>,
  roomId: string,
  kind: 'logo' | 'banner',
  hash: string,
): Promise<{ bytes: Buffer; logoType: 'png' | 'svg' | null } | undefined> {
  const query = db.selectFrom('room_brands').where('room_id', '=', roomId);
  const row =
    kind === 'logo'
      ? await query
          .select(['logo_bytes as bytes', 'logo_type'])
          .where('logo_hash', '=', hash)
          .executeTakeFirst()
      : await query
          .select(['banner_bytes as bytes', 'logo_type'])
          .where('banner_hash', '=', hash)
          .executeTakeFirst();
  return row?.bytes ? { bytes: Buffer.from(row.bytes), logoType: row.logo_type } : undefined;
}

type BrandChanges = Partial<Omit<RoomBrandsTable, 'room_id' | 'updated_at'>>;

/** Writes the given columns of a room's brand, making its row when it has none. */
export async function saveBrand(
  db: ModuleExecutor<'brand'>,
  roomId: string,
  changes: BrandChanges,
  at: Date,
): Promise<void> {
  const values = { ...changes, updated_at: at.getTime() };
  await db
    .insertInto('room_brands')
    .values({ room_id: roomId, is_roundroom_shown: 1, ...values })
    .onConflict((conflict) => conflict.column('room_id').doUpdateSet(values))
    .execute();
}
