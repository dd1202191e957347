import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS, UPLOAD_TYPES } from '#shared/uploads';

/**
 * The documentation's topics in reading order. The ids are public anchors (/docs#document-upload):
 * other pages and e-mails link to them, so never rename one.
 */
export const docsTopics = [
  { id: 'overview', title: 'Overview' },
  { id: 'invitation-system', title: 'Invitation system' },
  { id: 'file-structure', title: 'File structure' },
  { id: 'adding-sections', title: 'Adding sections' },
  { id: 'adding-documents', title: 'Adding documents' },
  { id: 'document-upload', title: 'Document upload' },
  { id: 'examples', title: 'Examples' },
  { id: 'access-tracking', title: 'Access tracking' },
  { id: 'important-notes', title: 'Important notes' },
  { id: 'api', title: 'API' },
] as const;

export type DocsTopicId = (typeof docsTopics)[number]['id'];

/** The upload rules (docs/product-rules.md#uploads: one list everywhere). */
export const maxUploadSize = `${MAX_UPLOAD_BYTES / 1024 / 1024}MB`;
export const uploadExtensions = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`);

/** Each kind of uploadable file as the docs' type table shows it: its label and every extension of it. */
export const uploadedFileTypes: [string, string][] = [
  ...new Set(UPLOAD_TYPES.map((type) => type.fileType)),
].map((fileType) => [
  fileType.toUpperCase(),
  UPLOAD_TYPES.filter((type) => type.fileType === fileType)
    .map((type) => `.${type.extension}`)
    .join(', '),
]);
