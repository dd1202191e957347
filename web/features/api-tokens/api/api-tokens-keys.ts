/** TanStack Query keys for the room's API tokens. */
export const apiTokensKeys = {
  all: ['api-tokens'] as const,
  list: () => [...apiTokensKeys.all, 'list'] as const,
};
