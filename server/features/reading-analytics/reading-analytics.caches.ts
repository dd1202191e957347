import { keptForGood } from '#server/caches/cache-registry';
import type { ViewIdentity } from './reading-analytics.repository';

/**
 * The reading views reports name, by id: only what never changes after a view is opened (whose it is,
 * of which document, since when), so exact on both dialects. A deleted view is found gone by the
 * report's own transaction (report-batch.ts).
 */
export const readingViewsCache = keptForGood<ViewIdentity>('readingViews');
