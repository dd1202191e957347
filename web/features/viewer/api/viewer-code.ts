/**
 * Fetches the viewer's page code (its own chunk, the same one the route loads) ahead of a tap on a
 * document, so the tap waits for the document's data only (ADR 56). Code only, no data.
 */
export function warmViewerCode(): void {
  void import('#web/features/viewer/pages/document-in-room-page');
}
