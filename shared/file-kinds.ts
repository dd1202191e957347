/**
 * A document's kind, from its link's host or its file extension (docs/product-rules.md#file-types). The same
 * answer on the server (stored with uploads), in the editor preview and in the data-room views.
 */
export const FILE_TYPES = [
  'pdf',
  'excel',
  'word',
  'powerpoint',
  'csv',
  'text',
  'image',
  'video',
  'archive',
  'google-sheets',
  'google-docs',
  'google-slides',
  'google-drive',
  'google',
  'dropbox',
  'onedrive',
  'box',
  'file',
] as const;

export type FileType = (typeof FILE_TYPES)[number];
