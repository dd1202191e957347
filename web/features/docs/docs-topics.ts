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
] as const;

export type DocsTopicId = (typeof docsTopics)[number]['id'];

/** The upload rules (spec sections 5 and 9; DESIGN.md answer 9: one list everywhere). */
export const maxUploadSize = '50MB';
export const uploadExtensions = [
  '.pdf',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
  '.txt',
  '.csv',
  '.jpg',
  '.jpeg',
  '.png',
  '.gif',
  '.md',
  '.markdown',
  '.bmp',
  '.webp',
  '.mp4',
  '.avi',
  '.mov',
  '.zip',
  '.rar',
  '.7z',
] as const;
