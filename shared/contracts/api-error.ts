import { z } from 'zod';

/** Every error the API answers has this shape; `field` names the offending input on a 400. */
export const apiErrorSchema = z
  .object({
    error: z.string(),
    message: z.string(),
    field: z.string().optional(),
  })
  .meta({
    examples: [
      { error: 'validation_error', message: 'email must be a valid e-mail address', field: 'email' },
      { error: 'api_token_scope_missing', message: 'This API token lacks the analytics:read scope.' },
    ],
  });

export type ApiError = z.infer<typeof apiErrorSchema>;
