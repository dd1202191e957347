import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context';
import { oneRoomEntryAnswer } from '#server/features/auth/index';
import { presentedSession, requireUser } from '#server/plugins/auth';
import { browserMarkHashOf, markBrowser } from '#server/plugins/browser-mark';
import { authRateLimit } from '#server/plugins/rate-limits';
import { errorResponses } from '#server/plugins/response-contracts';
import { messageResponseSchema } from '#shared/contracts/auth';
import {
  createdShareLinkSchema,
  createShareLinkRequestSchema,
  shareCodeRequestSchema,
  shareLinkAddressSchema,
  shareLinkIdParamsSchema,
  shareLinkSchema,
  shareLinkStateSchema,
  shareLinksSchema,
  shareReaderDecisionSchema,
  shareReaderIdParamsSchema,
  shareTokenParamsSchema,
  shareVerifyRequestSchema,
  shareVerifyResponseSchema,
  updateShareLinkRequestSchema,
} from '#shared/contracts/share-links';
import {
  CODE_REQUESTED_MESSAGE,
  describeShareLink,
  enterByShareLink,
  requestShareCode,
} from './share-link-entry.service';
import {
  changeShareLink,
  createShareLink,
  decideShareReader,
  listRoomShareLinks,
  renewShareLinkAddress,
  shareLinkAddress,
} from './share-links.service';

/**
 * Share links (docs/decisions/0071-share-links.md): the founder's routes (owner and co-founders; anyone
 * else 403, as on every console route), and the public ones a link's holder calls to prove an address.
 * The public ones are limited per IP here, and per link and per address by the service.
 */
export function shareLinksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/my-data-room/share-links',
      { schema: { response: { 200: shareLinksSchema, ...errorResponses(401, 403) } } },
      async (request) => listRoomShareLinks(ctx, requireUser(request)),
    );
    app.post(
      '/api/my-data-room/share-links',
      {
        schema: {
          body: createShareLinkRequestSchema,
          response: { 201: createdShareLinkSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createShareLink(ctx, requireUser(request), request.body)),
    );
    app.post(
      '/api/my-data-room/share-links/:id',
      {
        schema: {
          params: shareLinkIdParamsSchema,
          body: updateShareLinkRequestSchema,
          response: { 200: shareLinkSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => changeShareLink(ctx, requireUser(request), request.params.id, request.body),
    );
    // The address again, to copy (ADR 76); never cached, as it lets anyone who holds it ask to enter.
    app.get(
      '/api/my-data-room/share-links/:id/address',
      {
        schema: {
          params: shareLinkIdParamsSchema,
          response: { 200: shareLinkAddressSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return shareLinkAddress(ctx, requireUser(request), request.params.id);
      },
    );
    app.post(
      '/api/my-data-room/share-links/:id/new-address',
      {
        schema: {
          params: shareLinkIdParamsSchema,
          response: { 200: createdShareLinkSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => renewShareLinkAddress(ctx, requireUser(request), request.params.id),
    );
    app.post(
      '/api/my-data-room/share-link-readers/:id',
      {
        schema: {
          params: shareReaderIdParamsSchema,
          body: shareReaderDecisionSchema,
          response: { 200: shareLinkSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        decideShareReader(ctx, requireUser(request), request.params.id, request.body, request.ip),
    );

    // The link's holder: what it allows, read without writing anything (mail scanners fetch links) ...
    app.get(
      '/api/share/:token',
      {
        schema: {
          params: shareTokenParamsSchema,
          response: { 200: shareLinkStateSchema, ...errorResponses(404) },
        },
        config: { rateLimit: authRateLimit(ctx.config) },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return describeShareLink(ctx, request.params.token);
      },
    );
    // ... a code by mail ...
    app.post(
      '/api/share/:token/code',
      {
        schema: {
          params: shareTokenParamsSchema,
          body: shareCodeRequestSchema,
          response: { 200: messageResponseSchema, ...errorResponses(400, 404, 410, 429, 502) },
        },
        // Our Origin too, as for a magic link: its answer marks the asking browser, so another site must
        // not be able to bind a code for its address to a visitor's browser.
        config: { requiresOwnOrigin: true, rateLimit: authRateLimit(ctx.config) },
      },
      async (request, reply) => {
        // The asking browser is marked: the code works only there (ADR 74); the mailed link anywhere.
        const browserMarkHash = markBrowser(request, reply, ctx.config);
        await requestShareCode(ctx, request.params.token, request.body.email, browserMarkHash);
        return { message: CODE_REQUESTED_MESSAGE };
      },
    );
    // ... and the proof, which lets the reader in (or has them wait for the founder).
    app.post(
      '/api/share/:token/verify',
      {
        schema: {
          params: shareTokenParamsSchema,
          body: shareVerifyRequestSchema,
          response: { 200: shareVerifyResponseSchema, ...errorResponses(400, 403, 404, 409, 410) },
        },
        // A one-room session on this device is replaced (or kept, for the same room's account): it may call.
        // Signs a browser in without a session: from another site, with its own code, login CSRF.
        config: {
          requiresOwnOrigin: true,
          rateLimit: authRateLimit(ctx.config),
          servesOneRoomSessions: true,
        },
      },
      async (request, reply) => {
        const entry = await enterByShareLink(ctx, request.params.token, request.body, {
          userAgent: request.headers['user-agent'],
          current: presentedSession(request),
          browserMarkHash: browserMarkHashOf(request),
        });
        if (entry.state === 'pending') return entry;
        return { state: 'admitted' as const, ...(await oneRoomEntryAnswer(ctx, reply, entry)) };
      },
    );
  };
}
