import { type Entity, fromRow, toEpochMs, toRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import { API_TOKEN_USE_INTERVAL_MS } from '#server/durations';
import type { ApiTokensTable } from './api-tokens.tables';

export type StoredApiToken = Entity<ApiTokensTable>;

export async function insertApiToken(db: ModuleExecutor<'api-tokens'>, token: StoredApiToken): Promise<void> {
  await db.insertInto('api_tokens').values(toRow<ApiTokensTable>(token)).execute();
}

/** Every token of a room, newest first (who created each is accounts' to say). */
export async function listRoomApiTokens(
  db: ModuleExecutor<'api-tokens'>,
  roomId: string,
): Promise<StoredApiToken[]> {
  const rows = await db
    .selectFrom('api_tokens')
    .selectAll()
    .where('room_id', '=', roomId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => fromRow(row));
}

export async function findRoomApiToken(
  db: ModuleExecutor<'api-tokens'>,
  roomId: string,
  id: string,
): Promise<StoredApiToken | undefined> {
  const row = await db
    .selectFrom('api_tokens')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Revokes a room's token unless it already was (the first revocation's time stays). */
export async function revokeRoomApiToken(
  db: ModuleExecutor<'api-tokens'>,
  roomId: string,
  id: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ revoked_at: toEpochMs(at) })
    .where('room_id', '=', roomId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live token a user created, in every room (the first revocation's time stays). */
export async function revokeApiTokensCreatedBy(
  db: ModuleExecutor<'api-tokens'>,
  userId: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ revoked_at: toEpochMs(at) })
    .where('created_by', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The token with this hash if it may be used now: not revoked, not expired. */
export async function findUsableApiToken(
  db: ModuleExecutor<'api-tokens'>,
  tokenHash: string,
  now: Date,
): Promise<StoredApiToken | undefined> {
  const row = await db
    .selectFrom('api_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', toEpochMs(now))]))
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Records a use, at most once a minute per token (a write on every API call would be the API's cost). */
export async function recordApiTokenUse(
  db: ModuleExecutor<'api-tokens'>,
  id: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: toEpochMs(at) })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', toEpochMs(at) - API_TOKEN_USE_INTERVAL_MS),
      ]),
    )
    .execute();
}
