import { uploadedDocumentPath } from '#shared/document-links';
import { MINUTE_MS } from '#shared/durations';
import { extensionOf } from '#shared/file-types';

/**
 * Fetches an uploaded document with the session cookie and saves it under its title
 * (docs/product-rules.md#documents-and-the-access-log). Throws when the server refuses or the connection
 * fails.
 */
export async function saveDocument(documentId: string, title: string): Promise<void> {
  const response = await fetch(uploadedDocumentPath(documentId), { credentials: 'include' });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = savedName(response.headers.get('content-disposition'), title);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the save before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(objectUrl), MINUTE_MS);
}

/**
 * The name a download is saved under: the title the reader clicked
 * (docs/product-rules.md#documents-and-the-access-log), unless the server sends another kind of file
 * than the title names. A watermarked Word file arrives as a PDF (docs/decisions/0046-dynamic-watermark.md):
 * "Board memo.docx" is saved as "Board memo.pdf", the title with the served file's extension.
 */
export function savedName(disposition: string | null, title: string): string {
  const served = extensionOf(servedName(disposition) ?? '');
  const titled = extensionOf(title);
  if (!served || served === titled) return title;
  return `${titled ? title.slice(0, -(titled.length + 1)) : title}.${served}`;
}

/** The file name in a Content-Disposition header: RFC 8187's `filename*` first, then `filename`. */
function servedName(disposition: string | null): string | undefined {
  const extended = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1];
}

/**
 * A reader's download in a data room: on failure it is logged and the download URL is opened in a new tab
 * instead (docs/product-rules.md#documents-and-the-access-log), where the browser shows the server's answer.
 */
export async function downloadDocument(documentId: string, title: string): Promise<'downloaded' | 'opened'> {
  try {
    await saveDocument(documentId, title);
    return 'downloaded';
  } catch (error) {
    console.warn(`Download of “${title}” failed; opening it in a new tab instead.`, error);
    window.open(uploadedDocumentPath(documentId), '_blank', 'noopener');
    return 'opened';
  }
}

/** Opens an external document through the click-logging redirect, in a new tab. */
export function openExternal(href: string): void {
  window.open(href, '_blank', 'noopener,noreferrer');
}

/** The absolute link to an uploaded document, as the founder pastes it elsewhere. */
export function documentLink(documentId: string): string {
  return new URL(uploadedDocumentPath(documentId), window.location.origin).toString();
}
