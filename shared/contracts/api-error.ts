import { z } from 'zod';

/** Every error the API answers has this shape; `field` names the offending input on a 400. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
});

export type ApiError = z.infer<typeof apiErrorSchema>;
