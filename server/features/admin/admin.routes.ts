import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { listInvitations } from '#server/features/invitations/index';
import { requireUser } from '#server/plugins/auth';
import { errorResponses } from '#server/plugins/response-contracts';
import {
  accessLogEntrySchema,
  adminSectionSchema,
  adminUserSchema,
  recentDocumentSchema,
} from '#shared/contracts/admin';
import { invitationListSchema } from '#shared/contracts/invitations';
import { recentAccess, recentDocuments, roomSections, roomUsers } from './admin.service';

/**
 * The dashboard's data (docs/product-rules.md#room-access: every /api/admin route requires a manager of
 * the room, its owner or an editor).
 */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const managersOnly = errorResponses(401, 403, 404);
  return async (app) => {
    app.get(
      '/api/admin/users',
      { schema: { response: { 200: z.array(adminUserSchema), ...managersOnly } } },
      async (request) => roomUsers(ctx, requireUser(request)),
    );
    app.get(
      '/api/admin/invitations',
      { schema: { response: { 200: invitationListSchema, ...managersOnly } } },
      async (request) => listInvitations(ctx, requireUser(request)),
    );
    app.get(
      '/api/admin/sections',
      { schema: { response: { 200: z.array(adminSectionSchema), ...managersOnly } } },
      async (request) => roomSections(ctx, requireUser(request)),
    );
    app.get(
      '/api/admin/recent-documents',
      { schema: { response: { 200: z.array(recentDocumentSchema), ...managersOnly } } },
      async (request) => recentDocuments(ctx, requireUser(request)),
    );
    app.get(
      '/api/admin/recent-access',
      { schema: { response: { 200: z.array(accessLogEntrySchema), ...managersOnly } } },
      async (request) => recentAccess(ctx, requireUser(request)),
    );
  };
}
