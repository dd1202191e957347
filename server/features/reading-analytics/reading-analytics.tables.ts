import type { Selectable } from 'kysely';
import type { EpochMs } from '#server/db/column-types';

/** One opening of one document by one reader, with its running totals (docs/decisions/0041-reading-analytics.md). */
export interface ReadingViewsTable {
  id: string;
  room_id: string;
  document_id: string;
  user_id: string;
  started_at: EpochMs;
  /** When its last accepted report arrived; null before the first. */
  last_report_at: EpochMs | null;
  read_ms: number;
  pages_seen: number;
  report_count: number;
  /** The version of the document opened; null for views from before versions. */
  document_version: number | null;
  /** The document link the view was opened by (docs/decisions/0095-document-links.md); null otherwise. */
  share_link_id: string | null;
}

/** Per view and page. */
export interface ReadingViewPagesTable {
  view_id: string;
  page: number;
  read_ms: number;
}

/** Per document, version, reader and page, over all of that reader's views of the version. */
export interface ReadingReaderPagesTable {
  document_id: string;
  /** The version whose page this is (docs/decisions/0077-reading-analytics-by-version.md). */
  version_number: number;
  user_id: string;
  page: number;
  read_ms: number;
}

/** Per document, version and page, over every reader; reader_count: how many readers saw the page. */
export interface ReadingDocumentPagesTable {
  document_id: string;
  version_number: number;
  page: number;
  read_ms: number;
  reader_count: number;
}

/**
 * Per document and reader, over every version; pages_seen counts the distinct (version, page) pairs seen
 * over all their views (one version's pages are in reading_reader_pages).
 */
export interface ReadingDocumentReadersTable {
  document_id: string;
  user_id: string;
  room_id: string;
  view_count: number;
  read_ms: number;
  pages_seen: number;
  first_viewed_at: EpochMs;
  last_viewed_at: EpochMs;
  /** The reader's wall clock on the document: their reading is credited up to this instant (null before any report). */
  clock_at: EpochMs | null;
}

/** Per document. */
export interface ReadingDocumentsTable {
  document_id: string;
  room_id: string;
  view_count: number;
  reader_count: number;
  read_ms: number;
  last_viewed_at: EpochMs;
}

/** Per room and reader: last_seen_at is their last view opened or report sent. */
export interface ReadingRoomReadersTable {
  room_id: string;
  user_id: string;
  view_count: number;
  read_ms: number;
  first_viewed_at: EpochMs;
  last_seen_at: EpochMs;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface ReadingAnalyticsTables {
  reading_views: ReadingViewsTable;
  reading_view_pages: ReadingViewPagesTable;
  reading_reader_pages: ReadingReaderPagesTable;
  reading_document_pages: ReadingDocumentPagesTable;
  reading_document_readers: ReadingDocumentReadersTable;
  reading_documents: ReadingDocumentsTable;
  reading_room_readers: ReadingRoomReadersTable;
}

export type ReadingViewRow = Selectable<ReadingViewsTable>;
export type ReadingDocumentReaderRow = Selectable<ReadingDocumentReadersTable>;
export type ReadingDocumentRow = Selectable<ReadingDocumentsTable>;
export type ReadingRoomReaderRow = Selectable<ReadingRoomReadersTable>;
