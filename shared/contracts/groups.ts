import { z } from 'zod';
import { apiRoute } from './api-route';
import { emailField, isoDateTime, requiredText } from './fields';

/**
 * Investor groups (docs/decisions/0068-investor-groups.md): every investor of a room is in one group;
 * a section is visible to every group or to chosen ones; a view-only group reads in the viewer only.
 * Managed by the room's owner and co-founders in the console.
 */

/** The group every room starts with; it cannot be removed. */
export const DEFAULT_GROUP_NAME = 'All investors';
export const MAX_GROUP_NAME_LENGTH = 80;
export const MAX_GROUPS_PER_ROOM = 50;

const groupName = requiredText(MAX_GROUP_NAME_LENGTH, 'is required: name the group');
const groupId = z.uuid({ error: 'must be a group id' });

export const investorGroupSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    isDefault: z.boolean(),
    isViewOnly: z.boolean(),
  })
  .meta({
    examples: [
      { id: '6f1c2f4e-5b8a-4d36-9d7e-1d2f3a4b5c6d', name: 'Diligence', isDefault: false, isViewOnly: false },
    ],
  });
export type InvestorGroup = z.infer<typeof investorGroupSchema>;

/** The room's groups, where each investor is, and which sections are shown to chosen groups only. */
export const roomGroupsSchema = z
  .object({
    groups: z.array(investorGroupSchema),
    investors: z.array(
      z.object({ email: z.string(), groupId: z.uuid(), accessExpiresAt: isoDateTime.nullable() }),
    ),
    /** Each section of the room by name, with the groups it is shown to (null: every group). */
    sections: z.array(z.object({ name: z.string(), visibleTo: z.array(z.uuid()).nullable() })),
  })
  .meta({
    examples: [
      {
        groups: [
          {
            id: '1d2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
            name: 'All investors',
            isDefault: true,
            isViewOnly: false,
          },
          {
            id: '6f1c2f4e-5b8a-4d36-9d7e-1d2f3a4b5c6d',
            name: 'Diligence',
            isDefault: false,
            isViewOnly: false,
          },
        ],
        investors: [
          {
            email: 'ann@fund.example',
            groupId: '6f1c2f4e-5b8a-4d36-9d7e-1d2f3a4b5c6d',
            accessExpiresAt: null,
          },
        ],
        sections: [
          { name: 'Overview', visibleTo: null },
          { name: 'Financials', visibleTo: ['6f1c2f4e-5b8a-4d36-9d7e-1d2f3a4b5c6d'] },
        ],
      },
    ],
  });
export type RoomGroups = z.infer<typeof roomGroupsSchema>;

export const createGroupRequestSchema = z.strictObject({
  name: groupName,
  isViewOnly: z.boolean({ error: 'must be true or false' }).optional(),
});
export type CreateGroupRequest = z.infer<typeof createGroupRequestSchema>;

export const updateGroupRequestSchema = z
  .strictObject({
    name: groupName.optional(),
    isViewOnly: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((body) => body.name !== undefined || body.isViewOnly !== undefined, {
    message: 'is required unless isViewOnly is given: say what to change',
    path: ['name'],
  });
export type UpdateGroupRequest = z.infer<typeof updateGroupRequestSchema>;

export const groupIdParamsSchema = z.object({ id: groupId });

/** Moves one investor (by the address they were invited at) to a group. */
export const moveInvestorRequestSchema = z.strictObject({ email: emailField, groupId });
export type MoveInvestorRequest = z.infer<typeof moveInvestorRequestSchema>;

/** When one investor's access ends (null: never); past it they are refused everywhere in the room. */
export const investorAccessRequestSchema = z.strictObject({
  email: emailField,
  accessExpiresAt: isoDateTime.nullable(),
});
export type InvestorAccessRequest = z.infer<typeof investorAccessRequestSchema>;

/** Shows a section (by its name) to chosen groups, or with null to every group. */
export const sectionVisibilityRequestSchema = z.strictObject({
  section: requiredText(200, 'is required: name the section'),
  visibleTo: z
    .array(groupId, { error: 'must be a list of group ids, or null for every group' })
    .max(MAX_GROUPS_PER_ROOM)
    .nullable(),
});
export type SectionVisibilityRequest = z.infer<typeof sectionVisibilityRequestSchema>;

/** The room's groups (docs/decisions/0065-query-keys-and-api-routes.md). */
export const groupRoutes = {
  list: apiRoute('GET', '/api/my-data-room/groups', { answer: roomGroupsSchema, refusals: [401, 403] }),
  create: apiRoute('POST', '/api/my-data-room/groups', {
    body: createGroupRequestSchema,
    status: 201,
    answer: investorGroupSchema,
    refusals: [400, 401, 403, 409],
  }),
  update: apiRoute('POST', '/api/my-data-room/groups/:id', {
    params: groupIdParamsSchema,
    body: updateGroupRequestSchema,
    answer: investorGroupSchema,
    refusals: [400, 401, 403, 404, 409],
  }),
  remove: apiRoute('DELETE', '/api/my-data-room/groups/:id', {
    params: groupIdParamsSchema,
    status: 204,
    answer: z.null(),
    refusals: [400, 401, 403, 404],
  }),
  moveInvestor: apiRoute('POST', '/api/my-data-room/investor-groups', {
    body: moveInvestorRequestSchema,
    answer: roomGroupsSchema,
    refusals: [400, 401, 403, 404],
  }),
  setInvestorAccess: apiRoute('POST', '/api/my-data-room/investor-access', {
    body: investorAccessRequestSchema,
    answer: roomGroupsSchema,
    refusals: [400, 401, 403, 404],
  }),
  setSectionVisibility: apiRoute('POST', '/api/my-data-room/section-visibility', {
    body: sectionVisibilityRequestSchema,
    answer: roomGroupsSchema,
    refusals: [400, 401, 403, 404],
  }),
};
