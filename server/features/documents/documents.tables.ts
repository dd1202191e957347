import type { Selectable } from 'kysely';
import type { EpochMs, Flag } from '#server/db/column-types';
import type { DocumentDownloadPolicy } from '#shared/contracts/documents';
import type { PreviewFailureCode, PreviewKind, PreviewStatus } from '#shared/contracts/previews';

export interface DocumentsTable {
  id: string;
  room_id: string;
  title: string;
  original_name: string;
  file_type: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  storage_key: string;
  uploaded_by: string;
  /** The document's own download rule; null follows its room's is_download_allowed. */
  download_policy: DocumentDownloadPolicy | null;
  created_at: EpochMs;
  updated_at: EpochMs;
  /** The version whose file the columns above hold (docs/decisions/0069-document-versions.md). */
  current_version: number;
}

export interface AccessEventsTable {
  id: string;
  room_id: string;
  user_id: string | null;
  invitation_id: string | null;
  document_id: string | null;
  document_title: string;
  url: string;
  /** 'asked', 'answered': an investor's question and its answer (docs/decisions/0073-questions-and-answers.md). */
  action: 'downloaded' | 'clicked' | 'viewed' | 'asked' | 'answered';
  occurred_at: EpochMs;
  ip: string | null;
  user_agent: string | null;
  /** The version downloaded or viewed; null for clicks and for events from before versions. */
  document_version: number | null;
}

/** A document's preparation for the viewer (docs/decisions/0039-viewer-pipeline.md). */
export interface DocumentPreviewsTable {
  document_id: string;
  kind: PreviewKind;
  status: PreviewStatus;
  failure_code: PreviewFailureCode | null;
  page_count: number | null;
  is_text_available: Flag;
  created_at: EpochMs;
  updated_at: EpochMs;
  prepared_at: EpochMs | null;
  /** The preparation started last (1 on upload, one more on each retry): only its job writes. */
  generation: number;
  /** The version of the document the preview was made from. */
  version_number: number;
}

/** One stored object of a preview: a page image at one width, a thumbnail, a page's text, a resized image. */
export interface PreviewObjectsTable {
  document_id: string;
  name: string;
  storage_key: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  width: number | null;
  height: number | null;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface DocumentsTables {
  documents: DocumentsTable;
  access_events: AccessEventsTable;
  document_previews: DocumentPreviewsTable;
  preview_objects: PreviewObjectsTable;
}

export type DocumentRow = Selectable<DocumentsTable>;
export type AccessEventRow = Selectable<AccessEventsTable>;
export type DocumentPreviewRow = Selectable<DocumentPreviewsTable>;
export type PreviewObjectRow = Selectable<PreviewObjectsTable>;
