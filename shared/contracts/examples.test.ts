import { expect, test } from 'vitest';
import type { z } from 'zod';
import { accessLogEntrySchema, adminSectionSchema, adminUserSchema, recentDocumentSchema } from './admin';
import { apiErrorSchema } from './api-error';
import { apiTokenSchema, createApiTokenRequestSchema } from './api-tokens';
import { documentListItemSchema, uploadResponseSchema } from './documents';
import { healthResponseSchema } from './health';
import { createInvitationResponseSchema, invitationSchema } from './invitations';
import { adminNdaAcceptanceSchema } from './nda';
import { documentAnalyticsSchema, investorAnalyticsSchema, roomAnalyticsSchema } from './reading';
import {
  sectionsChangedResponseSchema,
  sectionsRefusedResponseSchema,
  sectionsSourceSchema,
  sectionsUpdateResponseSchema,
} from './rooms';
import { siteInfoSchema } from './site';

// The examples the OpenAPI document shows (`.meta({ examples })`) are answers the contracts accept: an
// example that drifted from its schema would teach an integrator a shape the API never sends.
const EXAMPLED: Record<string, z.ZodType> = {
  accessLogEntrySchema,
  adminSectionSchema,
  adminUserSchema,
  recentDocumentSchema,
  apiErrorSchema,
  apiTokenSchema,
  createApiTokenRequestSchema,
  documentListItemSchema,
  uploadResponseSchema,
  createInvitationResponseSchema,
  invitationSchema,
  roomAnalyticsSchema,
  documentAnalyticsSchema,
  investorAnalyticsSchema,
  adminNdaAcceptanceSchema,
  healthResponseSchema,
  siteInfoSchema,
  sectionsSourceSchema,
  sectionsUpdateResponseSchema,
  sectionsRefusedResponseSchema,
  sectionsChangedResponseSchema,
};

test.each(Object.entries(EXAMPLED))('%s has examples, each of which it accepts', (_name, schema) => {
  const examples = (schema.meta() as { examples?: unknown[] } | undefined)?.examples ?? [];
  expect(examples.length).toBeGreaterThan(0);
  for (const example of examples) expect(schema.safeParse(example).error).toBeUndefined();
});
