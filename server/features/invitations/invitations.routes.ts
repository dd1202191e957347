import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminInvitationRequestSchema,
  createInvitationRequestSchema,
  createInvitationResponseSchema,
  invitationIdParamsSchema,
  invitationListSchema,
} from '../../../shared/contracts/invitations';
import {
  inviteEditorRequestSchema,
  inviteEditorResponseSchema,
  teamMemberIdParamsSchema,
  teamSchema,
} from '../../../shared/contracts/team';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/response-contracts';
import type { User } from '../accounts/accounts.service';
import {
  deleteInvitation,
  getTeam,
  inviteEditor,
  inviteInvestor,
  listInvitations,
  removeEditorInvitation,
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

    const sendInvitation = async (
      owner: User,
      input: { email: string; name?: string },
      reply: FastifyReply,
    ) => {
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
