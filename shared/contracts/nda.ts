import { z } from 'zod';
import { fileAnswer } from './answers';
import { apiErrorSchema } from './api-error';
import { apiPath, apiRoute } from './api-route';
import { isoDateTime, multilineText, requiredText } from './fields';
import { inviteTokenParamsSchema, roomIdParamsSchema } from './path-params';

/**
 * The NDA before entry (docs/decisions/0045-nda-before-entry.md): a room's agreement, which investors
 * accept (their full name typed, "I agree" ticked) before any of the room is shown or served.
 */

/** The agreement's markdown: a few pages of legal text fit many times over. */
export const MAX_NDA_TEXT_LENGTH = 20_000;
/** A full name as typed on the NDA page. */
export const MAX_SIGNER_NAME_LENGTH = 200;

export const ndaVersionSchema = z.object({
  id: z.string(),
  /** SHA-256 of the exact text (UTF-8), hex: what an acceptance record proves was accepted. */
  sha256: z.string(),
  createdAt: isoDateTime,
});
export type NdaVersionView = z.infer<typeof ndaVersionSchema>;

/** GET/POST /api/my-data-room/nda: the founder's setting, in /setup-data-room Settings. */
export const ndaSettingsSchema = z.object({
  isRequired: z.boolean(),
  /** The current version's text ('' before the first one). */
  text: z.string(),
  version: ndaVersionSchema.nullable(),
  /** How many people accepted the current version. */
  acceptedCount: z.number(),
});
export type NdaSettings = z.infer<typeof ndaSettingsSchema>;

export const ndaSettingsRequestSchema = z.strictObject({
  isRequired: z.boolean({ error: 'must be true or false' }),
  text: multilineText(MAX_NDA_TEXT_LENGTH, { trim: true }),
});
export type NdaSettingsRequest = z.infer<typeof ndaSettingsRequestSchema>;

/** What the NDA page needs: whose room, and the text to accept with its version. */
export const ndaPromptSchema = z.object({
  roomId: z.string(),
  companyName: z.string(),
  versionId: z.string(),
  sha256: z.string(),
  text: z.string(),
  /** The name the reader was invited by, to start the name field with; null when none was given. */
  suggestedName: z.string().nullable(),
});
export type NdaPrompt = z.infer<typeof ndaPromptSchema>;

/**
 * 403 on every read of a room whose NDA the caller has not accepted (`error: 'nda_required'`, with
 * `nda`); other 403s of the same routes (view_only, the Origin check) have no `nda`.
 */
export const ndaRequiredResponseSchema = apiErrorSchema.extend({ nda: ndaPromptSchema.optional() });
/**
 * 403 on every read of a room (and of what is in it) whose NDA the caller has not accepted: the shared
 * error shape, with the agreement to show (`nda`). Other 403s of those routes carry no `nda`. ADR 45.
 * A route's declaration says `answers: ndaGated`.
 */
export const ndaGated = { 403: ndaRequiredResponseSchema };
/** 409 when the accepted version is no longer the room's: the current one, to show instead. */
export const ndaChangedResponseSchema = apiErrorSchema.extend({ nda: ndaPromptSchema });

export const ndaAcceptRequestSchema = z.strictObject({
  versionId: requiredText(100, 'is required: the version of the agreement shown'),
  signerName: requiredText(MAX_SIGNER_NAME_LENGTH, 'Type your full name'),
  agree: z.literal(true, { error: 'Tick “I agree” to accept the agreement' }),
});
export type NdaAcceptRequest = z.infer<typeof ndaAcceptRequestSchema>;

export const ndaAcceptResponseSchema = z.object({
  acceptance: z.object({
    id: z.string(),
    versionId: z.string(),
    signerName: z.string(),
    acceptedAt: isoDateTime,
  }),
});

/** /admin's list: one acceptance, with what the founder needs to tell who and which text. */
export const adminNdaAcceptanceSchema = z
  .object({
    id: z.string(),
    signerName: z.string(),
    email: z.string(),
    /** The investor's account name, when they accepted signed in. */
    investorName: z.string().nullable(),
    via: z.enum(['signed_in', 'invitation']),
    acceptedAt: isoDateTime,
    ip: z.string().nullable(),
    versionId: z.string(),
    versionSha256: z.string(),
    isCurrentVersion: z.boolean(),
    recordUrl: z.string(),
  })
  .meta({
    examples: [
      {
        id: '2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091',
        signerName: 'Ann Lee',
        email: 'ann@fund.example',
        investorName: 'Ann Lee',
        via: 'signed_in',
        acceptedAt: '2026-11-25T09:58:00.000Z',
        ip: '203.0.113.7',
        versionId: '7c6b5a49-3827-4165-9e8d-7c6b5a493827',
        versionSha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        isCurrentVersion: true,
        recordUrl: '/api/admin/nda-acceptances/2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091/record.pdf',
      },
    ],
  });
export type AdminNdaAcceptance = z.infer<typeof adminNdaAcceptanceSchema>;
export const adminNdaAcceptancesSchema = z.array(adminNdaAcceptanceSchema);

export const ndaAcceptanceParamsSchema = z.strictObject({
  id: z.uuid({ error: 'must be an acceptance id' }),
});

export function ndaRecordPath(acceptanceId: string): string {
  return apiPath(ndaRoutes.record, { params: { id: acceptanceId } });
}

/** The setting, the list and the records are the founder's. */
const ownerOnly = [401, 403, 404] as const;
/** An acceptance: 201 with it, or 409: no NDA to accept (nda_not_required), or the page showed an older version (nda_changed, with `nda`). */
const accepted = {
  status: 201,
  answer: ndaAcceptResponseSchema,
  answers: { 409: ndaChangedResponseSchema.partial({ nda: true }) },
} as const;

/** The NDA's setting, its acceptance and its records (docs/decisions/0065-query-keys-and-api-routes.md). */
export const ndaRoutes = {
  settings: apiRoute('GET', '/api/my-data-room/nda', { answer: ndaSettingsSchema, refusals: ownerOnly }),
  saveSettings: apiRoute('POST', '/api/my-data-room/nda', {
    body: ndaSettingsRequestSchema,
    answer: ndaSettingsSchema,
    refusals: ownerOnly,
  }),
  accept: apiRoute('POST', '/api/data-room/:id/nda/acceptances', {
    params: roomIdParamsSchema,
    body: ndaAcceptRequestSchema,
    ...accepted,
    refusals: [401, 404],
  }),
  acceptByInvitation: apiRoute('POST', '/api/data-room/invite/:token/nda/acceptances', {
    params: inviteTokenParamsSchema,
    body: ndaAcceptRequestSchema,
    ...accepted,
    refusals: [404],
  }),
  acceptances: apiRoute('GET', '/api/admin/nda-acceptances', {
    answer: adminNdaAcceptancesSchema,
    refusals: ownerOnly,
  }),
  record: apiRoute('GET', '/api/admin/nda-acceptances/:id/record.pdf', {
    params: ndaAcceptanceParamsSchema,
    file: fileAnswer('A PDF file, streamed as it is written.'),
    refusals: ownerOnly,
  }),
};
