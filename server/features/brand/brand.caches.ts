import { untilNextWrite } from '#server/caches/cache-registry';
import type { StoredBrand } from './brand.repository';

/**
 * A room's brand as stored (no image bytes), by room: read by every investor's page start and mail, kept
 * until the next write to room_brands (server/caches/cache-registry.ts, ADR 34).
 */
export const brandsCache = untilNextWrite<{ brand: StoredBrand | undefined }>('roomBrands');
