/** TanStack Query keys for the founder's uploaded documents (GET /api/my-documents). */
export const documentsKeys = {
  all: ['documents'] as const,
  mine: () => [...documentsKeys.all, 'mine'] as const,
};
