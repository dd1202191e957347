import { extensionOf } from '#shared/file-types';
import { isAllowedUploadExtension, MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from '#shared/uploads';
import { formatFileSize } from './file-size';

/** For the file picker's accept attribute: the same list the server enforces. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** 'PDF, DOC, DOCX, …' for the upload area's list of supported types. */
export const SUPPORTED_TYPES_LABEL = UPLOAD_EXTENSIONS.map((extension) => extension.toUpperCase()).join(', ');

export const MAX_UPLOAD_LABEL = `${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;

/**
 * Why a file cannot be uploaded, checked in the browser before a byte is sent; null when it may go.
 * The server checks the same rules (and the content) again.
 */
export function uploadRefusal(file: { name: string; size: number }): string | null {
  const extension = extensionOf(file.name);
  if (!isAllowedUploadExtension(extension)) {
    return extension
      ? `.${extension} files are not allowed. Supported types: ${SUPPORTED_TYPES_LABEL}.`
      : `Files without an extension are not allowed. Supported types: ${SUPPORTED_TYPES_LABEL}.`;
  }
  if (file.size > MAX_UPLOAD_BYTES) {
    return `The file is ${formatFileSize(file.size)}; the most a single upload may be is ${MAX_UPLOAD_LABEL}.`;
  }
  if (file.size === 0) return 'The file is empty: there is nothing to upload.';
  return null;
}
