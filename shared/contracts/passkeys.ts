import { z } from 'zod';
import { apiRoute } from './api-route';
import { authResponseSchema, userSchema } from './auth';
import { isoDateTime, optionalText } from './fields';

/**
 * Passkeys, recovery codes and sessions (docs/decisions/0062-passkeys-and-second-factor.md). A manager
 * holding a passkey signs in by mail and then gives it (or a recovery code); anyone may sign in with a
 * discoverable passkey alone.
 */

/** How many recovery codes a set holds; each works once. */
export const RECOVERY_CODE_COUNT = 10;

const base64url = (what: string) =>
  z
    .string({ error: `must be ${what} in base64url` })
    .min(1, 'is required')
    .max(16_384, 'is too long')
    .regex(/^[A-Za-z0-9_-]+$/, `must be ${what} in base64url`);

/** What the browser's navigator.credentials.create() answered, as @simplewebauthn/browser sends it. */
export const registrationResponseSchema = z.object({
  id: base64url('the credential id'),
  rawId: base64url('the credential id'),
  type: z.literal('public-key', { error: "must be 'public-key'" }),
  response: z.object({
    clientDataJSON: base64url('client data'),
    attestationObject: base64url('an attestation object'),
    transports: z.array(z.string().max(32)).max(10).optional(),
    authenticatorData: base64url('authenticator data').optional(),
    publicKey: base64url('a public key').optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** What navigator.credentials.get() answered. */
export const authenticationResponseSchema = z.object({
  id: base64url('the credential id'),
  rawId: base64url('the credential id'),
  type: z.literal('public-key', { error: "must be 'public-key'" }),
  response: z.object({
    clientDataJSON: base64url('client data'),
    authenticatorData: base64url('authenticator data'),
    signature: base64url('a signature'),
    userHandle: base64url('a user handle').optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** The client extensions the server asks for: only credProps (whether the passkey is discoverable). */
const webauthnExtensionsSchema = z.object({ credProps: z.boolean().optional() }).optional();

/** WebAuthn's PublicKeyCredentialDescriptorJSON: a credential the browser may use or must not reuse. */
const credentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** The options for navigator.credentials.create(), in WebAuthn's JSON form (PublicKeyCredentialCreationOptionsJSON). */
export const registrationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      residentKey: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.string().optional(),
  attestationFormats: z.array(z.string()).optional(),
  extensions: webauthnExtensionsSchema,
});

/** The options for navigator.credentials.get() (PublicKeyCredentialRequestOptionsJSON). */
export const authenticationOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: z.string().optional(),
  hints: z.array(z.string()).optional(),
  extensions: webauthnExtensionsSchema,
});

export const addPasskeyRequestSchema = z.strictObject({
  name: optionalText(80),
  response: registrationResponseSchema,
});

export const passkeyAuthenticationRequestSchema = z.strictObject({ response: authenticationResponseSchema });

export const recoveryCodeRequestSchema = z.strictObject({
  code: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'is required')
    .max(40, 'is too long')
    .regex(/^[A-Za-z0-9 -]+$/, 'must be a recovery code as it was shown: letters, digits and dashes'),
});

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: isoDateTime,
  lastUsedAt: isoDateTime.nullable(),
});
export type PublicPasskey = z.infer<typeof passkeySchema>;

export const passkeysResponseSchema = z.object({
  passkeys: z.array(passkeySchema),
  /** Unused recovery codes left; they matter to whoever manages a room, whose console asks for a passkey. */
  recoveryCodesLeft: z.number().int(),
  /** Whether a sign-in by mail asks this user for a passkey: they hold one and manage a room. */
  isSecondFactorRequired: z.boolean(),
});

export const addPasskeyResponseSchema = z.object({
  passkey: passkeySchema,
  /** A new set of recovery codes, shown once: when a manager adds their first passkey. Null otherwise. */
  recoveryCodes: z.array(z.string()).nullable(),
});

export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const secondFactorResponseSchema = z.object({ user: userSchema });

export const sessionSummarySchema = z.object({
  id: z.string(),
  /** The browser and system, summarised from the User-Agent. */
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: isoDateTime,
  lastUsedAt: isoDateTime.nullable(),
  isCurrent: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSummarySchema) });

