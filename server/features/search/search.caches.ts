import { untilNextWrite } from '#server/caches/cache-registry';

/**
 * The search module's caches, each built once per app (server/caches/cache-registry.ts, ADR 34).
 *
 * Whether a room keeps its readers' words (search_settings), by room id: read by every search a reader
 * makes, written only when a founder turns it; until the next write to it.
 */
export const queriesVisibleCache = untilNextWrite<{ isVisible: boolean }>('searchQueriesVisible');
