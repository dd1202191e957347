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
import { listInvitations } from '../invitations/invitations.service';
import { recentAccess, recentDocuments, roomSections, roomUsers } from './admin.service';

/**
 * The owner's dashboard data (docs/product-rules.md#room-access: every /api/admin route requires the room's
 * owner).
 */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/users',
      { schema: { response: { 200: z.array(adminUserSchema) } } },
      async (request) => roomUsers(ctx, requireFounder(request)),
    );
    app.get(
      '/api/admin/invitations',
      { schema: { response: { 200: invitationListSchema } } },
      async (request) => listInvitations(ctx, requireFounder(request)),
    );
    app.get(
      '/api/admin/sections',
      { schema: { response: { 200: z.array(adminSectionSchema) } } },
      async (request) => roomSections(ctx, requireFounder(request)),
    );
    app.get(
      '/api/admin/recent-documents',
      { schema: { response: { 200: z.array(recentDocumentSchema) } } },
      async (request) => recentDocuments(ctx, requireFounder(request)),
    );
    app.get(
      '/api/admin/recent-access',
      { schema: { response: { 200: z.array(accessLogEntrySchema) } } },
      async (request) => recentAccess(ctx, requireFounder(request)),
    );
  };
}
