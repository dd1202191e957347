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
import type { AppContext } from '../../app-context';
import { requireFounder } from '../../plugins/auth';
import { errorResponses } from '../../plugins/response-contracts';
import type { User } from '../accounts/accounts.service';
import { deleteInvitation, inviteInvestor, listInvitations } from './invitations.service';

export function invitationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/invites',
      { schema: { response: { 200: invitationListSchema, ...errorResponses(401, 403, 404) } } },
      async (request) => listInvitations(ctx, requireFounder(request)),
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
      async (request, reply) => sendInvitation(requireFounder(request), request.body, reply),
    );

    // The admin dashboard's form: the same service, e-mail only.
    app.post(
      '/api/invitations',
      { schema: { body: adminInvitationRequestSchema, response: sent } },
      async (request, reply) => sendInvitation(requireFounder(request), request.body, reply),
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
        await deleteInvitation(ctx, requireFounder(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
