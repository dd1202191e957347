import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ReadCache } from '#server/caches/epoch-cache';
import type { ModuleExecutor } from '#server/db/schema';
import { SESSION_TTL_MS, SESSION_USE_INTERVAL_MS } from '#server/durations';
import type { NewSession, SessionResolver } from '#server/plugins/auth';
import { HttpError } from '#server/plugins/errors';
import { generateToken, hashToken } from '#server/security/tokens';
import type { SessionSummary } from '#shared/contracts/passkeys';
import { describeDevice } from './device-summary';
import {
  completeSecondFactor,
  findLiveSession,
  insertSession,
  type LiveSession,
  listLiveSessions,
  recordSessionUse,
  revokeOtherSessions,
  revokeOwnSession,
  revokeSession,
  revokeUserSessions,
} from './sessions.repository';

export type { NewSession, SessionResolver };

/**
 * What a way in proved (docs/decisions/0074-a-proof-of-one-room.md): the mailbox (a magic link, a typed
 * sign-in code; sign-up too, which ADR 20 answers), a passkey, or one room only (an invitation's link, a
 * share-link code: the session reads that room and nothing else of the account). A mailbox proof says
 * whether the user still owes the second factor: passkeys' `needsSecondFactor` answers it, in the
 * caller's transaction, since accounts cannot read the passkeys' table (ADR 85).
 */
export type SessionProof =
  | { mailbox: { needsSecondFactor: boolean } }
  | 'passkey'
  | { oneRoom: string }
  | { oneDocument: { roomId: string; shareLinkId: string } };

/**
 * Starts a session. The mailbox proves less than a passkey, so a manager holding a passkey gets a session
 * that waits for it (ADR 62) after a mailbox proof. A one-room session never waits: it reaches no console.
 */
export async function startSession(
  db: ModuleExecutor<'accounts'>,
  userId: string,
  userAgent: string | undefined,
  proof: SessionProof,
): Promise<NewSession> {
  const token = generateToken();
  const now = new Date();
  const oneDocument = typeof proof === 'object' && 'oneDocument' in proof ? proof.oneDocument : null;
  const onlyRoomId =
    typeof proof === 'object' && 'oneRoom' in proof ? proof.oneRoom : (oneDocument?.roomId ?? null);
  const onlyShareLinkId = oneDocument?.shareLinkId ?? null;
  const isSecondFactorPending =
    typeof proof === 'object' && 'mailbox' in proof && proof.mailbox.needsSecondFactor;
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await insertSession(db, {
    id: crypto.randomUUID(),
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt,
    userAgent: userAgent?.slice(0, 500) ?? null,
    isSecondFactorPending,
    onlyRoomId,
    onlyShareLinkId,
  });
  return { token, expiresAt, isSecondFactorPending, onlyRoomId, onlyShareLinkId };
}

/**
 * How many sessions one process remembers having recorded a use of; one it has forgotten is written again,
 * and the database's own condition still keeps it to once a minute (recordSessionUse).
 */
const USES_REMEMBERED = 10_000;

/**
 * Every authenticated request resolves its session, through `cache` (sessions.caches.ts says when an
 * answer may be reused: on SQLite until the next write, on PostgreSQL never). A use is recorded at most
 * once a minute per session, in `session_uses`, which the lookup does not read: so recording it drops no
 * cached session (docs/decisions/0087-a-sessions-use-is-not-the-session.md). When this process last
 * recorded each session's use is remembered here, since the cached session does not say.
 */
export function createSessionResolver(
  db: ModuleExecutor<'accounts'>,
  cache: ReadCache<LiveSession>,
): SessionResolver {
  const lastRecordedUse = new LRUCache<string, number>({
    maxSize: USES_REMEMBERED,
    sizeCalculation: () => 1,
  });
  return {
    resolve(token) {
      // Keyed by the token's hash, so no raw token is kept in memory longer than the request.
      const tokenHash = hashToken(token);
      return cache.get(tokenHash, () => findLiveSession(db, tokenHash, new Date()));
    },
    async noteUse(session, ip) {
      const now = Date.now();
      const recordedAt = lastRecordedUse.get(session.sessionId);
      if (recordedAt !== undefined && now - recordedAt < SESSION_USE_INTERVAL_MS) return;
      lastRecordedUse.set(session.sessionId, now);
      await recordSessionUse(db, session.sessionId, new Date(now), ip, SESSION_USE_INTERVAL_MS);
    },
  };
}

export async function endSession(db: ModuleExecutor<'accounts'>, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId, new Date());
}

/** Ends every live session of a user (ADR 20: the first sign-in link used for an address). */
export async function endUserSessions(
  db: ModuleExecutor<'accounts'>,
  userId: string,
  at: Date,
): Promise<void> {
  await revokeUserSessions(db, userId, at);
}

export { completeSecondFactor };

/** The user's live sessions as their sessions list shows them. */
export async function listSessions(
  db: ModuleExecutor<'accounts'>,
  userId: string,
  currentSessionId: string | null,
): Promise<SessionSummary[]> {
  const sessions = await listLiveSessions(db, userId, new Date());
  return sessions.map((session) => ({
    id: session.id,
    device: describeDevice(session.userAgent),
    ipAddress: session.lastUsedIp,
    createdAt: session.createdAt.toISOString(),
    lastUsedAt: session.lastUsedAt?.toISOString() ?? null,
    isCurrent: session.id === currentSessionId,
  }));
}

/**
 * Ends one of the user's sessions. A revocation is a write, so every node's cached session lookup is
 * dropped with it (docs/decisions/0053-caches-drop-what-a-write-could-change.md).
 */
export async function endOwnSession(
  db: ModuleExecutor<'accounts'>,
  userId: string,
  sessionId: string,
): Promise<void> {
  if (!(await revokeOwnSession(db, userId, sessionId, new Date()))) {
    throw new HttpError(404, 'not_found', 'Session not found.');
  }
}

export async function endOtherSessions(
  db: ModuleExecutor<'accounts'>,
  userId: string,
  keptSessionId: string,
): Promise<void> {
  await revokeOtherSessions(db, userId, keptSessionId, new Date());
}
