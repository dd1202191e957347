import { apiPath } from '#shared/contracts/api-route';
import { type ReadingReport, readingRoutes } from '#shared/contracts/reading';
import { api } from '#web/lib/api-client';

/** Opens a view of the document: its viewId, or null for the room's owner (whose reading is not recorded). */
export async function openView(documentId: string): Promise<string | null> {
  const { viewId } = await api(readingRoutes.openView, { params: { id: documentId } });
  return viewId;
}

/**
 * Sends what was read since the last report. `keepalive` lets it finish after the page is hidden or
 * closed (what sendBeacon does, but with our JSON content type and the session cookie). Same origin, so
 * the browser names our Origin and the server's CSRF check accepts it. A refused report is dropped: the
 * server says why, and nothing the reader can do changes it.
 */
export function sendReadingReport(viewId: string, report: ReadingReport): void {
  void fetch(apiPath(readingRoutes.report, { params: { viewId } }), {
    method: readingRoutes.report.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
    credentials: 'include',
    keepalive: true,
  }).catch(() => {
    // Offline or closing: this report is lost, and the next one starts afresh.
  });
}
