import type { EpochMs, Flag } from '#server/db/column-types';

/**
 * Which version of a document the index holds (docs/decisions/0088-search-inside-every-page.md): a row
 * for every document indexed, though none of its pages has text.
 */
export interface SearchDocumentsTable {
  document_id: string;
  room_id: string;
  version_number: number;
  indexed_at: EpochMs;
}

/**
 * One page's text as its document's current version shows it (OCR'd for a scan). The full-text index
 * over it is the dialect's own (SQLite FTS5 `search_pages_fts`, PostgreSQL's GIN `search_pages_room_words`
 * over the room and the words), queried in search-index.repository.ts alone.
 */
export interface SearchPagesTable {
  document_id: string;
  /** 1 to the page count; 1 for a document shown as one page (a text, a table, an image). */
  page: number;
  room_id: string;
  text: string;
}

/** One search by one of the room's readers; `query` is null when the room keeps the words out. */
export interface RoomSearchesTable {
  id: string;
  room_id: string;
  user_id: string | null;
  /** An invitation link's holder who searched before signing in. */
  invitation_id: string | null;
  query: string | null;
  /** How many pages and published answers it found (0: "searched, found nothing"). */
  result_count: number;
  searched_at: EpochMs;
}

/** A room's search switch; a room without a row shows its founders the words searched. */
export interface SearchSettingsTable {
  room_id: string;
  is_query_visible: Flag;
  updated_at: EpochMs;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface SearchTables {
  search_documents: SearchDocumentsTable;
  search_pages: SearchPagesTable;
  room_searches: RoomSearchesTable;
  search_settings: SearchSettingsTable;
}
