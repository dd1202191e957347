import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessLogEntrySchema,
  adminSectionSchema,
  adminUserSchema,
  recentDocumentSchema,
} from '../../../shared/contracts/admin';
import { invitationListSchema } from '../../../shared/contracts/invitations';
import type { AppContext } from '../../app-context';
import { requireFounder } from '../../plugins/auth';
import { errorResponses } from '../../plugins/response-contracts';
import { listInvitations } from '../invitations/invitations.service';
import { recentAccess, recentDocuments, roomSections, roomUsers } from './admin.service';

/**
 * The owner's dashboard data (docs/product-rules.md#room-access: every /api/admin route requires the room's
 * owner).
 */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const ownerOnly = errorResponses(401, 403, 404);
  return async (app) => {
    app.get(
      '/api/admin/users',
      { schema: { response: { 200: z.array(adminUserSchema), ...ownerOnly } } },
      async (request) => roomUsers(ctx, requireFounder(request)),
    );
    app.get(
      '/api/admin/invitations',
      { schema: { response: { 200: invitationListSchema, ...ownerOnly } } },
      async (request) => listInvitations(ctx, requireFounder(request)),
    );
    app.get(
      '/api/admin/sections',
      { schema: { response: { 200: z.array(adminSectionSchema), ...ownerOnly } } },
      async (request) => roomSections(ctx, requireFounder(request)),
    );
    app.get(
      '/api/admin/recent-documents',
      { schema: { response: { 200: z.array(recentDocumentSchema), ...ownerOnly } } },
      async (request) => recentDocuments(ctx, requireFounder(request)),
    );
    app.get(
      '/api/admin/recent-access',
      { schema: { response: { 200: z.array(accessLogEntrySchema), ...ownerOnly } } },
      async (request) => recentAccess(ctx, requireFounder(request)),
    );
  };
}
