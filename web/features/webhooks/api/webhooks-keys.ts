/** TanStack Query keys for webhooks: the room's endpoints, and each endpoint's delivery log. */
export const webhooksKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhooksKeys.all, 'endpoints'] as const,
  deliveries: (endpointId: string) => [...webhooksKeys.all, 'deliveries', endpointId] as const,
};
