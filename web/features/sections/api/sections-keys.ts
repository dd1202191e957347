/** TanStack Query keys for the founder's sections markdown (GET /api/sections/content). */
export const sectionsKeys = {
  all: ['sections'] as const,
  mine: () => [...sectionsKeys.all, 'mine'] as const,
};
