import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import type { User } from '#server/features/accounts/index';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { invitationRoutes as routes } from '#shared/contracts/invitations';
import { teamRoutes } from '#shared/contracts/team';
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
import type { InviteeDownloads } from './invitee-downloads';

export function invitationsRoutes(ctx: AppContext, downloads: InviteeDownloads): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.mine, { handler: async (request) => listInvitations(ctx, requireUser(request)) });

    const sendInvitation = async (owner: User, input: InvestorInvitationInput, reply: FastifyReply) => {
      const invitation = await inviteInvestor(ctx, downloads, owner, input);
      return reply.status(201).send({ message: `Invitation sent to ${invitation.email}`, invitation });
    };

    serveRoute(app, routes.create, {
      handler: async (request, reply) => sendInvitation(requireUser(request), request.body, reply),
    });

    // The admin dashboard's form: the same service, e-mail only.
    serveRoute(app, routes.createByEmail, {
      handler: async (request, reply) => sendInvitation(requireUser(request), request.body, reply),
    });

    // Bulk: every address answered on its own (invited, or refused with why), so 200 even when some are
    // refused; a list that cannot be read at all is a 400 that sends nothing.
    serveRoute(app, routes.bulk, {
      handler: async (request) => inviteInvestorsInBulk(ctx, downloads, requireUser(request), request.body),
    });

    // A pending invitation's e-mail again, with a new link: the old one stops working.
    serveRoute(app, routes.resend, {
      handler: async (request, reply) => {
        const invitation = await resendInvitation(ctx, downloads, requireUser(request), request.params.id);
        return reply.status(201).send({ message: `Invitation sent to ${invitation.email}`, invitation });
      },
    });

    // A pending invitation's new link, shown once, for the founder to pass on (ADR 60): no e-mail.
    serveRoute(app, routes.copyLink, {
      handler: async (request) => {
        const { link, invitation } = await copyInvitationLink(ctx, requireUser(request), request.params.id);
        return {
          message: `A new link for ${invitation.email}: the link in the e-mail no longer works.`,
          link,
          invitation,
        };
      },
    });

    serveRoute(app, routes.remove, {
      handler: async (request, reply) => {
        await deleteInvitation(ctx, requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    // The team (docs/decisions/0047-room-editors.md): any manager reads it; only the owner changes it.
    serveRoute(app, teamRoutes.team, { handler: async (request) => getTeam(ctx, requireUser(request)) });

    serveRoute(app, teamRoutes.inviteEditor, {
      handler: async (request, reply) => {
        const member = await inviteEditor(ctx, requireUser(request), request.body);
        return reply.status(201).send({ message: `Invitation sent to ${member.email}`, member });
      },
    });

    serveRoute(app, teamRoutes.removeEditor, {
      handler: async (request, reply) => {
        await removeEditorInvitation(ctx, requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
}
