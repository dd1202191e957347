import crypto from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AppContext } from '#server/app-context';
import type { Config } from '#server/config';
import type { DatabaseExecutor } from '#server/db/schema';
import { WEBAUTHN_CHALLENGE_TTL_MS } from '#server/durations';
import {
  completeSecondFactor,
  endUserSessions,
  findUserByEmail,
  findUserById,
  type NewSession,
  recordLogin,
  startSession,
  type User,
} from '#server/features/accounts/index';
import { revokeApiTokensCreatedBy } from '#server/features/api-tokens/index';
import { managesAnyRoom } from '#server/features/rooms/index';
import { HttpError } from '#server/plugins/errors';
import { hashToken } from '#server/security/tokens';
import { RECOVERY_CODE_COUNT } from '#shared/contracts/passkeys';
import { isRequiredToHoldPasskey } from './passkey-requirement.service';
import {
  type ChallengePurpose,
  consumeChallenge,
  consumeRecoveryCode,
  countUnusedRecoveryCodes,
  deletePasskey,
  deleteRecoveryCodes,
  deleteUserPasskeys,
  findPasskeyByCredentialId,
  holdsPasskey,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  type Passkey,
  recordPasskeyUse,
  replaceRecoveryCodes,
} from './passkeys.repository';
import { enqueueSecurityNotice } from './security-notices';

/**
 * A session started by mail must wait for the second factor when its user holds a passkey and manages a
 * room (its owner or a co-founder): investors' reading never waits (ADR 62). Asked in the caller's
 * transaction, of the passkeys' table and then of rooms' (docs/decisions/0085-modules-own-their-tables.md).
 */
export async function needsSecondFactor(db: DatabaseExecutor, userId: string): Promise<boolean> {
  if (await holdsPasskey(db, userId)) return managesAnyRoom(db, userId);
  // A co-founder whose room requires a passkey, holding none, waits too: to add one (ADR 93).
  return isRequiredToHoldPasskey(db, userId);
}

/**
 * @simplewebauthn/server and its certificate libraries hold about 5 MB of heap once loaded: loaded on the
 * first passkey request, not at start, since most servers never see one (docs/decisions/0067).
 */
async function webAuthn() {
  const [server, { isoBase64URL }] = await Promise.all([
    import('@simplewebauthn/server'),
    import('@simplewebauthn/server/helpers'),
  ]);
  return { ...server, isoBase64URL };
}

/**
 * Passkeys (docs/decisions/0062-passkeys-and-second-factor.md), with @simplewebauthn/server doing the
 * WebAuthn verification. The relying party is the app's own address (APP_URL): its host is the RP ID and
 * its origin the only origin a response may come from. Every challenge lives in the database, expires
 * in minutes and is consumed by one request, on whichever node it lands.
 */

const RP_NAME = 'Roundroom';

function relyingParty(config: Config): { rpID: string; origin: string } {
  const url = new URL(config.appUrl);
  return { rpID: url.hostname, origin: url.origin };
}

const challengeExpired = () =>
  new HttpError(
    400,
    'challenge_invalid',
    'This passkey request expired or was already answered. Please try again.',
  );

const passkeyRefused = () =>
  new HttpError(400, 'passkey_invalid', 'This passkey could not be verified. Please try again.');

/** The challenge a response answers, read from its client data, which the verification then checks. */
function challengeOf(clientDataJSON: string): string {
  try {
    const clientData: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (clientData as { challenge?: unknown }).challenge;
    if (typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 128) return challenge;
  } catch {}
  throw new HttpError(400, 'invalid_request', 'response.clientDataJSON does not carry a challenge.', {
    field: 'response.clientDataJSON',
  });
}

async function issueChallenge(
  db: DatabaseExecutor,
  challenge: string,
  purpose: ChallengePurpose,
  owner: { userId: string | null; sessionId: string | null },
): Promise<void> {
  const now = new Date();
  await insertChallenge(db, {
    id: crypto.randomUUID(),
    challenge,
    purpose,
    ...owner,
    createdAt: now,
    expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_TTL_MS),
  });
}

async function takeChallenge(
  db: DatabaseExecutor,
  clientDataJSON: string,
  purpose: ChallengePurpose,
  owner: { userId?: string; sessionId?: string },
): Promise<string> {
  const challenge = challengeOf(clientDataJSON);
  const consumed = await consumeChallenge(db, challenge, purpose, owner, new Date());
  if (!consumed) throw challengeExpired();
  return challenge;
}

export function publicPasskeyOf(passkey: Passkey) {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
  };
}

export async function passkeysOf(ctx: AppContext, user: User) {
  return {
    passkeys: (await listPasskeys(ctx.db, user.id)).map(publicPasskeyOf),
    recoveryCodesLeft: await countUnusedRecoveryCodes(ctx.db, user.id),
    isSecondFactorRequired: await needsSecondFactor(ctx.db, user.id),
  };
}

