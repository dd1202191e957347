import crypto from 'node:crypto';
import { SESSION_TTL_DAYS } from '../../../shared/contracts/auth';
import type { Executor } from '../../db/columns';
import type { User } from '../accounts/users.repository';
import { findLiveSession, insertSession, revokeSession } from './sessions.repository';
import { generateToken, hashToken } from './tokens';

export const SESSION_TTL_MS = SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;

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
  const now = Date.now();
  await insertSession(db, {
    id: crypto.randomUUID(),
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: now + SESSION_TTL_MS,
    userAgent: userAgent?.slice(0, 500) ?? null,
  });
  return { token, expiresAt: new Date(now + SESSION_TTL_MS) };
}

export async function resolveSession(
  db: Executor,
  token: string,
): Promise<{ sessionId: string; user: User } | undefined> {
  return findLiveSession(db, hashToken(token), Date.now());
}

export async function endSession(db: Executor, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId, Date.now());
}
