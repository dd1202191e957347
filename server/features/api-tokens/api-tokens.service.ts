import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import { DAY_MS } from '#server/durations';
import { findUserById, findUsersByIds, type User } from '#server/features/accounts/index';
import { findManagedRoom, requireManagedRoom } from '#server/features/rooms/index';
import type { ApiTokenCaller } from '#server/plugins/auth';
import { HttpError } from '#server/plugins/errors';
import { generateToken, hashToken } from '#server/security/tokens';
import {
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPES,
  type ApiToken,
  type ApiTokenList,
  type ApiTokenScope,
  type CreateApiTokenRequest,
  type CreatedApiToken,
} from '#shared/contracts/api-tokens';
import {
  findRoomApiToken,
  findUsableApiToken,
  insertApiToken,
  listRoomApiTokens,
  recordApiTokenUse,
  revokeRoomApiToken,
  type StoredApiToken,
} from './api-tokens.repository';

type ApiTokenWithCreator = StoredApiToken & { creator: User };

/**
 * API tokens (docs/decisions/0051-api-tokens-and-openapi.md): created, listed and revoked by a room's
 * managers in the console, and resolved on every request that presents one.
 */

/** A room's tokens that still work, at most: enough for every integration, not a store of secrets. */
export const MAX_ACTIVE_API_TOKENS = 25;

function scopesOf(stored: string): ApiTokenScope[] {
  const names = new Set(stored.split(' '));
  return API_TOKEN_SCOPES.filter((scope) => names.has(scope));
}

function statusOf(token: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ApiToken['status'] {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

function toApiToken(token: ApiTokenWithCreator, now: Date): ApiToken {
  return {
    id: token.id,
    name: token.name,
    scopes: scopesOf(token.scopes),
    hint: token.tokenHint,
    createdAt: token.createdAt.toISOString(),
    createdBy: { name: token.creator.name, email: token.creator.email },
    expiresAt: token.expiresAt?.toISOString() ?? null,
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    revokedAt: token.revokedAt?.toISOString() ?? null,
    status: statusOf(token, now),
  };
}

/**
 * The tokens beside who created each, in one lookup of accounts for the page (ADR 85). A token goes with
 * its creator (a foreign key that cascades); one without would be left out, as the join it replaces did.
 */
async function withCreators(ctx: AppContext, tokens: StoredApiToken[]): Promise<ApiTokenWithCreator[]> {
  const creators = await findUsersByIds(
    ctx.db,
    tokens.map((token) => token.createdBy),
  );
  return tokens.flatMap((token) => {
    const creator = creators.get(token.createdBy);
    return creator ? [{ ...token, creator }] : [];
  });
}

export async function listApiTokens(ctx: AppContext, manager: User): Promise<ApiTokenList> {
  const room = await requireManagedRoom(ctx, manager);
  const now = new Date();
  const tokens = await withCreators(ctx, await listRoomApiTokens(ctx.db, room.id));
  return { tokens: tokens.map((token) => toApiToken(token, now)) };
}

export async function createApiToken(
  ctx: AppContext,
  manager: User,
  input: CreateApiTokenRequest,
): Promise<CreatedApiToken> {
  const room = await requireManagedRoom(ctx, manager);
  const now = new Date();
  const existing = await listRoomApiTokens(ctx.db, room.id);
  if (existing.filter((token) => statusOf(token, now) === 'active').length >= MAX_ACTIVE_API_TOKENS) {
    throw new HttpError(
      409,
      'api_token_limit',
      `This data room already has ${MAX_ACTIVE_API_TOKENS} working API tokens. Revoke one you no longer use first.`,
    );
  }
  const secret = `${API_TOKEN_PREFIX}${generateToken()}`;
  const id = crypto.randomUUID();
  await insertApiToken(ctx.db, {
    id,
    roomId: room.id,
    createdBy: manager.id,
    name: input.name,
    // In the contract's order, whatever order they were sent in.
    scopes: API_TOKEN_SCOPES.filter((scope) => input.scopes.includes(scope)).join(' '),
    tokenHash: hashToken(secret),
    tokenHint: secret.slice(-4),
    createdAt: now,
    expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null,
    lastUsedAt: null,
    revokedAt: null,
  });
  const stored = await findRoomApiToken(ctx.db, room.id, id);
  const [created] = await withCreators(ctx, stored ? [stored] : []);
  if (!created) throw new Error('the API token just created is missing');
  return { token: toApiToken(created, now), secret };
}

/** Revokes at once: the next request with the token is refused (nothing caches a token). */
export async function revokeApiToken(ctx: AppContext, manager: User, id: string): Promise<void> {
  const room = await requireManagedRoom(ctx, manager);
  const token = await findRoomApiToken(ctx.db, room.id, id);
  if (!token)
    throw new HttpError(404, 'api_token_not_found', 'There is no such API token in your data room.');
  await revokeRoomApiToken(ctx.db, room.id, id, new Date());
}

/**
 * What the auth plugin asks on every request with an `rr_` token (its ApiTokenResolver). Not cached, so a
 * revocation holds from the next request. The token acts as its creator while they still manage its room:
 * a co-founder removed from the team, or the owner of a room that was replaced, makes their tokens stop.
 */
export async function resolveApiToken(
  ctx: AppContext,
  secret: string,
): Promise<{ user: User; apiToken: ApiTokenCaller } | undefined> {
  const now = new Date();
  const token = await findUsableApiToken(ctx.db, hashToken(secret), now);
  if (!token) return undefined;
  const user = await findUserById(ctx.db, token.createdBy);
  if (!user?.isActive) return undefined;
  const managed = await findManagedRoom(ctx, user);
  if (managed?.room.id !== token.roomId) return undefined;
  await recordApiTokenUse(ctx.db, token.id, now);
  return {
    user,
    apiToken: { tokenId: token.id, name: token.name, roomId: token.roomId, scopes: scopesOf(token.scopes) },
  };
}
