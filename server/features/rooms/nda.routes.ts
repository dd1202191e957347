import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { errorResponses } from '#server/plugins/response-contracts';
import { attachmentDisposition } from '#server/storage/download';
import {
  adminNdaAcceptancesSchema,
  ndaAcceptanceParamsSchema,
  ndaAcceptRequestSchema,
  ndaAcceptResponseSchema,
  ndaChangedResponseSchema,
  ndaSettingsRequestSchema,
  ndaSettingsSchema,
} from '#shared/contracts/nda';
import { inviteTokenParamsSchema, roomIdParamsSchema } from '#shared/contracts/rooms';
import {
  acceptNdaAsMember,
  acceptNdaByInvitation,
  findNdaAcceptanceRecord,
  getNdaSettings,
  listNdaAcceptances,
  saveNdaSettings,
} from './nda.service';
import { ndaRecordFileName, ndaRecordPdf } from './nda-record';
import type { InvitationLinks, RoomActivity } from './visitors';

const pdfFile = z.unknown().describe('A PDF file, streamed as it is written.');

/**
 * The NDA before entry (docs/decisions/0045-nda-before-entry.md): the founder's setting, investors'
 * acceptance (signed in, or by an invitation link), and the founder's list and PDF records.
 */
export function ndaRoutes(
  ctx: AppContext,
  invitationLinks: InvitationLinks,
  activity: RoomActivity,
): FastifyPluginAsyncZod {
  const ownerOnly = errorResponses(401, 403, 404);
  // 409: no NDA to accept (nda_not_required), or the page showed an older version (nda_changed, with `nda`).
  const acceptAnswers = {
    201: ndaAcceptResponseSchema,
    409: ndaChangedResponseSchema.partial({ nda: true }),
  };
  return async (app) => {
    app.get(
      '/api/my-data-room/nda',
      { schema: { response: { 200: ndaSettingsSchema, ...ownerOnly } } },
      async (request) => getNdaSettings(ctx, requireUser(request)),
    );
    app.post(
      '/api/my-data-room/nda',
      { schema: { body: ndaSettingsRequestSchema, response: { 200: ndaSettingsSchema, ...ownerOnly } } },
      async (request) => saveNdaSettings(ctx, requireUser(request), request.body),
    );

    app.post(
      '/api/data-room/:id/nda/acceptances',
      {
        config: { servesOneRoomSessions: true },
        schema: {
          params: roomIdParamsSchema,
          body: ndaAcceptRequestSchema,
          response: { ...acceptAnswers, ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const accepted = await acceptNdaAsMember(
          ctx,
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
    );
    app.post(
      '/api/data-room/invite/:token/nda/acceptances',
      {
        schema: {
          params: inviteTokenParamsSchema,
          body: ndaAcceptRequestSchema,
          response: { ...acceptAnswers, ...errorResponses(404) },
        },
      },
      async (request, reply) => {
        const accepted = await acceptNdaByInvitation(
          ctx,
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
    );

    app.get(
      '/api/admin/nda-acceptances',
      { schema: { response: { 200: adminNdaAcceptancesSchema, ...ownerOnly } } },
      async (request) => listNdaAcceptances(ctx, requireUser(request)),
    );
    app.get(
      '/api/admin/nda-acceptances/:id/record.pdf',
      {
        compress: false,
        schema: { params: ndaAcceptanceParamsSchema, response: { 200: pdfFile, ...ownerOnly } },
      },
      async (request, reply) => {
        const { room, acceptance } = await findNdaAcceptanceRecord(
          ctx,
          requireUser(request),
          request.params.id,
        );
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', attachmentDisposition(ndaRecordFileName(acceptance)))
          .header('cache-control', 'private, no-store')
          .send(ndaRecordPdf(room, acceptance));
      },
    );
  };
}
