import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { errorResponses } from '#server/plugins/response-contracts';
import {
  createGroupRequestSchema,
  groupIdParamsSchema,
  investorAccessRequestSchema,
  investorGroupSchema,
  moveInvestorRequestSchema,
  roomGroupsSchema,
  sectionVisibilityRequestSchema,
  updateGroupRequestSchema,
} from '#shared/contracts/groups';
import {
  changeGroup,
  createGroup,
  listRoomGroups,
  moveInvestor,
  removeGroup,
  setInvestorAccess,
  setSectionVisibility,
} from './groups.service';

/**
 * The room's investor groups, managed by its owner and co-founders (docs/decisions/0068-investor-groups.md).
 * Anyone else gets 403, as on every console route.
 */
export function groupsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/my-data-room/groups',
      { schema: { response: { 200: roomGroupsSchema, ...errorResponses(401, 403) } } },
      async (request) => listRoomGroups(ctx, requireUser(request)),
    );
    app.post(
      '/api/my-data-room/groups',
      {
        schema: {
          body: createGroupRequestSchema,
          response: { 201: investorGroupSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createGroup(ctx, requireUser(request), request.body)),
    );
    app.post(
      '/api/my-data-room/groups/:id',
      {
        schema: {
          params: groupIdParamsSchema,
          body: updateGroupRequestSchema,
          response: { 200: investorGroupSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => changeGroup(ctx, requireUser(request), request.params.id, request.body),
    );
    app.delete(
      '/api/my-data-room/groups/:id',
      {
        schema: {
          params: groupIdParamsSchema,
          response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await removeGroup(ctx, requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/api/my-data-room/investor-groups',
      {
        schema: {
          body: moveInvestorRequestSchema,
          response: { 200: roomGroupsSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => moveInvestor(ctx, requireUser(request), request.body),
    );
    app.post(
      '/api/my-data-room/investor-access',
      {
        schema: {
          body: investorAccessRequestSchema,
          response: { 200: roomGroupsSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => setInvestorAccess(ctx, requireUser(request), request.body),
    );
    app.post(
      '/api/my-data-room/section-visibility',
      {
        schema: {
          body: sectionVisibilityRequestSchema,
          response: { 200: roomGroupsSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => setSectionVisibility(ctx, requireUser(request), request.body),
    );
  };
}
