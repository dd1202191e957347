import { z } from 'zod';
import { emailField, isoDateTime, optionalText } from './fields';

export const MAGIC_LINK_TTL_MINUTES = 15;
export const SESSION_TTL_DAYS = 7;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['founder', 'investor']),
  isActive: z.boolean(),
  createdAt: isoDateTime,
});
export type PublicUser = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const magicLinkRequestSchema = z.strictObject({
  email: emailField,
  // The sign-in form sends an empty name (docs/product-rules.md#sign-in); it is accepted and unused.
  name: optionalText(200),
});

export const messageResponseSchema = z.object({ message: z.string() });

/** Tokens are 43 base64url characters; anything far from that is refused before a lookup. */
export const tokenField = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .min(1, 'is required')
  .max(128, 'is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a valid token');

export const verifyRequestSchema = z.strictObject({ token: tokenField });

export const meResponseSchema = z.object({ user: userSchema });

/** GET /api/auth/session: whether anyone is signed in, without a 401 (and its console noise) when not. */
export const sessionResponseSchema = z.object({ user: userSchema.nullable() });
