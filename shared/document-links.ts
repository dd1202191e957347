/**
 * The link to an uploaded document, as the server writes it into the markdown. Its own module, apart
 * from the sections parser (sections-markdown.ts re-exports it): a reader's page that only needs the
 * link never loads the parser (docs/decisions/0075-the-investors-first-screen.md).
 */
export function uploadedDocumentPath(documentId: string): string {
  return `/api/documents/${documentId}/download`;
}
