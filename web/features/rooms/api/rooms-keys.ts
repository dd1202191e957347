/** TanStack Query keys for the founder's own room (GET /api/my-data-room) and its NDA setting. */
export const roomsKeys = {
  all: ['rooms'] as const,
  mine: () => [...roomsKeys.all, 'mine'] as const,
  nda: () => [...roomsKeys.all, 'mine', 'nda'] as const,
};
