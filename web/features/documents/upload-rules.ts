import { extensionOf } from '#shared/file-types';
import { isAllowedUploadExtension, MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from '#shared/uploads';
import { formatFileSize } from './file-size';

/** For the file picker's accept attribute: the same list the server enforces. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** 'PDF, DOC, DOCX, …' for the upload area's list of supported types. */
export const SUPPORTED_TYPES_LABEL = UPLOAD_EXTENSIONS.map((extension) => extension.toUpperCase()).join(', ');

/** '50 MB': the upload limit in the words of the upload area (the server's UPLOAD_MAX_MB, /api/site). */
export const maxUploadLabel = (maxBytes: number) => `${Math.round(maxBytes / 1024 / 1024)} MB`;

export const MAX_UPLOAD_LABEL = maxUploadLabel(MAX_UPLOAD_BYTES);

/**
 * Why a file cannot be uploaded, checked in the browser before a byte is sent; null when it may go.
 * The server checks the same rules (and the content) again.
 */
export function uploadRefusal(
  file: { name: string; size: number },
  maxBytes: number = MAX_UPLOAD_BYTES,
): string | null {
  const extension = extensionOf(file.name);
  if (!isAllowedUploadExtension(extension)) {
    return extension
      ? `.${extension} files are not allowed. Supported types: ${SUPPORTED_TYPES_LABEL}.`
      : `Files without an extension are not allowed. Supported types: ${SUPPORTED_TYPES_LABEL}.`;
  }
  if (file.size > maxBytes) {
    return `The file is ${formatFileSize(file.size)}; the most a single upload may be is ${maxUploadLabel(maxBytes)}.`;
  }
  if (file.size === 0) return 'The file is empty: there is nothing to upload.';
  return null;
}
