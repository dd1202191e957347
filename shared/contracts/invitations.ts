import { z } from 'zod';
import { apiRoute } from './api-route';
import { emailField, isoDateTime, multilineText, optionalText } from './fields';

export const INVITATION_TTL_DAYS = 7;

/**
 * The founder's optional note in an investor's invitation e-mail: plain text (line breaks kept, no
 * markdown or HTML), escaped in the HTML part (docs/decisions/0060-invitation-links-resend-and-bulk.md).
 */
export const MAX_PERSONAL_MESSAGE_LENGTH = 1000;
/** One bulk invitation reads at most this many addresses; each gets its own answer. */
export const MAX_BULK_INVITATION_ENTRIES = 10_000;
/** The pasted text or CSV file of a bulk invitation, in characters (10,000 long addresses fit). */
export const MAX_BULK_INVITATION_TEXT_LENGTH = 600_000;

/**
 * When the investor's access ends, set while inviting as it is later under Groups (groupRoutes'
 * setInvestorAccess): in the future; absent or null for no end.
 */
const accessExpiresAtField = isoDateTime
  .nullable()
  .optional()
  .describe("When the investor's access to the room ends (in the future); absent or null: no end.");

const personalMessageField = multilineText(MAX_PERSONAL_MESSAGE_LENGTH, { trim: true }).optional();

export const createInvitationRequestSchema = z.strictObject({
  email: emailField,
  name: optionalText(100),
  personalMessage: personalMessageField,
  /** The investor group they join (docs/decisions/0068-investor-groups.md); "All investors" without one. */
  groupId: z.uuid({ error: 'must be a group id' }).optional(),
  accessExpiresAt: accessExpiresAtField,
});

/** The admin form sends only an e-mail. */
export const adminInvitationRequestSchema = z.strictObject({ email: emailField });

export const invitationStatusSchema = z.enum(['pending', 'accepted', 'expired']);

/** The invitation the OpenAPI examples show. */
const EXAMPLE_INVITATION = {
  id: '3e2d1c0b-4a5f-4b6c-8d7e-9f0a1b2c3d4e',
  email: 'ann@fund.example',
  name: 'Ann Lee',
  status: 'pending',
  used: false,
  createdAt: '2026-11-25T09:30:00.000Z',
  expiresAt: '2026-12-02T09:30:00.000Z',
} as const;

export const invitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    status: invitationStatusSchema,
    /** The admin view's name for "accepted". */
    used: z.boolean(),
    createdAt: isoDateTime,
    expiresAt: isoDateTime,
  })
  .meta({
    examples: [EXAMPLE_INVITATION],
  });
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z.array(invitationSchema);

export const createInvitationResponseSchema = z
  .object({
    message: z.string(),
    invitation: invitationSchema,
  })
  .meta({
    examples: [
      {
        message: 'Invitation sent to ann@fund.example',
        invitation: EXAMPLE_INVITATION,
      },
    ],
  });

export const invitationIdParamsSchema = z.object({ id: z.uuid({ error: 'must be an invitation id' }) });

/**
 * POST /api/invites/bulk: addresses pasted (one per line, or separated by commas, semicolons, tabs or
 * spaces; "Name <address>" too) or a CSV file's text (with an "email" header column, and "name" if
 * wanted). Each address is invited or refused on its own, with the reason.
 */
export const bulkInvitationRequestSchema = z.strictObject({
  addresses: multilineText(MAX_BULK_INVITATION_TEXT_LENGTH, { trim: true }).refine(
    (text) => text !== '',
    'is required: paste addresses or choose a CSV file',
  ),
  personalMessage: personalMessageField,
  /** The investor group every address joins (ADR 68); "All investors" without one. */
  groupId: z.uuid({ error: 'must be a group id' }).optional(),
  accessExpiresAt: accessExpiresAtField,
});
export type BulkInvitationRequest = z.infer<typeof bulkInvitationRequestSchema>;

export const bulkInvitationResultSchema = z.object({
  /** The entry as it was read (shortened when very long), always text: a formula is never evaluated. */
  entry: z.string(),
  status: z.enum(['invited', 'refused']),
  /** Why it was refused, as a sentence; null when invited. */
  reason: z.string().nullable(),
  invitation: invitationSchema.nullable(),
});
export type BulkInvitationResult = z.infer<typeof bulkInvitationResultSchema>;

export const bulkInvitationResponseSchema = z
  .object({
    message: z.string(),
    invitedCount: z.number(),
    refusedCount: z.number(),
    results: z.array(bulkInvitationResultSchema),
  })
  .meta({
    examples: [
      {
        message: '1 invitation sent, 1 address refused',
        invitedCount: 1,
        refusedCount: 1,
        results: [
          {
            entry: 'ann@fund.example',
            status: 'invited',
            reason: null,
            invitation: { ...EXAMPLE_INVITATION, name: null },
          },
          { entry: 'bob@fund', status: 'refused', reason: 'Not an e-mail address.', invitation: null },
        ],
      },
    ],
  });
export type BulkInvitationResponse = z.infer<typeof bulkInvitationResponseSchema>;

/**
 * POST /api/invites/:id/link: a new link for a pending invitation, shown once. The link in the e-mail
 * stops working; whoever holds the new one can open the room as the invited person, so it is a
 * credential (docs/decisions/0060-invitation-links-resend-and-bulk.md).
 */
export const invitationLinkResponseSchema = z
  .object({
    message: z.string(),
    link: z.string(),
    invitation: invitationSchema,
  })
  .meta({
    examples: [
      {
        message: 'A new link for ann@fund.example: the link in the e-mail no longer works.',
        link: 'https://roundroom.example/data-room?invite=q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c',
        invitation: EXAMPLE_INVITATION,
      },
    ],
  });
export type InvitationLinkResponse = z.infer<typeof invitationLinkResponseSchema>;

/** What sending an invitation answers: 201 with it, or a refusal (it is rate-limited and mailed). */
const sent = {
  status: 201,
  answer: createInvitationResponseSchema,
  refusals: [400, 401, 403, 404, 409, 429, 502],
} as const;

/** The founder's invitations (docs/decisions/0065-query-keys-and-api-routes.md). */
export const invitationRoutes = {
  mine: apiRoute('GET', '/api/invites', { answer: invitationListSchema, refusals: [401, 403, 404] }),
  create: apiRoute('POST', '/api/invites', { body: createInvitationRequestSchema, ...sent }),
  /** The dashboard's form: the address only. */
  createByEmail: apiRoute('POST', '/api/invitations', { body: adminInvitationRequestSchema, ...sent }),
  bulk: apiRoute('POST', '/api/invites/bulk', {
    body: bulkInvitationRequestSchema,
    answer: bulkInvitationResponseSchema,
    refusals: [400, 401, 403, 404],
  }),
  remove: apiRoute('DELETE', '/api/invites/:id', {
    params: invitationIdParamsSchema,
    status: 204,
    answer: z.null(),
    refusals: [401, 403, 404],
  }),
  resend: apiRoute('POST', '/api/invites/:id/resend', { params: invitationIdParamsSchema, ...sent }),
  copyLink: apiRoute('POST', '/api/invites/:id/link', {
    params: invitationIdParamsSchema,
    answer: invitationLinkResponseSchema,
    refusals: [401, 403, 404, 409],
  }),
};
