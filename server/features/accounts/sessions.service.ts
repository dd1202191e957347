import crypto from 'node:crypto';
import type { Executor } from '../../db/columns';
import type { DatabaseHandle } from '../../db/database';
import { EpochCache } from '../../db/epoch-cache';
import { EPOCH_CACHE_MAX_AGE_MS, SESSION_TTL_MS } from '../../durations';
import { generateToken, hashToken } from '../../security/tokens';
import {
  findLiveSession,
  insertSession,
  type LiveSession,
  revokeSession,
  revokeUserSessions,
} from './sessions.repository';

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export async function startSession(
  db: Executor,
  userId: string,
  userAgent: string | undefined,
): Promise<NewSession> {
  const token = generateToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await insertSession(db, {
    id: crypto.randomUUID(),
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt,
    userAgent: userAgent?.slice(0, 500) ?? null,
  });
  return { token, expiresAt };
}

export interface SessionResolver {
  /** The live session for a token, or undefined: unknown, revoked, expired, or its user inactive. */
  resolve(token: string): Promise<LiveSession | undefined>;
}

const CACHE_ENTRIES = 10_000;

/**
 * Every authenticated request resolves its session. On SQLite this process is the only writer, so a
 * lookup can be reused for as long as no write at all has gone through the database since (the write
 * epoch is unchanged): a logout, a revocation or a deactivated user is seen by the very next request.
 * On PostgreSQL other servers write too, so every request asks the database.
 * See docs/decisions/0016-session-cache.md.
 */
export function createSessionResolver(database: DatabaseHandle): SessionResolver {
  const { db, writeEpoch } = database;
  const lookup = (tokenHash: string) => findLiveSession(db, tokenHash, new Date());
  if (!writeEpoch) return { resolve: (token) => lookup(hashToken(token)) };
  const cache = new EpochCache<LiveSession>(writeEpoch, {
    maxEntries: CACHE_ENTRIES,
    maxAgeMs: EPOCH_CACHE_MAX_AGE_MS,
    expiresAt: (session) => session.expiresAt.getTime(),
  });
  return {
    resolve(token) {
      // Keyed by the token's hash, so no raw token is kept in memory longer than the request.
      const tokenHash = hashToken(token);
      return cache.get(tokenHash, () => lookup(tokenHash));
    },
  };
}

export async function endSession(db: Executor, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId, new Date());
}

/** Ends every live session of a user (ADR 20: the first sign-in link used for an address). */
export async function endUserSessions(db: Executor, userId: string, at: Date): Promise<void> {
  await revokeUserSessions(db, userId, at);
}
