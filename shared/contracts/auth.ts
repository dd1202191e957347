import { z } from 'zod';
import { RETURN_TO_MAX_LENGTH, safeReturnTo } from '#shared/return-to';
import { apiRoute } from './api-route';
import { emailField, isoDateTime, optionalText } from './fields';
import { inviteTokenParamsSchema } from './path-params';

export const MAGIC_LINK_TTL_MINUTES = 15;
export const SESSION_TTL_DAYS = 7;

/**
 * The room the user manages in the console, and how (docs/decisions/0047-room-editors.md): as its owner,
 * or as an editor (a co-founder). Null for anyone who manages none. It decides what the web app shows;
 * the server decides every request.
 */
export const managedRoomSchema = z.object({ id: z.string(), role: z.enum(['owner', 'editor']) }).nullable();
export type PublicManagedRoom = z.infer<typeof managedRoomSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The account's kind: 'founder' signed up with a room and a plan; anyone invited is 'investor'. */
  role: z.enum(['founder', 'investor']),
  isActive: z.boolean(),
  createdAt: isoDateTime,
  managedRoom: managedRoomSchema,
  /**
   * The session was opened by an invitation's link or a share-link code, which prove that one room and
   * nothing else of the account (docs/decisions/0074-a-proof-of-one-room.md): it reads this room only,
   * and anything else needs a sign-in link to the address. Null for a full session.
   */
  onlyRoomId: z.string().nullable(),
  /**
   * The session was opened by a document link's code (docs/decisions/0095-document-links.md): it reads
   * this one document of onlyRoomId's room and nothing else. Absent or null otherwise.
   */
  onlyDocumentId: z.string().nullable().optional(),
});
export type PublicUser = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
  /**
   * The session waits for a passkey or a recovery code before it may do anything else
   * (docs/decisions/0062-passkeys-and-second-factor.md).
   */
  isSecondFactorPending: z.boolean().optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * Where the sign-in link returns to: a same-site path to one of the app's pages, nothing else
 * (shared/return-to.ts, docs/decisions/0055-invitation-as-credential.md).
 */
export const returnToField = z
  .string({ error: 'must be text' })
  .max(RETURN_TO_MAX_LENGTH, `must be at most ${RETURN_TO_MAX_LENGTH} characters`)
  .refine(
    (value) => safeReturnTo(value) !== null,
    'must be a path to a page of this site, such as /data-room',
  )
  .transform((value) => safeReturnTo(value) ?? '');

export const magicLinkRequestSchema = z.strictObject({
  email: emailField,
  // The sign-in form sends an empty name (docs/product-rules.md#sign-in); it is accepted and unused.
  name: optionalText(200),
  returnTo: returnToField.optional(),
});

export const messageResponseSchema = z.object({ message: z.string() });

/** Tokens are 43 base64url characters; anything far from that is refused before a lookup. */
export const tokenField = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .min(1, 'is required')
  .max(128, 'is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a valid token');

export const verifyRequestSchema = z.strictObject({
  token: tokenField,
  /**
   * Sent by /verify as it loads: the link is spent only in the browser that asked for it, else 409
   * `confirmation_required` and the person confirms (docs/decisions/0074-a-proof-of-one-room.md).
   */
  automatic: z.boolean({ error: 'must be true or false' }).optional(),
});

/** 409 from an automatic verify elsewhere than the asking browser: whom the link would sign in. */
export const confirmationRequiredResponseSchema = z.object({
  error: z.literal('confirmation_required'),
  message: z.string(),
  email: z.string(),
});

/** The six digits mailed beside a sign-in link (and in a share-link mail). */
export const codeField = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .trim()
  .regex(/^\d{6}$/, 'must be the six digits from the e-mail');

/** POST /api/auth/verify-code: the code typed on the sign-in page of the browser that asked for it. */
export const verifyCodeRequestSchema = z.strictObject({ email: emailField, code: codeField });

export const meResponseSchema = z.object({ user: userSchema });

/** GET /api/auth/session: whether anyone is signed in, without a 401 (and its console noise) when not. */
export const sessionResponseSchema = z.object({
  user: userSchema.nullable(),
  /** A session is signed in by mail and waits for its passkey: the web app shows that step. */
  isSecondFactorPending: z.boolean(),
  /**
   * The waiting session's user holds no passkey and their room requires one of co-founders: the step is
   * adding one (docs/decisions/0093-security-notices-and-required-passkeys.md).
   */
  isPasskeySetupRequired: z.boolean().optional(),
});

/**
 * What an invitation link can still do (docs/decisions/0055-invitation-as-credential.md): `pending` opens
 * the room and signs in once; `accepted` no longer does (a sign-in link to the invited address does);
 * `expired` and `withdrawn` say why nothing opens. The room's id only once accepted (where to return).
 */
export const invitationLinkStateSchema = z.object({
  state: z.enum(['pending', 'accepted', 'expired', 'withdrawn']),
  invitedEmail: z.string(),
  expiresAt: isoDateTime,
  roomId: z.string().nullable(),
});
export type InvitationLinkState = z.infer<typeof invitationLinkStateSchema>;

/**
 * POST /api/data-room/invite/:token/accept, and a share link's admitted reader: the room to open and who
 * reads it. The session reads that room only (`user.onlyRoomId`, docs/decisions/0074-a-proof-of-one-room.md);
 * `token` is absent when the device's own full session of the same account was kept instead.
 */
export const oneRoomEntrySchema = z.object({
  token: z.string().optional(),
  user: userSchema,
  roomId: z.string(),
});
export const invitationAcceptedResponseSchema = oneRoomEntrySchema;

/** Signing in and out, and an invitation link's way in (docs/decisions/0065-query-keys-and-api-routes.md). */
export const authRoutes = {
  session: apiRoute('GET', '/api/auth/session', { answer: sessionResponseSchema }),
  me: apiRoute('GET', '/api/auth/me', { answer: meResponseSchema, refusals: [401] }),
  requestMagicLink: apiRoute('POST', '/api/auth/magic-link', {
    body: magicLinkRequestSchema,
    answer: messageResponseSchema,
    refusals: [404, 429, 502],
  }),
  verify: apiRoute('POST', '/api/auth/verify', {
    body: verifyRequestSchema,
    answer: authResponseSchema,
    refusals: [400],
    answers: { 409: confirmationRequiredResponseSchema },
  }),
  verifyCode: apiRoute('POST', '/api/auth/verify-code', {
    body: verifyCodeRequestSchema,
    answer: authResponseSchema,
    refusals: [400],
  }),
  logout: apiRoute('POST', '/api/auth/logout', { status: 204, answer: z.null() }),
  invitationLinkState: apiRoute('GET', '/api/data-room/invite/:token/state', {
    params: inviteTokenParamsSchema,
    answer: invitationLinkStateSchema,
    refusals: [404],
  }),
  acceptInvitation: apiRoute('POST', '/api/data-room/invite/:token/accept', {
    params: inviteTokenParamsSchema,
    answer: invitationAcceptedResponseSchema,
    refusals: [403, 404, 409, 410],
  }),
};
