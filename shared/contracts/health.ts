import { z } from 'zod';

export const healthResponseSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['reachable', 'unreachable']),
  })
  .meta({ examples: [{ status: 'ok', database: 'reachable' }] });

export type HealthResponse = z.infer<typeof healthResponseSchema>;