export async function passkeyRegistrationOptions(ctx: AppContext, user: User) {
  const { rpID } = relyingParty(ctx.config);
  const existing = await listPasskeys(ctx.db, user.id);
  const { generateRegistrationOptions, isoBase64URL } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: isoBase64URL.toBuffer(Buffer.from(user.id, 'utf8').toString('base64url')),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: transportsOf(passkey),
    })),
    // Discoverable, so the same passkey also signs in from /login without an address.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await issueChallenge(ctx.db, options.challenge, 'registration', { userId: user.id, sessionId: null });
  return options;
}

type Transports = NonNullable<Parameters<typeof verifyAuthenticationResponse>[0]['credential']['transports']>;

function transportsOf(passkey: Passkey): Transports {
  return passkey.transports ? (passkey.transports.split(',') as Transports) : [];
}

/**
 * Registers a passkey answering the user's own challenge. A manager's first one comes with a set of
 * recovery codes, shown this once: from now on the console asks for the passkey after the magic link.
 */
export async function addPasskey(
  ctx: AppContext,
  user: User,
  input: { name?: string; response: RegistrationResponseJSON },
  from: {
    userAgent: string | undefined;
    /** A session waiting for the passkey its room requires (ADR 93): adding it completes the sign-in. */
    pendingSessionId: string | null;
  },
) {
  const challenge = await takeChallenge(ctx.db, input.response.response.clientDataJSON, 'registration', {
    userId: user.id,
  });
  const { rpID, origin } = relyingParty(ctx.config);
  const { verifyRegistrationResponse, isoBase64URL } = await webAuthn();
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch (error) {
    ctx.log.warn({ err: error, userId: user.id }, 'passkey registration refused');
    throw passkeyRefused();
  }
  if (!verification.verified) throw passkeyRefused();
  const { credential } = verification.registrationInfo;
  if (await findPasskeyByCredentialId(ctx.db, credential.id)) {
    throw new HttpError(409, 'passkey_exists', 'This passkey is already registered.');
  }
  const now = new Date();
  const passkey: Passkey = {
    id: crypto.randomUUID(),
    userId: user.id,
    credentialId: credential.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: (credential.transports ?? input.response.response.transports ?? []).join(','),
    name: input.name || defaultPasskeyName(input.response),
    createdAt: now,
    lastUsedAt: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertPasskey(trx, passkey);
    if (from.pendingSessionId) await completeSecondFactor(trx, from.pendingSessionId);
    await enqueueSecurityNotice(trx, {
      userId: user.id,
      event: 'passkey_added',
      passkeyName: passkey.name,
      userAgent: from.userAgent,
    });
  });
  ctx.jobs.wake();
  const needsCodes =
    (await needsSecondFactor(ctx.db, user.id)) && (await countUnusedRecoveryCodes(ctx.db, user.id)) === 0;
  return {
    passkey: publicPasskeyOf(passkey),
    recoveryCodes: needsCodes ? await newRecoveryCodes(ctx.db, user.id) : null,
  };
}

function defaultPasskeyName(response: RegistrationResponseJSON): string {
  return response.authenticatorAttachment === 'cross-platform' ? 'Security key' : 'Passkey';
}

export async function removePasskey(
  ctx: AppContext,
  user: User,
  passkeyId: string,
  userAgent: string | undefined,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await deletePasskey(trx, user.id, passkeyId);
    if (!removed) throw new HttpError(404, 'not_found', 'Passkey not found.');
    if ((await listPasskeys(trx, user.id)).length === 0) {
      if (await isRequiredToHoldPasskey(trx, user.id)) {
        throw new HttpError(
          409,
          'passkey_required',
          'The owner of your data room requires co-founders to hold a passkey. Add another one before removing this one.',
        );
      }
      // Without a passkey the codes open nothing; a new passkey brings a new set.
      await deleteRecoveryCodes(trx, user.id);
    }
    await enqueueSecurityNotice(trx, {
      userId: user.id,
      event: 'passkey_removed',
      passkeyName: removed.name,
      userAgent,
    });
  });
  ctx.jobs.wake();
}

/**
 * Checks an assertion against the stored passkey and moves its counter forward. A counter that does not
 * move forward (when the authenticator keeps one) is what a cloned key shows: refused, and logged.
 */
async function verifyAssertion(
  ctx: AppContext,
  passkey: Passkey,
  response: AuthenticationResponseJSON,
  challenge: string,
  requireUserVerification: boolean,
): Promise<void> {
  const { rpID, origin } = relyingParty(ctx.config);
  const { verifyAuthenticationResponse, isoBase64URL } = await webAuthn();
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: transportsOf(passkey),
      },
      requireUserVerification,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/counter/i.test(message)) {
      ctx.log.warn(
        { passkeyId: passkey.id, userId: passkey.userId },
        'passkey counter went back: a cloned key?',
      );
      throw new HttpError(
        400,
        'passkey_counter_mismatch',
        'This passkey reported a use count lower than before, as a copied key would. It was refused.',
      );
    }
    ctx.log.warn({ err: error, passkeyId: passkey.id }, 'passkey assertion refused');
    throw passkeyRefused();
  }
  if (!verification.verified) throw passkeyRefused();
  const moved = await recordPasskeyUse(
    ctx.db,
    passkey.id,
    passkey.counter,
    verification.authenticationInfo.newCounter,
    new Date(),
  );
  if (!moved) throw passkeyRefused();
}

