import type { z } from 'zod';
import { adminRoutes } from '#shared/contracts/admin';
import { apiErrorSchema } from '#shared/contracts/api-error';
import { type ApiRoute, apiPath, type JsonApiRoute, type QueryValues } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { type ExportQuery, exportQuerySchema, exportRoutes } from '#shared/contracts/exports';
import { type createInvitationRequestSchema, invitationRoutes } from '#shared/contracts/invitations';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes, type sectionsUpdateRequestSchema } from '#shared/contracts/rooms';

/**
 * A typed client of Roundroom's API for another TypeScript project (docs/api.md): the routes an API
 * token may call, typed and checked by the same zod contracts the server answers with, so a drifted
 * server fails here loudly rather than handing back a wrong shape. It needs only zod and a `fetch`
 * (Node 18 and later, browsers, Deno, Bun).
 */
export interface RoundroomClientOptions {
  /** The server's address, e.g. https://rooms.example.com. */
  baseUrl: string;
  /** An API token (`rr_…`) made in Set up your data room → API. */
  token: string;
  /** Another fetch (a proxy's, a test's); the global one by default. */
  fetch?: typeof fetch;
}

/** A refusal from the API: its status and the `{ error, message }` it sent. */
export class RoundroomApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RoundroomApiError';
  }
}

type CreateInvitationRequest = z.input<typeof createInvitationRequestSchema>;
type SectionsUpdateRequest = z.input<typeof sectionsUpdateRequestSchema>;

export function createRoundroomClient(options: RoundroomClientOptions) {
  const send = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function request(route: ApiRoute, path: string, body?: unknown): Promise<Response> {
    const response = await send(`${base}${path}`, {
      method: route.method,
      headers: {
        authorization: `Bearer ${options.token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.ok) return response;
    const text = await response.text();
    let refusal: z.infer<typeof apiErrorSchema> | undefined;
    try {
      refusal = apiErrorSchema.safeParse(JSON.parse(text)).data;
    } catch {
      refusal = undefined;
    }
    throw new RoundroomApiError(
      response.status,
      refusal?.error ?? 'http_error',
      refusal?.message ?? `${route.method} ${path} answered ${response.status}`,
    );
  }

  /** A route's answer, checked by its contract; `path` is the route's URL with its parameters and query. */
  async function json<Route extends JsonApiRoute>(
    route: Route,
    parts?: { params?: Record<string, string>; query?: QueryValues },
    body?: unknown,
  ): Promise<z.output<Route['answer']>> {
    const response = await request(route, urlOf(route, parts), body);
    return route.answer.parse(response.status === 204 ? null : await response.json()) as z.output<
      Route['answer']
    >;
  }

  return {
    /** analytics:read — the room's latest downloads, views and clicks, newest first. */
    recentAccess: () => json(adminRoutes.recentAccess),
    /** analytics:read — the whole access log as CSV, optionally from/to a day or of one investor. */
    accessLogCsv: async (query?: ExportQuery) => {
      const route = exportRoutes['access-log'];
      return (await request(route, urlOf(route, { query: exportQuerySchema.parse(query ?? {}) }))).text();
    },
    /** analytics:read — reading analytics of the room. */
    analytics: () => json(readingRoutes.room),
    /** analytics:read — what one investor read. */
    investorAnalytics: (userId: string) => json(readingRoutes.investor, { params: { userId } }),
    /** documents:write — the room's uploaded documents. */
    documents: () => json(documentRoutes.mine),
    /** documents:write — deletes one of the room's documents. */
    deleteDocument: (id: string) => json(documentRoutes.remove, { params: { id } }),
    /** invitations:write — the room's investor invitations. */
    invitations: () => json(invitationRoutes.mine),
    /** invitations:write — invites an investor by e-mail (the invitation mail goes out). */
    invite: (invitation: CreateInvitationRequest) => json(invitationRoutes.create, {}, invitation),
    /** invitations:write — withdraws a pending invitation. */
    deleteInvitation: (id: string) => json(invitationRoutes.remove, { params: { id } }),
    /** sections:write — the sections markdown and its version. */
    sections: () => json(roomRoutes.sectionsMarkdown),
    /** sections:write — saves the sections markdown (name the version you edited to be told of a race). */
    updateSections: (update: SectionsUpdateRequest) => json(roomRoutes.saveSections, {}, update),
  };
}

/** A route's URL from its parameters and query (apiPath, which checks each parameter is given). */
function urlOf(
  route: ApiRoute,
  parts: { params?: Record<string, string>; query?: QueryValues } = {},
): string {
  return (apiPath as (route: ApiRoute, parts?: object) => string)(route, parts);
}

export type RoundroomClient = ReturnType<typeof createRoundroomClient>;
