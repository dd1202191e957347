import { z } from 'zod';
import {
  createInvitationRequestSchema,
  createInvitationResponseSchema,
  invitationIdParamsSchema,
  invitationRoutes,
  invitationSchema,
} from '#shared/contracts/invitations';
import { roomTool } from './room-tool';

const invitationId = invitationIdParamsSchema.shape.id.describe(
  "The invitation's id, from list_invitations.",
);

/** Who is invited to the room, and inviting, reminding and withdrawing. */
export const invitationTools = [
  roomTool({
    name: 'list_invitations',
    title: 'Invitations',
    description:
      "The room's invitations, newest first: id, e-mail address, name, status (pending, accepted, expired), when each was sent and when its link expires.",
    route: invitationRoutes.mine,
    input: z.object({}),
    output: z.object({ invitations: z.array(invitationSchema) }),
    effect: 'reads',
    run: async (api) => ({ invitations: await api.call(invitationRoutes.mine) }),
  }),
  roomTool({
    name: 'invite_investor',
    title: 'Invite an investor',
    description:
      "Invites one person to the room by e-mail: they receive the invitation mail at once, with the personal message if one is given, and join the group given ('All investors' otherwise). The room's daily invitation limit applies.",
    route: invitationRoutes.create,
    input: z.object({
      email: createInvitationRequestSchema.shape.email.describe('Their e-mail address.'),
      name: createInvitationRequestSchema.shape.name.describe('Their name, for the mail.'),
      personalMessage: createInvitationRequestSchema.shape.personalMessage.describe(
        'A note in the invitation mail, as plain text.',
      ),
      groupId: createInvitationRequestSchema.shape.groupId.describe(
        'The group they join (a group id from list_groups).',
      ),
    }),
    output: createInvitationResponseSchema,
    effect: 'mails',
    run: (api, body) => api.call(invitationRoutes.create, { body }),
  }),
  roomTool({
    name: 'resend_invitation',
    title: 'Send an invitation again',
    description:
      'Sends a pending or expired invitation again, with a new link valid for 7 more days; the earlier link stops working.',
    route: invitationRoutes.resend,
    input: z.object({ invitationId }),
    output: createInvitationResponseSchema,
    effect: 'mails',
    run: (api, { invitationId }) => api.call(invitationRoutes.resend, { params: { id: invitationId } }),
  }),
  roomTool({
    name: 'revoke_invitation',
    title: 'Withdraw an invitation',
    description:
      'Withdraws an invitation: its link stops working and, if the person had joined, they lose access to the room.',
    route: invitationRoutes.remove,
    input: z.object({ invitationId }),
    output: z.object({ revoked: z.literal(true), invitationId: z.string() }),
    effect: 'removes',
    run: async (api, { invitationId }) => {
      await api.call(invitationRoutes.remove, { params: { id: invitationId } });
      return { revoked: true as const, invitationId };
    },
  }),
];
