import { uploadedDocumentPath } from '../../../shared/sections-markdown';

/**
 * Downloads an uploaded document with the session cookie and saves it under its title. On failure the
 * failure is logged and the download URL is opened in a new tab instead (spec section 8, Downloads).
 */
export async function downloadDocument(documentId: string, title: string): Promise<'downloaded' | 'opened'> {
  const url = uploadedDocumentPath(documentId);
  try {
    const response = await fetch(url, { credentials: 'include' });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    const blob = await response.blob();
    const objectUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = title;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    // Let the browser start the save before the blob goes away.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
    return 'downloaded';
  } catch (error) {
    console.warn(`Download of “${title}” failed; opening it in a new tab instead.`, error);
    window.open(url, '_blank', 'noopener');
    return 'opened';
  }
}

/** Opens an external document through the click-logging redirect, in a new tab. */
export function openExternal(href: string): void {
  window.open(href, '_blank', 'noopener,noreferrer');
}
