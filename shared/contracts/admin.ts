import { z } from 'zod';
import { FILE_TYPES } from '#shared/file-types';
import { SECTION_ICONS } from '#shared/section-icons';
import { apiRoute } from './api-route';
import { isoDateTime } from './fields';
import { invitationListSchema } from './invitations';

/** The room owner's dashboard (docs/product-rules.md#admin-dashboard). */
export const adminUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    isActive: z.boolean(),
    /** When they joined this room. */
    createdAt: isoDateTime,
  })
  .meta({
    examples: [
      {
        id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
        name: 'Ann Lee',
        email: 'ann@fund.example',
        isActive: true,
        createdAt: '2026-11-25T09:30:00.000Z',
      },
    ],
  });

export const adminSectionSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    icon: z.enum(SECTION_ICONS),
    documentCount: z.number(),
  })
  .meta({
    examples: [
      {
        id: 1,
        name: 'Financials',
        description: 'Our model and last three years of accounts.',
        icon: 'chart-line',
        documentCount: 4,
      },
    ],
  });

export const recentDocumentSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    sectionName: z.string().nullable(),
    fileType: z.enum(FILE_TYPES),
    isUploaded: z.boolean(),
    updatedAt: isoDateTime,
  })
  .meta({
    examples: [
      {
        id: '8d0f5b1e-2a4c-4e6b-9f3a-7c1d2e3f4a5b',
        title: 'Pitch deck',
        sectionName: 'Financials',
        fileType: 'pdf',
        isUploaded: true,
        updatedAt: '2026-11-25T09:30:00.000Z',
      },
    ],
  });

export const accessLogEntrySchema = z
  .object({
    id: z.string(),
    userName: z.string(),
    documentTitle: z.string(),
    /** The version downloaded or viewed (ADR 69); null for clicks and for events from before versions. */
    documentVersion: z.number().int().nullable(),
    actionType: z.enum(['downloaded', 'clicked', 'viewed']),
    accessedAt: isoDateTime,
  })
  .meta({
    examples: [
      {
        id: '0b6f6a52-3c1e-4f5e-8a3b-2f9d7c1e4a10',
        userName: 'Ivy Investor',
        documentTitle: 'Pitch deck.pdf',
        documentVersion: 2,
        actionType: 'viewed',
        accessedAt: '2026-11-25T10:02:11.000Z',
      },
    ],
  });

export const RECENT_DOCUMENTS = 5;
export const RECENT_ACCESS = 10;

/** The owner's dashboard reads (docs/decisions/0065-query-keys-and-api-routes.md). */
/** Every /api/admin route is for the room's managers, its owner or an editor (ADR 47). */
const managersOnly = [401, 403, 404] as const;

export const adminRoutes = {
  users: apiRoute('GET', '/api/admin/users', { answer: z.array(adminUserSchema), refusals: managersOnly }),
  invitations: apiRoute('GET', '/api/admin/invitations', {
    answer: invitationListSchema,
    refusals: managersOnly,
  }),
  sections: apiRoute('GET', '/api/admin/sections', {
    answer: z.array(adminSectionSchema),
    refusals: managersOnly,
  }),
  recentDocuments: apiRoute('GET', '/api/admin/recent-documents', {
    answer: z.array(recentDocumentSchema),
    refusals: managersOnly,
  }),
  recentAccess: apiRoute('GET', '/api/admin/recent-access', {
    answer: z.array(accessLogEntrySchema),
    refusals: managersOnly,
  }),
};
