/** TanStack Query keys for reading one document: its preview state, its text, its text or table content. */
export const viewerKeys = {
  all: ['viewer'] as const,
  document: (documentId: string) => [...viewerKeys.all, documentId] as const,
  preview: (documentId: string) => [...viewerKeys.document(documentId), 'preview'] as const,
  text: (documentId: string) => [...viewerKeys.document(documentId), 'text'] as const,
  content: (documentId: string) => [...viewerKeys.document(documentId), 'content'] as const,
};
