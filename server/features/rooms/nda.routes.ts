import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { serveRoute } from '#server/plugins/contract-routes';
import { attachmentDisposition } from '#server/storage/download';
import { ndaRoutes as routes } from '#shared/contracts/nda';
import {
  acceptNdaAsMember,
  acceptNdaByInvitation,
  findNdaAcceptanceRecord,
  getNdaSettings,
  listNdaAcceptances,
  saveNdaSettings,
} from './nda.service';
import { ndaRecordFileName, ndaRecordPdf } from './nda-record';
import type { RoomInvitations } from './room-invitations';
import type { RoomPeople } from './room-people';
import type { InvitationLinks, RoomActivity } from './visitors';

/**
 * The NDA before entry (docs/decisions/0045-nda-before-entry.md): the founder's setting, investors'
 * acceptance (signed in, or by an invitation link), and the founder's list and PDF records.
 */
export function ndaRoutes(
  ctx: AppContext,
  invitationLinks: InvitationLinks,
  activity: RoomActivity,
  people: RoomPeople,
  invitations: RoomInvitations,
): FastifyPluginAsyncZod {
  return async (app) => {
    serveRoute(app, routes.settings, {
      handler: async (request) => getNdaSettings(ctx, requireUser(request)),
    });
    serveRoute(app, routes.saveSettings, {
      handler: async (request) => saveNdaSettings(ctx, requireUser(request), request.body),
    });

    serveRoute(app, routes.accept, {
      config: { servesOneRoomSessions: true },
      handler: async (request, reply) => {
        const user = requireUser(request);
        const accepted = await acceptNdaAsMember(
          ctx,
          invitations,
          user,
          request.params.id,
          request.body,
          {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          },
          activity,
        );
        return reply.status(201).send(accepted);
      },
    });
    serveRoute(app, routes.acceptByInvitation, {
      handler: async (request, reply) => {
        const accepted = await acceptNdaByInvitation(
          ctx,
          invitations,
          invitationLinks,
          request.params.token,
          request.body,
          {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          },
          activity,
        );
        return reply.status(201).send(accepted);
      },
    });

    serveRoute(app, routes.acceptances, {
      handler: async (request) => listNdaAcceptances(ctx, people, requireUser(request)),
    });
    serveRoute(app, routes.record, {
      compress: false,
      handler: async (request, reply) => {
        const { room, acceptance } = await findNdaAcceptanceRecord(
          ctx,
          people,
          requireUser(request),
          request.params.id,
        );
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', attachmentDisposition(ndaRecordFileName(acceptance)))
          .header('cache-control', 'private, no-store')
          .send(ndaRecordPdf(room, acceptance));
      },
    });
  };
}
