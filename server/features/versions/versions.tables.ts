import type { Selectable } from 'kysely';
import type { EpochMs, Flag } from '#server/db/column-types';

/** 'current': what readers get; 'preparing': a new file being prepared; 'earlier': any other. */
export type DocumentVersionStatus = 'current' | 'preparing' | 'earlier';

/** One file a document has had, numbered from 1 (docs/decisions/0069-document-versions.md). */
export interface DocumentVersionsTable {
  document_id: string;
  number: number;
  room_id: string;
  original_name: string;
  file_type: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  storage_key: string;
  uploaded_by: string;
  created_at: EpochMs;
  status: DocumentVersionStatus;
  /** The founder asked to mail the earlier version's readers once this version is current. */
  is_readers_notified: Flag;
  /** The pages a founder reads of it (1 for a file read whole), recorded from its ready preview; null while unknown. */
  page_count: number | null;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface VersionsTables {
  document_versions: DocumentVersionsTable;
}

export type DocumentVersionRow = Selectable<DocumentVersionsTable>;
