import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import type { User } from '#server/features/accounts/index';
import { requireUser } from '#server/plugins/auth';
import { errorResponses } from '#server/plugins/response-contracts';
import {
  adminInvitationRequestSchema,
  bulkInvitationRequestSchema,
  bulkInvitationResponseSchema,
  createInvitationRequestSchema,
  createInvitationResponseSchema,
  invitationIdParamsSchema,
  invitationLinkResponseSchema,
  invitationListSchema,
} from '#shared/contracts/invitations';
import {
  inviteEditorRequestSchema,
  inviteEditorResponseSchema,
  teamMemberIdParamsSchema,
  teamSchema,
} from '#shared/contracts/team';
import {
  copyInvitationLink,
  deleteInvitation,
  getTeam,
  type InvestorInvitationInput,
  inviteEditor,
  inviteInvestor,
  inviteInvestorsInBulk,
  listInvitations,
  removeEditorInvitation,
  resendInvitation,
} from './invitations.service';

export function invitationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/invites',
      { schema: { response: { 200: invitationListSchema, ...errorResponses(401, 403, 404) } } },
      async (request) => listInvitations(ctx, requireUser(request)),
    );

    const sent = {
      201: createInvitationResponseSchema,
      ...errorResponses(400, 401, 403, 404, 409, 429, 502),
    };

    const sendInvitation = async (owner: User, input: InvestorInvitationInput, reply: FastifyReply) => {
      const invitation = await inviteInvestor(ctx, owner, input);
      return reply.status(201).send({ message: `Invitation sent to ${invitation.email}`, invitation });
    };

    app.post(
      '/api/invites',
      { schema: { body: createInvitationRequestSchema, response: sent } },
      async (request, reply) => sendInvitation(requireUser(request), request.body, reply),
    );

    // The admin dashboard's form: the same service, e-mail only.
    app.post(
      '/api/invitations',
      { schema: { body: adminInvitationRequestSchema, response: sent } },
      async (request, reply) => sendInvitation(requireUser(request), request.body, reply),
    );

    // Bulk: every address answered on its own (invited, or refused with why), so 200 even when some are
    // refused; a list that cannot be read at all is a 400 that sends nothing.
    app.post(
      '/api/invites/bulk',
      {
        schema: {
          body: bulkInvitationRequestSchema,
          response: { 200: bulkInvitationResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => inviteInvestorsInBulk(ctx, requireUser(request), request.body),
    );

    // A pending invitation's e-mail again, with a new link: the old one stops working.
    app.post(
      '/api/invites/:id/resend',
      { schema: { params: invitationIdParamsSchema, response: sent } },
      async (request, reply) => {
        const invitation = await resendInvitation(ctx, requireUser(request), request.params.id);
        return reply.status(201).send({ message: `Invitation sent to ${invitation.email}`, invitation });
      },
    );

    // A pending invitation's new link, shown once, for the founder to pass on (ADR 60): no e-mail.
    app.post(
      '/api/invites/:id/link',
      {
        schema: {
          params: invitationIdParamsSchema,
          response: { 200: invitationLinkResponseSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => {
        const { link, invitation } = await copyInvitationLink(ctx, requireUser(request), request.params.id);
        return {
          message: `A new link for ${invitation.email}: the link in the e-mail no longer works.`,
          link,
          invitation,
        };
      },
    );

    app.delete(
      '/api/invites/:id',
      {
        schema: {
          params: invitationIdParamsSchema,
          response: { 204: z.null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await deleteInvitation(ctx, requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    // The team (docs/decisions/0047-room-editors.md): any manager reads it; only the owner changes it.
    app.get(
      '/api/admin/team',
      { schema: { response: { 200: teamSchema, ...errorResponses(401, 403) } } },
      async (request) => getTeam(ctx, requireUser(request)),
    );

    app.post(
      '/api/admin/team',
      {
        schema: {
          body: inviteEditorRequestSchema,
          response: {
            201: inviteEditorResponseSchema,
            ...errorResponses(400, 401, 403, 409, 429, 502),
          },
        },
      },
      async (request, reply) => {
        const member = await inviteEditor(ctx, requireUser(request), request.body);
        return reply.status(201).send({ message: `Invitation sent to ${member.email}`, member });
      },
    );

    app.delete(
      '/api/admin/team/:id',
      {
        schema: {
          params: teamMemberIdParamsSchema,
          response: { 204: z.null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await removeEditorInvitation(ctx, requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
