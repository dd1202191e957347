import { z } from 'zod';
import { accessLogEntrySchema } from '#shared/contracts/admin';
import { apiErrorSchema } from '#shared/contracts/api-error';
import { documentListSchema } from '#shared/contracts/documents';
import { type ExportQuery, exportQuerySchema } from '#shared/contracts/exports';
import {
  type createInvitationRequestSchema,
  createInvitationResponseSchema,
  invitationListSchema,
} from '#shared/contracts/invitations';
import { investorAnalyticsSchema, roomAnalyticsSchema } from '#shared/contracts/reading';
import {
  sectionsSourceSchema,
  type sectionsUpdateRequestSchema,
  sectionsUpdateResponseSchema,
} from '#shared/contracts/rooms';

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

const exportQueryString = (query: ExportQuery = {}) => {
  const parsed = exportQuerySchema.parse(query);
  const params = new URLSearchParams(
    Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const text = params.toString();
  return text ? `?${text}` : '';
};

type CreateInvitationRequest = z.input<typeof createInvitationRequestSchema>;
type SectionsUpdateRequest = z.input<typeof sectionsUpdateRequestSchema>;

export function createRoundroomClient(options: RoundroomClientOptions) {
  const send = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function request(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await send(`${base}${path}`, {
      method,
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
      refusal?.message ?? `${method} ${path} answered ${response.status}`,
    );
  }

  async function json<T>(schema: z.ZodType<T>, method: string, path: string, body?: unknown): Promise<T> {
    const response = await request(method, path, body);
    return schema.parse(response.status === 204 ? null : await response.json());
  }

  return {
    /** analytics:read — the room's latest downloads, views and clicks, newest first. */
    recentAccess: () => json(z.array(accessLogEntrySchema), 'GET', '/api/admin/recent-access'),
    /** analytics:read — the whole access log as CSV, optionally from/to a day or of one investor. */
    accessLogCsv: async (query?: ExportQuery) =>
      (await request('GET', `/api/admin/exports/access-log.csv${exportQueryString(query)}`)).text(),
    /** analytics:read — reading analytics of the room. */
    analytics: () => json(roomAnalyticsSchema, 'GET', '/api/admin/analytics'),
    /** analytics:read — what one investor read. */
    investorAnalytics: (userId: string) =>
      json(investorAnalyticsSchema, 'GET', `/api/admin/analytics/investors/${encodeURIComponent(userId)}`),
    /** documents:write — the room's uploaded documents. */
    documents: () => json(documentListSchema, 'GET', '/api/my-documents'),
    /** documents:write — deletes one of the room's documents. */
    deleteDocument: (id: string) => json(z.null(), 'DELETE', `/api/documents/${encodeURIComponent(id)}`),
    /** invitations:write — the room's investor invitations. */
    invitations: () => json(invitationListSchema, 'GET', '/api/invites'),
    /** invitations:write — invites an investor by e-mail (the invitation mail goes out). */
    invite: (invitation: CreateInvitationRequest) =>
      json(createInvitationResponseSchema, 'POST', '/api/invites', invitation),
    /** invitations:write — withdraws a pending invitation. */
    deleteInvitation: (id: string) => json(z.null(), 'DELETE', `/api/invites/${encodeURIComponent(id)}`),
    /** sections:write — the sections markdown and its version. */
    sections: () => json(sectionsSourceSchema, 'GET', '/api/sections/markdown'),
    /** sections:write — saves the sections markdown (name the version you edited to be told of a race). */
    updateSections: (update: SectionsUpdateRequest) =>
      json(sectionsUpdateResponseSchema, 'POST', '/api/sections/update', update),
  };
}

export type RoundroomClient = ReturnType<typeof createRoundroomClient>;
