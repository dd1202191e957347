import crypto from 'node:crypto';
import type { ReadCache } from '../../caches/epoch-cache';
import type { Executor } from '../../db/columns';
import { SESSION_TTL_MS } from '../../durations';
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

/**
 * Every authenticated request resolves its session, through `cache` (caches.ts says when an answer may
 * be reused: on SQLite until the next write, on PostgreSQL never).
 */
export function createSessionResolver(db: Executor, cache: ReadCache<LiveSession>): SessionResolver {
  return {
    resolve(token) {
      // Keyed by the token's hash, so no raw token is kept in memory longer than the request.
      const tokenHash = hashToken(token);
      return cache.get(tokenHash, () => findLiveSession(db, tokenHash, new Date()));
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
