import type { Executor } from '../../db/columns';
import { toUser, type User } from '../accounts/users.repository';

export async function insertSession(
  db: Executor,
  session: {
    id: string;
    userId: string;
    tokenHash: string;
    createdAt: number;
    expiresAt: number;
    userAgent: string | null;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      token_hash: session.tokenHash,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      revoked_at: null,
      user_agent: session.userAgent,
    })
    .execute();
}

/** The session and its user, when the session is unrevoked, unexpired and the user active. */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  now: number,
): Promise<{ sessionId: string; user: User } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.id as session_id')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('users.is_active', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, ...userRow } = row;
  return { sessionId: session_id, user: toUser(userRow) };
}

export async function revokeSession(db: Executor, sessionId: string, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