/**
 * The owner's "co-founders need a passkey" setting of the room
 * (docs/decisions/0093-security-notices-and-required-passkeys.md).
 */
export const passkeyRequirementSchema = z
  .object({ isRequiredOfCofounders: z.boolean() })
  .meta({ examples: [{ isRequiredOfCofounders: true }] });
export const passkeyRequirementRequestSchema = z.strictObject({
  isRequiredOfCofounders: z.boolean({ error: 'must be true or false' }),
});

/** A passkey's or a session's id in the path. */
const idParamsSchema = z.object({ id: z.uuid({ error: 'must be an id' }) });

/**
 * A body that carries what the browser's WebAuthn API answered: the web app passes it on as it got it
 * (its types are the browser library's, not ours), so its calls take it untyped; the server checks it
 * against the schema all the same.
 */
function shapedByBrowser<Schema extends z.ZodType>(schema: Schema): z.ZodType<z.output<Schema>, unknown> {
  return schema as z.ZodType<z.output<Schema>, unknown>;
}

/** Passkeys, recovery codes and sessions (docs/decisions/0065-query-keys-and-api-routes.md). */
export const passkeyRoutes = {
  list: apiRoute('GET', '/api/auth/passkeys', { answer: passkeysResponseSchema, refusals: [401] }),
  registrationOptions: apiRoute('POST', '/api/auth/passkeys/options', {
    answer: registrationOptionsSchema,
    refusals: [401],
  }),
  add: apiRoute('POST', '/api/auth/passkeys', {
    body: shapedByBrowser(addPasskeyRequestSchema),
    status: 201,
    answer: addPasskeyResponseSchema,
    refusals: [400, 401, 409],
  }),
  remove: apiRoute('DELETE', '/api/auth/passkeys/:id', {
    params: idParamsSchema,
    status: 204,
    answer: z.null(),
    refusals: [401, 404, 409],
  }),
  regenerateRecoveryCodes: apiRoute('POST', '/api/auth/recovery-codes', {
    answer: recoveryCodesResponseSchema,
    refusals: [401, 409],
  }),
  secondFactorOptions: apiRoute('POST', '/api/auth/second-factor/options', {
    answer: authenticationOptionsSchema,
    refusals: [401, 429],
  }),
  secondFactorPasskey: apiRoute('POST', '/api/auth/second-factor/passkey', {
    body: shapedByBrowser(passkeyAuthenticationRequestSchema),
    answer: secondFactorResponseSchema,
    refusals: [400, 401, 429],
  }),
  secondFactorRecoveryCode: apiRoute('POST', '/api/auth/second-factor/recovery-code', {
    body: recoveryCodeRequestSchema,
    answer: secondFactorResponseSchema,
    refusals: [400, 401, 429],
  }),
  signInOptions: apiRoute('POST', '/api/auth/passkey-sign-in/options', {
    answer: authenticationOptionsSchema,
    refusals: [429],
  }),
  signIn: apiRoute('POST', '/api/auth/passkey-sign-in', {
    body: shapedByBrowser(passkeyAuthenticationRequestSchema),
    answer: authResponseSchema,
    refusals: [400, 429],
  }),
  sessions: apiRoute('GET', '/api/auth/sessions', { answer: sessionsResponseSchema, refusals: [401] }),
  endSession: apiRoute('DELETE', '/api/auth/sessions/:id', {
    params: idParamsSchema,
    status: 204,
    answer: z.null(),
    refusals: [401, 404],
  }),
  endOtherSessions: apiRoute('POST', '/api/auth/sessions/end-others', {
    status: 204,
    answer: z.null(),
    refusals: [401],
  }),
  requirement: apiRoute('GET', '/api/my-data-room/passkey-requirement', {
    answer: passkeyRequirementSchema,
    refusals: [401, 403],
  }),
  saveRequirement: apiRoute('POST', '/api/my-data-room/passkey-requirement', {
    body: passkeyRequirementRequestSchema,
    answer: passkeyRequirementSchema,
    refusals: [400, 401, 403],
  }),
};
