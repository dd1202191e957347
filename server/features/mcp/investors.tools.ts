import { z } from 'zod';
import { adminRoutes, adminUserSchema } from '#shared/contracts/admin';
import { groupRoutes, moveInvestorRequestSchema, roomGroupsSchema } from '#shared/contracts/groups';
import { roomTool } from './room-tool';

/** The room's investors and the groups that decide what each of them sees. */
export const investorTools = [
  roomTool({
    name: 'list_investors',
    title: 'Investors',
    description:
      'The investors who joined the room (signed in through their invitation or a share link): user id, name, e-mail address, whether their account is active, and when they joined. The user id is what investor_analytics takes. Invited people who never came are in list_invitations.',
    route: adminRoutes.users,
    input: z.object({}),
    output: z.object({ investors: z.array(adminUserSchema) }),
    effect: 'reads',
    run: async (api) => ({ investors: await api.call(adminRoutes.users) }),
  }),
  roomTool({
    name: 'list_groups',
    title: 'Investor groups',
    description:
      "The room's investor groups (every investor is in exactly one; a room starts with 'All investors'; a view-only group reads in the viewer only), which group each investor is in by e-mail address with the date their access ends, and each section with the groups it is shown to (null: every group).",
    route: groupRoutes.list,
    input: z.object({}),
    output: roomGroupsSchema,
    effect: 'reads',
    run: (api) => api.call(groupRoutes.list),
  }),
  roomTool({
    name: 'move_investor_to_group',
    title: 'Move an investor to a group',
    description:
      'Moves one investor, by the e-mail address they were invited at, to another group of the room: from then on they see the sections that group sees. Answers the groups as they now are.',
    route: groupRoutes.moveInvestor,
    input: z.object({
      email: moveInvestorRequestSchema.shape.email.describe("The investor's e-mail address."),
      groupId: moveInvestorRequestSchema.shape.groupId.describe("The group's id, as list_groups gives it."),
    }),
    output: roomGroupsSchema,
    effect: 'changes',
    run: (api, body) => api.call(groupRoutes.moveInvestor, { body }),
  }),
];
