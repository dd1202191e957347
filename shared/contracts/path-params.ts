import { z } from 'zod';

/**
 * The parameters of paths whose routes several contract files declare (a room's, an invitation link's,
 * a document's), here below all of them so that no two contract files import each other.
 */

export const roomIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a data room id' }) });

export const inviteTokenParamsSchema = z.object({
  token: z
    .string()
    .min(1, 'is required')
    .max(128, 'is too long to be an invitation token')
    .regex(/^[A-Za-z0-9_-]+$/, 'is not a valid invitation token'),
});

export const documentIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a document id' }) });
