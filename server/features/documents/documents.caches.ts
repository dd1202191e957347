import { untilNextWrite } from '#server/caches/cache-registry';
import type { StoredDocument } from './documents.repository';
import type { DocumentPreview } from './previews.repository';

/**
 * The documents module's caches, each built once per app (server/caches/cache-registry.ts, ADR 34), all
 * kept until the next write to a table their load read: a deletion, an upload, a new preparation or a
 * retry is a write, so the very next request reads the database again.
 */

/** Documents by id: what the viewer reads on every page image and thumbnail, and every reading report. */
export const documentsCache = untilNextWrite<StoredDocument>('documents');

/** Documents' previews by document id, read with them (the reading module's viewer reads them too). */
export const previewsCache = untilNextWrite<DocumentPreview>('previews');

/** A room's documents with their previews, by room id: what every member's room page reads (ADR 49). */
export const roomDocumentsCache = untilNextWrite<{
  documents: StoredDocument[];
  previews: Map<string, DocumentPreview>;
}>('roomDocuments');
