import { z } from 'zod';
import { apiRoute } from './api-route';
import { isoDateTime, requiredText } from './fields';

/**
 * API tokens (docs/decisions/0051-api-tokens-and-openapi.md): a room's managers create them in
 * /setup-data-room; each is shown once, acts for its room only and may call the routes of its scopes.
 */
export const API_TOKEN_SCOPES = [
  'analytics:read',
  'documents:write',
  'invitations:write',
  'sections:write',
  'questions:write',
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** The words the console shows for each scope. */
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  'analytics:read': 'Read analytics and the access log',
  'documents:write': 'Manage documents',
  'invitations:write': 'Manage invitations',
  'sections:write': 'Manage sections',
  'questions:write': 'Read and answer questions',
};

/** The expiries the console offers, in days; null is "never". */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const MAX_API_TOKEN_DAYS = 365;

/** What a token looks like: `rr_` and 43 base64url characters (a session token has no prefix). */
export const API_TOKEN_PREFIX = 'rr_';
export const apiTokenPattern = /^rr_[A-Za-z0-9_-]{43}$/;

const scopeField = z.enum(API_TOKEN_SCOPES, { error: `must be one of ${API_TOKEN_SCOPES.join(', ')}` });

export const createApiTokenRequestSchema = z
  .strictObject({
    name: requiredText(80, 'is required: say what the token is for'),
    scopes: z
      .array(scopeField, { error: 'must be a list of scopes' })
      .min(1, 'must name at least one scope')
      .max(API_TOKEN_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'must not name a scope twice'),
    /** Days until it stops working; null (or absent) for a token that does not expire. */
    expiresInDays: z
      .int({ error: 'must be a whole number of days' })
      .min(1, 'must be at least 1 day')
      .max(MAX_API_TOKEN_DAYS, `must be at most ${MAX_API_TOKEN_DAYS} days`)
      .nullable()
      .optional(),
  })
  .meta({ examples: [{ name: 'Affinity sync', scopes: ['analytics:read'], expiresInDays: 90 }] });
export type CreateApiTokenRequest = z.input<typeof createApiTokenRequestSchema>;

export const apiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(scopeField),
    /** The token's last four characters, to tell it apart; the token itself is never shown again. */
    hint: z.string(),
    createdAt: isoDateTime,
    /** Who created it: the owner or a co-founder. */
    createdBy: z.object({ name: z.string().nullable(), email: z.string() }),
    expiresAt: isoDateTime.nullable(),
    lastUsedAt: isoDateTime.nullable(),
    revokedAt: isoDateTime.nullable(),
    status: z.enum(['active', 'expired', 'revoked']),
  })
  .meta({
    examples: [
      {
        id: '6f1c2f4e-5b8a-4d36-9d7e-1d2f3a4b5c6d',
        name: 'Affinity sync',
        scopes: ['analytics:read'],
        hint: 'x9Qk',
        createdAt: '2026-11-25T09:30:00.000Z',
        createdBy: { name: 'Ada Founder', email: 'ada@example.com' },
        expiresAt: '2027-02-23T09:30:00.000Z',
        lastUsedAt: '2026-11-25T10:02:11.000Z',
        revokedAt: null,
        status: 'active',
      },
    ],
  });
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** The answer to a creation: the only time the secret is sent. */
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenIdParamsSchema = z.object({ id: z.uuid({ error: 'must be an API token id' }) });

/** The room's API tokens (docs/decisions/0065-query-keys-and-api-routes.md). */
export const apiTokenRoutes = {
  list: apiRoute('GET', '/api/my-data-room/api-tokens', { answer: apiTokenListSchema, refusals: [401, 403] }),
  create: apiRoute('POST', '/api/my-data-room/api-tokens', {
    body: createApiTokenRequestSchema,
    status: 201,
    answer: createdApiTokenSchema,
    refusals: [401, 403, 409],
  }),
  revoke: apiRoute('DELETE', '/api/my-data-room/api-tokens/:id', {
    params: apiTokenIdParamsSchema,
    status: 204,
    answer: z.null(),
    refusals: [401, 403, 404],
  }),
};
