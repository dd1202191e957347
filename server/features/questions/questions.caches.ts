import { untilNextWrite } from '#server/caches/cache-registry';
import type { FaqEntry } from '#shared/contracts/questions';

/**
 * The questions module's caches, each built once per app (server/caches/cache-registry.ts, ADR 34).
 *
 * The published entries a reader may read, by room and the places hidden from that reader (a group's
 * hidden sections and documents): what every search of the room looks through beside the pages (ADR 88).
 * Kept until the next write to a table its load read, so an answer published, edited or withdrawn is
 * searched by the very next request.
 */
export const readableFaqEntriesCache = untilNextWrite<{ entries: FaqEntry[] }>('readableFaqEntries');
