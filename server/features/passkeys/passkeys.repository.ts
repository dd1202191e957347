import { fromRow, toEpochMs, toRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import type { PasskeyRow, RecoveryCodeRow, WebauthnChallengeRow } from './passkeys.tables';

export type Passkey = ReturnType<typeof fromRow<PasskeyRow>>;
export type ChallengePurpose = WebauthnChallengeRow['purpose'];

export async function insertPasskey(db: ModuleExecutor<'passkeys'>, passkey: Passkey): Promise<void> {
  await db.insertInto('passkeys').values(toRow<PasskeyRow>(passkey)).execute();
}

export async function holdsPasskey(db: ModuleExecutor<'passkeys'>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('passkeys')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function listPasskeys(db: ModuleExecutor<'passkeys'>, userId: string): Promise<Passkey[]> {
  const rows = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((row) => fromRow(row));
}

export async function findPasskeyByCredentialId(
  db: ModuleExecutor<'passkeys'>,
  credentialId: string,
): Promise<Passkey | undefined> {
  const row = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row && fromRow(row);
}

/**
 * Moves the counter forward from the value the verification compared against, in one statement: of
 * two concurrent uses of one assertion or of a cloned key, at most one succeeds.
 */
export async function recordPasskeyUse(
  db: ModuleExecutor<'passkeys'>,
  passkeyId: string,
  previousCounter: number,
  newCounter: number,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: toEpochMs(at) })
    .where('id', '=', passkeyId)
    .where('counter', '=', previousCounter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePasskey(
  db: ModuleExecutor<'passkeys'>,
  userId: string,
  passkeyId: string,
): Promise<{ name: string } | undefined> {
  return db
    .deleteFrom('passkeys')
    .where('id', '=', passkeyId)
    .where('user_id', '=', userId)
    .returning('name')
    .executeTakeFirst();
}

export async function deleteUserPasskeys(db: ModuleExecutor<'passkeys'>, userId: string): Promise<number> {
  const result = await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertChallenge(
  db: ModuleExecutor<'passkeys'>,
  challenge: {
    id: string;
    challenge: string;
    purpose: ChallengePurpose;
    userId: string | null;
    sessionId: string | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  // Expired challenges are of no use to anyone; each new one clears them away.
  await db
    .deleteFrom('webauthn_challenges')
    .where('expires_at', '<', toEpochMs(challenge.createdAt))
    .execute();
  await db
    .insertInto('webauthn_challenges')
    .values(toRow<WebauthnChallengeRow>({ ...challenge, usedAt: null }))
    .execute();
}

/**
 * Marks the challenge used and returns it, in one statement: of any number of requests answering one
 * challenge, on any node, exactly one gets it back, and only before it expires. `owner` binds it to the
 * user (registration) or the session (second factor) it was issued to.
 */
export async function consumeChallenge(
  db: ModuleExecutor<'passkeys'>,
  challenge: string,
  purpose: ChallengePurpose,
  owner: { userId?: string; sessionId?: string },
  now: Date,
): Promise<{ userId: string | null } | undefined> {
  let query = db
    .updateTable('webauthn_challenges')
    .set({ used_at: toEpochMs(now) })
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', toEpochMs(now));
  if (owner.userId !== undefined) query = query.where('user_id', '=', owner.userId);
  if (owner.sessionId !== undefined) query = query.where('session_id', '=', owner.sessionId);
  const row = await query.returning('user_id').executeTakeFirst();
  return row && { userId: row.user_id };
}

export async function replaceRecoveryCodes(
  db: ModuleExecutor<'passkeys'>,
  userId: string,
  codeHashes: string[],
  now: Date,
  newId: () => string,
): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(
      codeHashes.map((codeHash) =>
        toRow<RecoveryCodeRow>({ id: newId(), userId, codeHash, createdAt: now, usedAt: null }),
      ),
    )
    .execute();
}

export async function countUnusedRecoveryCodes(
  db: ModuleExecutor<'passkeys'>,
  userId: string,
): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks the code used, in one statement: a code works once, however many requests race with it. */
export async function consumeRecoveryCode(
  db: ModuleExecutor<'passkeys'>,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: toEpochMs(now) })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteRecoveryCodes(db: ModuleExecutor<'passkeys'>, userId: string): Promise<number> {
  const result = await db.deleteFrom('recovery_codes').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether any of these rooms requires a passkey of its co-founders (ADR 93). */
export async function anyRoomRequiresPasskey(
  db: ModuleExecutor<'passkeys'>,
  roomIds: readonly string[],
): Promise<boolean> {
  if (roomIds.length === 0) return false;
  const row = await db
    .selectFrom('room_passkey_requirements')
    .select('room_id')
    .where('room_id', 'in', roomIds)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function requirePasskeyInRoom(
  db: ModuleExecutor<'passkeys'>,
  roomId: string,
  requiredBy: string,
  at: Date,
): Promise<void> {
  await db
    .insertInto('room_passkey_requirements')
    .values({ room_id: roomId, required_by: requiredBy, created_at: toEpochMs(at) })
    .onConflict((conflict) => conflict.column('room_id').doNothing())
    .execute();
}

export async function dropPasskeyRequirement(db: ModuleExecutor<'passkeys'>, roomId: string): Promise<void> {
  await db.deleteFrom('room_passkey_requirements').where('room_id', '=', roomId).execute();
}
