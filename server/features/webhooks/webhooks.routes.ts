import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { requireUser } from '#server/plugins/auth';
import { errorResponses } from '#server/plugins/response-contracts';
import {
  createWebhookEndpointRequestSchema,
  updateWebhookEndpointRequestSchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointParamsSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookTestSentSchema,
} from '#shared/contracts/webhooks';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhookEndpoint,
} from './webhooks.service';

/**
 * The room's webhook endpoints, for its managers (owner and editors, ADR 47): list, add, change, delete,
 * rotate the secret, send a test event, read the delivery log (docs/decisions/0052-webhooks.md).
 */
export function webhooksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const managers = errorResponses(401, 403);
  const onEndpoint = errorResponses(401, 403, 404);
  const params = webhookEndpointParamsSchema;
  return async (app) => {
    app.get(
      '/api/my-data-room/webhooks',
      { schema: { response: { 200: webhookEndpointListSchema, ...managers } } },
      async (request) => listWebhookEndpoints(ctx, requireUser(request)),
    );
    app.post(
      '/api/my-data-room/webhooks',
      {
        schema: {
          body: createWebhookEndpointRequestSchema,
          response: { 201: webhookEndpointWithSecretSchema, ...managers, ...errorResponses(409) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createWebhookEndpoint(ctx, requireUser(request), request.body)),
    );
    app.post(
      '/api/my-data-room/webhooks/:id',
      {
        schema: {
          params,
          body: updateWebhookEndpointRequestSchema,
          response: { 200: webhookEndpointSchema, ...onEndpoint },
        },
      },
      async (request) => updateWebhookEndpoint(ctx, requireUser(request), request.params.id, request.body),
    );
    app.delete(
      '/api/my-data-room/webhooks/:id',
      { schema: { params, response: { 204: z.null(), ...onEndpoint } } },
      async (request, reply) => {
        await deleteWebhookEndpoint(ctx, requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/api/my-data-room/webhooks/:id/rotate-secret',
      { schema: { params, response: { 200: webhookEndpointWithSecretSchema, ...onEndpoint } } },
      async (request) => rotateWebhookSecret(ctx, requireUser(request), request.params.id),
    );
    app.post(
      '/api/my-data-room/webhooks/:id/test',
      { schema: { params, response: { 202: webhookTestSentSchema, ...onEndpoint, ...errorResponses(409) } } },
      async (request, reply) =>
        reply
          .status(202)
          .send({ delivery: await sendTestWebhook(ctx, requireUser(request), request.params.id) }),
    );
    app.get(
      '/api/my-data-room/webhooks/:id/deliveries',
      { schema: { params, response: { 200: webhookDeliveryListSchema, ...onEndpoint } } },
      async (request) => listWebhookDeliveries(ctx, requireUser(request), request.params.id),
    );
  };
}
