/** TanStack Query keys for the founder's own room (GET /api/my-data-room). */
export const roomsKeys = {
  all: ['rooms'] as const,
  mine: () => [...roomsKeys.all, 'mine'] as const,
};
