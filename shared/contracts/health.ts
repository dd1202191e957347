import { z } from 'zod';
import { apiRoute } from './api-route';

export const healthResponseSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['reachable', 'unreachable']),
  })
  .meta({ examples: [{ status: 'ok', database: 'reachable' }] });

export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const healthRoutes = {
  /** 503 with the same shape while the database cannot be reached. */
  health: apiRoute('GET', '/api/health', {
    answer: healthResponseSchema,
    answers: { 503: healthResponseSchema },
  }),
};