export async function secondFactorOptions(ctx: AppContext, user: User, sessionId: string) {
  const { rpID } = relyingParty(ctx.config);
  const passkeys = await listPasskeys(ctx.db, user.id);
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((passkey) => ({
      id: passkey.credentialId,
      transports: transportsOf(passkey),
    })),
  });
  await issueChallenge(ctx.db, options.challenge, 'second_factor', { userId: user.id, sessionId });
  return options;
}

/** The pending session's passkey: the challenge must be the one issued to this session. */
export async function completeSecondFactorWithPasskey(
  ctx: AppContext,
  user: User,
  sessionId: string,
  response: AuthenticationResponseJSON,
): Promise<void> {
  const challenge = await takeChallenge(ctx.db, response.response.clientDataJSON, 'second_factor', {
    sessionId,
  });
  const passkey = await findPasskeyByCredentialId(ctx.db, response.id);
  if (!passkey || passkey.userId !== user.id) throw passkeyRefused();
  await verifyAssertion(ctx, passkey, response, challenge, false);
  await completeSecondFactor(ctx.db, sessionId);
}

export async function completeSecondFactorWithRecoveryCode(
  ctx: AppContext,
  user: User,
  sessionId: string,
  code: string,
  userAgent: string | undefined,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const used = await consumeRecoveryCode(trx, user.id, hashRecoveryCode(code), new Date());
    if (!used) {
      throw new HttpError(
        400,
        'recovery_code_invalid',
        'This recovery code is not one of yours or was already used.',
        { field: 'code' },
      );
    }
    await completeSecondFactor(trx, sessionId);
    await enqueueSecurityNotice(trx, { userId: user.id, event: 'recovery_code_used', userAgent });
  });
  ctx.log.info({ userId: user.id }, 'second factor given with a recovery code');
  ctx.jobs.wake();
}

/** Options for signing in with a discoverable passkey: no address, so no credentials are listed. */
export async function passkeySignInOptions(ctx: AppContext) {
  const { rpID } = relyingParty(ctx.config);
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
  await issueChallenge(ctx.db, options.challenge, 'sign_in', { userId: null, sessionId: null });
  return options;
}

/**
 * A passkey alone signs in (it is possession and the device's own check of its user, unlike a mailbox),
 * so the session it starts does not wait for a second factor.
 */
export async function signInWithPasskey(
  ctx: AppContext,
  response: AuthenticationResponseJSON,
  userAgent: string | undefined,
): Promise<{ user: User; session: NewSession }> {
  const challenge = await takeChallenge(ctx.db, response.response.clientDataJSON, 'sign_in', {});
  const passkey = await findPasskeyByCredentialId(ctx.db, response.id);
  if (!passkey) {
    throw new HttpError(400, 'passkey_unknown', 'This passkey is not registered with Roundroom.');
  }
  await verifyAssertion(ctx, passkey, response, challenge, true);
  const user = await findUserById(ctx.db, passkey.userId);
  if (!user?.isActive) throw passkeyRefused();
  const now = new Date();
  await recordLogin(ctx.db, user.id, now);
  const session = await startSession(ctx.db, user.id, userAgent, 'passkey');
  return { user: { ...user, lastLoginAt: now }, session };
}

/** A new set of recovery codes, which ends the old set; only for someone holding a passkey. */
export async function regenerateRecoveryCodes(ctx: AppContext, user: User): Promise<string[]> {
  if ((await listPasskeys(ctx.db, user.id)).length === 0) {
    throw new HttpError(
      409,
      'no_passkey',
      'Add a passkey first: recovery codes stand in for a lost passkey.',
    );
  }
  return newRecoveryCodes(ctx.db, user.id);
}

// Without 0, O, 1, I and L, which read alike on paper.
const RECOVERY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

function generateRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Codes are compared as typed without case, spaces or dashes; only their SHA-256 is stored. */
function hashRecoveryCode(code: string): string {
  return hashToken(code.toUpperCase().replace(/[\s-]/g, ''));
}

async function newRecoveryCodes(db: DatabaseExecutor, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await replaceRecoveryCodes(db, userId, codes.map(hashRecoveryCode), new Date(), () => crypto.randomUUID());
  return codes;
}

/**
 * The way back after losing every passkey and every recovery code, run by an operator on the server
 * (`npm run reset-passkeys`), never by mail: deletes the user's passkeys and codes and ends their
 * sessions, so the next magic link signs them in as before they added one.
 */
export async function resetPasskeys(db: DatabaseExecutor, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) return undefined;
  return db.transaction().execute(async (trx) => {
    const passkeys = await deleteUserPasskeys(trx, user.id);
    await deleteRecoveryCodes(trx, user.id);
    await endUserSessions(trx, user.id, new Date());
    // Tokens act as their creator: whoever took the account may have made some (ADR 74).
    await revokeApiTokensCreatedBy(trx, user.id, new Date());
    return { passkeys };
  });
}
