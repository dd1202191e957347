/** What may be uploaded (spec section 5, the wider list of /configure and the docs), enforced on the server. */
export const UPLOAD_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'csv',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'md',
  'markdown',
  'bmp',
  'webp',
  'mp4',
  'avi',
  'mov',
  'zip',
  'rar',
  '7z',
] as const;

export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** 50 MB per file. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export function isAllowedUploadExtension(extension: string): extension is UploadExtension {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}
